import SQLiteTyped
import Testing

@Suite struct OperatorTests {
    static let id = Doc.id
    static let age = Doc.age
    static let balance = Doc.balance
    static let name = Doc.name
    static let email = Doc.email
    static let verified = Doc.verified
    static let optionalFlag = Expression<Bool?>("flag")

    static let cases: [(Expressible, String)] = [
        (id + 1, #"("id" + 1)"#),
        (id - 1, #"("id" - 1)"#),
        (id * 2, #"("id" * 2)"#),
        (balance / 2.0, #"("balance" / 2.0)"#),
        (id % 2, #"("id" % 2)"#),
        (id << 1, #"("id" << 1)"#),
        (id >> 1, #"("id" >> 1)"#),
        (id & 3, #"("id" & 3)"#),
        (id | 3, #"("id" | 3)"#),
        (id ^ 3, #"(~(("id" & 3)) & ("id" | 3))"#),
        (~id, #"~("id")"#),
        (-balance, #"-("balance")"#),
        (age + 1, #"("age" + 1)"#),
        (1 + id, #"(1 + "id")"#),
        (age + age, #"("age" + "age")"#),
        (email + "!", #"("email" || '!')"#),
        (name + email, #"("name" || "email")"#),
        (id == 1, #"("id" = 1)"#),
        (id != 1, #"("id" != 1)"#),
        (name == nil, #"("name" IS NULL)"#),
        (name != nil, #"("name" IS NOT NULL)"#),
        (name == "Alice", #"("name" = 'Alice')"#),
        (id > 1, #"("id" > 1)"#),
        (id >= 1, #"("id" >= 1)"#),
        (id < 1, #"("id" < 1)"#),
        (id <= 1, #"("id" <= 1)"#),
        (id === 1, #"("id" IS 1)"#),
        (id !== 1, #"("id" IS NOT 1)"#),
        (name === nil, #"("name" IS NULL)"#),
        (name !== nil, #"("name" IS NOT NULL)"#),
        (name === "Alice", #"("name" IS 'Alice')"#),
        (name !== Optional("Alice"), #"("name" IS NOT 'Alice')"#),
        (nil === name, #"(NULL IS "name")"#),
        ("Alice" !== name, #"('Alice' IS NOT "name")"#),
        (age === Doc.age, #"("age" IS "age")"#),
        (1...5 ~= id, #""id" BETWEEN 1 AND 5"#),
        (1..<5 ~= id, #""id" >= 1 AND "id" < 5"#),
        (...5 ~= id, #""id" <= 5"#),
        (..<5 ~= id, #""id" < 5"#),
        (1... ~= id, #""id" >= 1"#),
        (verified && id == 1, #"("verified" AND ("id" = 1))"#),
        (verified || balance >= 10_000, #"("verified" OR ("balance" >= 10000.0))"#),
        (!verified, #"NOT ("verified")"#),
        (optionalFlag && true, #"("flag" AND 1)"#),
        (and(verified, id == 1, id > 0), #"("verified" AND ("id" = 1) AND ("id" > 0))"#),
        (or(verified, id == 1), #"("verified" OR ("id" = 1))"#),
        ([1, 2, 3, 4, 5].contains(id), #"("id" IN (1, 2, 3, 4, 5))"#),
        (["JR", "SR"].contains(name), #"("name" IN ('JR', 'SR'))"#),
        (name ?? "anonymous", #"ifnull("name", 'anonymous')"#),
        (name ?? email, #"ifnull("name", "email")"#),
        (email.like("%@mac.com"), #"("email" LIKE '%@mac.com')"#),
        (email.like("100\\%", escape: "\\"), #"("email" LIKE '100\%' ESCAPE '\')"#),
        (email.glob("*@mac.com"), #"("email" GLOB '*@mac.com')"#),
        (email.match("alice"), #"("email" MATCH 'alice')"#),
        (email.regexp("^a"), #"("email" REGEXP '^a')"#),
        (name.collate(.nocase), #"("name" COLLATE NOCASE)"#),
        (name.collate(.custom("NODIACRITIC")), #"("name" COLLATE "NODIACRITIC")"#),
        (verified && name.lowercaseString == "alice", #"("verified" AND (lower("name") = 'alice'))"#),
    ]

    @Test(arguments: cases)
    func rendersDocumentedSQL(_ expression: Expressible, _ sql: String) {
        #expect(expression.asSQL() == sql)
    }

    @Test func operatorsEvaluateInSQLite() throws {
        let db = try Doc.populated()
        let users = Doc.users
        let id = Self.id
        #expect(try db.scalar(users.filter(id ^ 3 == 2).select(id)) == 1)
        #expect(try db.scalar(users.filter(1...2 ~= id).count) == 2)
        #expect(try db.scalar(users.filter(Self.name == nil).select(id)) == 3)
        #expect(try db.scalar(users.filter([1, 3].contains(id)).count) == 2)
        #expect(try db.scalar(users.filter(Self.name.lowercaseString == "alice").select(id)) == 1)
        #expect(try db.scalar(users.filter(id == 3).select(Self.name ?? "anonymous")) == "anonymous")
        #expect(try db.scalar(users.filter(id == 2).select(~id)) == ~2)
        // `IS` and `IS NOT` against nil and against values, NULL-safe.
        let nobody: String? = nil
        #expect(try db.scalar(users.filter(Self.name === nil).select(id)) == 3)
        #expect(try db.scalar(users.filter(Self.name === nobody).select(id)) == 3)
        #expect(try db.scalar(users.filter(nil === Self.name).count) == 1)
        #expect(try db.scalar(users.filter(Self.name !== nil).count) == 2)
        #expect(try db.scalar(users.filter(Self.name !== "Alice").count) == 2)
        #expect(try db.scalar(users.filter(Self.name === "Betty").select(id)) == 2)
    }
}
