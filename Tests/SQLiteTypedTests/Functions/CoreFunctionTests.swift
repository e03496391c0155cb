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
        (Expression<Int>.random(), "random()"),
        ("alice@mac.com".like(email), #"('alice@mac.com' LIKE "email")"#),
        ("100%".like(email, escape: "\\"), #"('100%' LIKE "email" ESCAPE '\')"#),
        (Expression<Blob>.random(16), "randomblob(16)"),
        (Expression<Blob>.allZeros(4), "zeroblob(4)"),
        (data.length, #"length("data")"#),
        (Expression<Blob?>("data").length, #"length("data")"#),
        (Expression<Data>.random(16), "randomblob(16)"),
        (Expression<Data>.allZeros(4), "zeroblob(4)"),
        (Expression<Data>("data").length, #"length("data")"#),
        (Expression<Data?>("data").length, #"length("data")"#),
        (Collation.nocase, "NOCASE"),
        (Collation.custom("NODIACRITIC"), #""NODIACRITIC""#),
        (email.length, #"length("email")"#),
        (name.length, #"length("name")"#),
        (email.lowercaseString, #"lower("email")"#),
        (email.uppercaseString, #"upper("email")"#),
        (email.ltrim(), #"ltrim("email")"#),
        (email.rtrim(["x"]), #"rtrim("email", 'x')"#),
        (email.trim(), #"trim("email")"#),
        (email.replace("@", with: " at "), #"replace("email", '@', ' at ')"#),
        (email.substring(1, length: 3), #"substr("email", 1, 3)"#),
        (email[1..<4], #"substr("email", 1, 3)"#),
        (email.substring(in: 0..<3), #"substr("email", 1, 3)"#),
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
        #expect(try db.scalar(alice.select(Self.email[1..<6])) == "alice")
        #expect(try db.scalar(alice.select(Self.email.substring(in: 0..<5))) == "alice")
        #expect(try db.scalar(alice.select(Self.email.replace("@", with: " at "))) == "alice at mac.com")
        #expect(try db.scalar(alice.select(Self.name.length)) == 5)
        #expect(try db.scalar(alice.select((-Self.balance).absoluteValue)) == 100)
        #expect(try db.scalar(alice.select(caseWhen([(Self.balance > 50, "rich")], else: "poor"))) == "rich")
        #expect(try db.scalar(Doc.users.select(Self.email.groupConcat("|"))) != nil)
        #expect(try db.scalar(Expression<Blob>.random(8)).bytes.count == 8)
        #expect(try db.scalar(Expression<Data>.random(8)).count == 8)
        #expect(try db.scalar(Expression<Data>.allZeros(3)) == Data([0, 0, 0]))
        #expect(try db.scalar(Expression<Data>.allZeros(5).length) == 5)
    }

    @Test func randomIntegersOfEveryIntegerType() throws {
        let db = try Connection()
        let int: Int = try db.scalar(Expression<Int>.random())
        let int64: Int64 = try db.scalar(Expression<Int64>.random())
        // Two random 64-bit integers; equal ones are possible but (2^-64) unlikely.
        #expect(Int64(int) != int64)
        let numbers = Table("numbers")
        let n = Expression<Int>("n")
        try db.run(numbers.create { t in t.column(n) })
        try db.run(numbers.insert(n <- Expression<Int>.random()))
        #expect(try db.scalar(numbers.select(n.count)) == 1)
    }

    @Test func stringLikeAPatternColumn() throws {
        let db = try Connection()
        let rules = Table("rules")
        let pattern = Expression<String>("pattern")
        try db.run(rules.create { t in t.column(pattern) })
        try db.run(rules.insertMany([pattern <- "%@mac.com"], [pattern <- "%@icloud.com"], [pattern <- "100\\%"]))
        let matching = rules.select(pattern).filter("alice@mac.com".like(pattern))
        #expect(matching.asSQL() == #"SELECT "pattern" FROM "rules" WHERE ('alice@mac.com' LIKE "pattern")"#)
        #expect(try db.prepareRowIterator(matching).map { $0[pattern] } == ["%@mac.com"])
        #expect(try db.scalar(rules.filter("100%".like(pattern, escape: "\\")).count) == 1)
        #expect(try db.scalar(rules.filter("100x".like(pattern, escape: "\\")).count) == 0)
    }
}
