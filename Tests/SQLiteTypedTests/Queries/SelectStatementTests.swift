import SQLiteTyped
import Testing

@Suite struct SelectStatementTests {
    let users = Doc.users
    let id = Doc.id
    let email = Doc.email
    let name = Doc.name

    @Test func existsRendersAndReads() throws {
        let all: Select<Bool> = users.exists
        #expect(all.asSQL() == #"SELECT EXISTS (SELECT * FROM "users")"#)
        let alice = users.filter(email == "alice@mac.com").exists
        #expect(alice.asSQL() == #"SELECT EXISTS (SELECT * FROM "users" WHERE ("email" = 'alice@mac.com'))"#)
        #expect(alice.template == #"SELECT EXISTS (SELECT * FROM "users" WHERE ("email" = ?))"#)
        let db = try Doc.populated()
        #expect(try db.scalar(alice) == true)
        #expect(try db.scalar(users.filter(email == "nobody@mac.com").exists) == false)
        #expect(try db.scalar(users.select(id).filter(name == nil).exists) == true)
        try db.run(users.delete())
        #expect(try db.scalar(users.exists) == false)
        // The `exists(_:)` function is the same test inside a condition.
        #expect(
            users.filter(exists(Doc.posts)).asSQL() == #"SELECT * FROM "users" WHERE EXISTS (SELECT * FROM "posts")"#)
    }

    @Test func selectStatementsOfOtherTypes() throws {
        let db = try Doc.populated()
        let count = Select<Int64>("SELECT count(*) FROM users WHERE id > ?", [1])
        #expect(try db.scalar(count) == 2)
        let missing = Select<String?>("SELECT name FROM users WHERE id = ?", [3])
        #expect(try db.scalar(missing) == nil)
        let present = Select<String?>("SELECT name FROM users WHERE id = ?", [1])
        #expect(try db.scalar(present) == "Alice")
        let nullName = Select<String>("SELECT name FROM users WHERE id = 3", [])
        #expect(throws: QueryError.unexpectedNullValue(name: nullName.template)) { try db.scalar(nullName) }
        let wrongType = Select<Int64>("SELECT email FROM users WHERE id = 1", [])
        #expect(throws: ColumnTypeMismatch.self) { try db.scalar(wrongType) }
    }
}
