import Foundation
import SQLiteCodable
import Testing

@Suite("Joins across records")
struct RecordJoinTests {
    func database() throws -> Connection {
        let db = try Connection()
        try db.createTable(for: Author.self)
        try db.createTable(for: Book.self)
        var leGuin = Author(name: "Le Guin")
        var borges = Author(name: "Borges")
        var nobody = Author(name: "Nobody")
        try db.save(&leGuin)
        try db.save(&borges)
        try db.save(&nobody)
        try db.insertMany([
            Book(authorID: 1, title: "The Dispossessed"), Book(authorID: 1, title: "Earthsea"),
            Book(authorID: 2, title: "Ficciones"),
        ])
        return db
    }

    @Test("an inner join returns typed pairs")
    func inner() throws {
        let db = try database()
        let title: SQLExpression<String> = Book.column("title")
        let pairs = try Book.alias().join(.inner, Author.self, on: Book.foreignKey("author_id", to: Author.self))
            .order(title.asc).fetchAll(Book.self, Author.self, in: db)
        #expect(
            pairs.map { "\($0.0?.title ?? "")/\($0.1?.name ?? "")" } == [
                "Earthsea/Le Guin", "Ficciones/Borges", "The Dispossessed/Le Guin",
            ])
    }

    @Test("a left outer join gives nil for a missing child")
    func outer() throws {
        let db = try database()
        let authorName: SQLExpression<String> = Author.column("name")
        let title: SQLExpression<String?> = Book.column("title")
        let rows = try Author.alias().join(.leftOuter, Book.self, on: Book.foreignKey("author_id", to: Author.self))
            .order(authorName.asc, title.asc).fetchAll(Author.self, Book.self, in: db)
        #expect(rows.map { $0.0?.name } == ["Borges", "Le Guin", "Le Guin", "Nobody"])
        #expect(rows.map { $0.1?.title } == ["Ficciones", "Earthsea", "The Dispossessed", nil])
    }

    @Test("filters and limits apply to the join")
    func filtered() throws {
        let db = try database()
        let authorName: SQLExpression<String> = Author.column("name")
        let log = StatementLog(db)
        let pairs = try Book.alias().join(.inner, Author.self, on: Book.foreignKey("author_id", to: Author.self))
            .filter(authorName == "Borges").limit(5).fetchAll(Book.self, Author.self, in: db)
        db.trace(nil)
        #expect(pairs.map { $0.0?.title } == ["Ficciones"])
        // The join, then the reading of the left table's columns (once it started).
        #expect(
            log.statements.contains(
                #"SELECT "book".*, "author".* FROM "book" INNER JOIN "author" ON ("book"."author_id" = "author"."id")"#
                    + #" WHERE ("author"."name" = 'Borges') LIMIT 5"#))
    }
}
