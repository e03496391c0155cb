import SQLiteTyped
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Foundation has its own `Expression`; this file means SQLiteTyped's.
private typealias Expression = SQLiteTyped.Expression

@Suite struct CoreFunctionTests {
    static let name = Doc.name
    static let email = Doc.email
    static let balance = Doc.balance
    static let data = Expression<Blob>("data")

    static let cases: [(Expressible, String)] = [
        (balance.absoluteValue, #"abs("balance")"#),
        (balance.round(), #"round("balance")"#),
        (balance.round(2), #"round("balance", 2)"#),
        (Expression<Int64>.random(), "random()"),
        (Expression<Blob>.random(16), "randomblob(16)"),
        (Expression<Blob>.allZeros(4), "zeroblob(4)"),
        (data.length, #"length("data")"#),
        (email.length, #"length("email")"#),
        (name.length, #"length("name")"#),
        (email.lowercaseString, #"lower("email")"#),
        (email.uppercaseString, #"upper("email")"#),
        (email.ltrim(), #"ltrim("email")"#),
        (email.rtrim(["x"]), #"rtrim("email", 'x')"#),
        (email.trim(), #"trim("email")"#),
        (email.replace("@", with: " at "), #"replace("email", '@', ' at ')"#),
        (email.substring(1, length: 3), #"substr("email", 1, 3)"#),
        (email[0..<3], #"substr("email", 1, 3)"#),
        (email.instr("@"), #"instr("email", '@')"#),
        (email.typeof, #"typeof("email")"#),
        (coalesce(name, Expression<String?>("nickname")), #"coalesce("name", "nickname")"#),
        (nullif(email, "x"), #"nullif("email", 'x')"#),
        (
            iif(balance > 0, then: email, else: Expression<String>(value: "broke")),
            #"iif(("balance" > 0.0), "email", 'broke')"#
        ),
        (
            caseWhen([(balance > 100, "rich")], else: "poor"),
            #"CASE WHEN ("balance" > 100.0) THEN 'rich' ELSE 'poor' END"#
        ),
        (email.groupConcat(), #"group_concat("email", ',')"#),
    ]

    @Test(arguments: cases)
    func rendersSQL(_ expression: Expressible, _ sql: String) {
        #expect(expression.asSQL() == sql)
    }

    @Test func evaluate() throws {
        let db = try Doc.populated()
        let alice = Doc.users.filter(Doc.id == 1)
        #expect(try db.scalar(alice.select(Self.email.uppercaseString)) == "ALICE@MAC.COM")
        #expect(try db.scalar(alice.select(Self.email[0..<5])) == "alice")
        #expect(try db.scalar(alice.select(Self.email.replace("@", with: " at "))) == "alice at mac.com")
        #expect(try db.scalar(alice.select(Self.name.length)) == 5)
        #expect(try db.scalar(alice.select((-Self.balance).absoluteValue)) == 100)
        #expect(try db.scalar(alice.select(caseWhen([(Self.balance > 50, "rich")], else: "poor"))) == "rich")
        #expect(try db.scalar(Doc.users.select(Self.email.groupConcat("|"))) != nil)
        #expect(try db.scalar(Expression<Blob>.random(8)).bytes.count == 8)
    }
}
