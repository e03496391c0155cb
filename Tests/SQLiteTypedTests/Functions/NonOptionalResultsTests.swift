import SQLiteTyped
import Testing

/// SQLite.swift's non-optional result types for `LIKE`, `MATCH`, `IN` and `??` on optional
/// operands, chosen only where the program names that type.
@Suite struct NonOptionalResultsTests {
    let users = Table("users")
    let id = Expression<Int64>("id")
    let name = Expression<String?>("name")
    let nick = Expression<String?>("nick")
    let age = Expression<Int?>("age")

    func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, nick TEXT, age INTEGER);
            INSERT INTO users VALUES (1, 'Alice', NULL, 30), (2, NULL, 'bee', NULL), (3, 'Cathy', 'cat', 25);
            """)
        return db
    }

    @Test func optionalByDefault() {
        let like = name.like("A%")
        let match = name.match("alice")
        let inList = [25, 30].contains(age)
        let either = name ?? nick
        #expect(type(of: like) == Expression<Bool?>.self)
        #expect(type(of: match) == Expression<Bool?>.self)
        #expect(type(of: inList) == Expression<Bool?>.self)
        #expect(type(of: either) == Expression<String?>.self)
    }

    @Test func nonOptionalWhereNamed() throws {
        let db = try database()
        let like: Expression<Bool> = name.like("A%")
        let likeColumn: Expression<Bool> = name.like(Expression<String>("name"))
        let match: Expression<Bool> = name.match("alice")
        let inList: Expression<Bool> = [25, 30].contains(age)
        let either: Expression<String> = name ?? nick
        #expect(like.asSQL() == #"("name" LIKE 'A%')"#)
        #expect(likeColumn.asSQL() == #"("name" LIKE "name")"#)
        #expect(match.asSQL() == #"("name" MATCH 'alice')"#)
        #expect(inList.asSQL() == #"("age" IN (25, 30))"#)
        #expect(either.asSQL() == #"ifnull("name", "nick")"#)
        #expect(try db.prepare(users.filter(like)).map { $0[id] } == [1])
        #expect(try db.prepare(users.filter(inList).order(id)).map { $0[id] } == [1, 3])
        #expect(try db.prepare(users.select(either).order(id)).map { $0[either] } == ["Alice", "bee", "Cathy"])
    }
}
