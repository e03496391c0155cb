import Foundation
import SQLiteCodable
import Testing

/// Staff and their managers, in one table: the self-join.
private struct Employee: Record, Equatable {
    static let columnMapping = ["managerID": "manager_id"]
    var id: Int64?
    var name: String
    var managerID: Int64?
}

/// A third table for books: who published them.
private struct Publisher: Record, Equatable {
    var id: Int64?
    var name: String
}

/// Books with an optional publisher.
private struct Edition: Record, Equatable {
    static let columnMapping = ["bookID": "book_id", "publisherID": "publisher_id"]
    var id: Int64?
    var bookID: Int64
    var publisherID: Int64?
    var year: Int
}

/// Two small tables for the kinds of join: left values 1, 2, 3 and right values 2, 3, 4, joined
/// on equal values.
private struct Left: Record, Equatable {
    var id: Int64?
    var value: Int
}

private struct Right: Record, Equatable {
    var id: Int64?
    var value: Int
}

@Suite("Record joins: aliases, kinds, several tables")
struct RecordJoinQueryTests {
    private static let id = SQLExpression<Int64>("id")
    private static let name = SQLExpression<String>("name")
    private static let managerID = SQLExpression<Int64?>("manager_id")
    private static let value = SQLExpression<Int>("value")

    private func staff() throws -> Connection {
        let db = try Connection()
        try db.createTable(for: Employee.self)
        try db.insertMany([
            Employee(id: 1, name: "Ada", managerID: nil), Employee(id: 2, name: "Brian", managerID: 1),
            Employee(id: 3, name: "Carol", managerID: 1), Employee(id: 4, name: "Dan", managerID: 3),
        ])
        return db
    }

    @Test("a self-join with aliases pairs each employee with their manager")
    func selfJoin() throws {
        let db = try staff()
        let e = Employee.alias("e")
        let m = Employee.alias("m")
        let join = e.join(.leftOuter, m, on: e[Self.managerID] == m[Self.id]).order(e[Self.name])
        #expect(
            join.sql
                == #"SELECT "e".*, "m".* FROM "employee" AS "e" LEFT OUTER JOIN "employee" AS "m""#
                + #" ON ("e"."manager_id" = "m"."id") ORDER BY "e"."name""#)
        let rows = try join.fetchAll(Employee.self, Employee.self, in: db)
        #expect(rows.map { $0.0?.name } == ["Ada", "Brian", "Carol", "Dan"])
        #expect(rows.map { $0.1?.name } == [nil, "Ada", "Ada", "Carol"])
        // Each side is a whole record of its own columns.
        #expect(rows[3].0 == Employee(id: 4, name: "Dan", managerID: 3))
        #expect(rows[3].1 == Employee(id: 3, name: "Carol", managerID: 1))
    }

    @Test("an inner self-join filters through either alias")
    func selfJoinFiltered() throws {
        let db = try staff()
        let e = Employee.alias("e")
        let boss = Employee.alias("boss")
        let reports = try e.join(.inner, boss, on: e[Self.managerID] == boss[Self.id])
            .filter(boss[Self.name] == "Ada")
            .order(e[Self.name].desc)
            .fetchAll(Employee.self, Employee.self, in: db)
        #expect(reports.map { $0.0?.name } == ["Carol", "Brian"])
        #expect(reports.allSatisfy { $0.1?.name == "Ada" })
    }

    @Test(
        "each kind of join returns the rows SQLite gives, nil for a missing side",
        arguments: [
            (JoinType.inner, ["2=2", "3=3"]),
            (.leftOuter, ["1=nil", "2=2", "3=3"]),
            (.rightOuter, ["2=2", "3=3", "nil=4"]),
            (.fullOuter, ["1=nil", "2=2", "3=3", "nil=4"]),
        ])
    func kinds(type: JoinType, expected: [String]) throws {
        let db = try Connection()
        try db.createTable(for: Left.self)
        try db.createTable(for: Right.self)
        try db.insertMany([1, 2, 3].map { Left(value: $0) })
        try db.insertMany([2, 3, 4].map { Right(value: $0) })
        let l = Left.alias("l")
        let r = Right.alias("r")
        let rows = try l.join(type, r, on: l[Self.value] == r[Self.value]).fetchAll(Left.self, Right.self, in: db)
        let described = rows.map { row in
            "\(row.0.map { "\($0.value)" } ?? "nil")=\(row.1.map { "\($0.value)" } ?? "nil")"
        }
        #expect(described.sorted() == expected)
    }

    @Test("a cross join pairs every row with every row")
    func cross() throws {
        let db = try Connection()
        try db.createTable(for: Left.self)
        try db.createTable(for: Right.self)
        try db.insertMany([1, 2].map { Left(value: $0) })
        try db.insertMany([7, 8, 9].map { Right(value: $0) })
        let join = Left.alias().join(.cross, Right.alias())
        #expect(join.sql == #"SELECT "left".*, "right".* FROM "left" CROSS JOIN "right""#)
        let rows = try join.fetchAll(Left.self, Right.self, in: db)
        #expect(rows.count == 6)
        #expect(Set(rows.map { "\($0.0?.value ?? 0)x\($0.1?.value ?? 0)" }).count == 6)
    }

    @Test("three tables join into triples, with a left join giving nil")
    func threeTables() throws {
        let db = try Connection()
        try db.createTable(for: Author.self)
        try db.createTable(for: Book.self)
        try db.createTable(for: Publisher.self)
        try db.createTable(for: Edition.self)
        try db.insertMany([Author(id: 1, name: "Le Guin"), Author(id: 2, name: "Borges")])
        try db.insertMany([
            Book(id: 1, authorID: 1, title: "Earthsea"), Book(id: 2, authorID: 2, title: "Ficciones"),
        ])
        try db.insert(Publisher(id: 1, name: "Parnassus"))
        try db.insertMany([
            Edition(bookID: 1, publisherID: 1, year: 1968), Edition(bookID: 2, publisherID: nil, year: 1944),
        ])
        let year = SQLExpression<Int>("year")
        let ed = Edition.alias("ed")
        let p = Publisher.alias("p")
        let bookID: SQLExpression<Int64> = ed.column("book_id")
        let publisherID: SQLExpression<Int64?> = ed.column("publisher_id")
        let join = ed.join(.inner, Book.self, on: bookID == Book.alias()[Self.id])
            .join(.inner, Author.self, on: Book.foreignKey("author_id", to: Author.self))
            .join(.leftOuter, p, on: publisherID == p[Self.id])
            .order(ed[year])
        // A join kept in a variable goes on growing.
        let books = ed.join(.inner, Book.self, on: bookID == Book.alias()[Self.id])
        let withAuthors = books.join(.inner, Author.self, on: Book.foreignKey("author_id", to: Author.self))
            .order(ed[year])
        let triples = try withAuthors.fetchAll(Edition.self, Book.self, Author.self, in: db)
        #expect(triples.map { $0.2?.name } == ["Borges", "Le Guin"])
        // Record types that are not the join's tables are an error naming both lists.
        #expect {
            try withAuthors.fetchAll(Edition.self, Author.self, Book.self, in: db)
        } throws: { error in
            "\(error)".contains(#"the join's tables are ["edition", "book", "author"]"#)
        }
        let rows = try join.fetchAll(Edition.self, Book.self, Author.self, Publisher.self, in: db)
        #expect(rows.count == 2)
        #expect(rows[0].0?.year == 1944)
        #expect(rows[0].1?.title == "Ficciones")
        #expect(rows[0].2?.name == "Borges")
        #expect(rows[0].3 == nil)
        #expect(rows[1].1?.title == "Earthsea")
        #expect(rows[1].2?.name == "Le Guin")
        #expect(rows[1].3?.name == "Parnassus")
        let first = try join.fetchOne(Edition.self, Book.self, Author.self, Publisher.self, in: db)
        #expect(first?.0?.year == 1944)
        let second = try join.limit(1, offset: 1).fetchAll(Edition.self, Book.self, Author.self, Publisher.self, in: db)
        #expect(second.map { $0.1?.title } == ["Earthsea"])
    }

    @Test("a table joined to itself without an alias is an error naming it, not a crash")
    func ambiguousSides() throws {
        let db = try staff()
        let join = Employee.alias().join(.inner, Employee.self, on: SQLExpression<Bool>(literal: "1"))
        #expect {
            try join.fetchAll(Employee.self, Employee.self, in: db)
        } throws: { error in
            "\(error)".contains(#"two tables "employee""#) && "\(error)".contains("alias")
        }
    }

    @Test("values in conditions are bound, identifiers quoted")
    func bound() throws {
        let db = try staff()
        let e = Employee.alias(#"e"x"#)
        let m = Employee.alias("m")
        let hostile = "Ada' OR 1=1 --"
        let join = e.join(.inner, m, on: e[Self.managerID] == m[Self.id]).filter(m[Self.name] == hostile)
        #expect(join.sql.contains(#""e""x""#))
        #expect(join.sql.contains(#"'Ada'' OR 1=1 --'"#))
        #expect(try join.fetchAll(Employee.self, Employee.self, in: db).isEmpty)
    }

    @Test("a join run again after a column was added to one side reads each column of its own")
    func schemaChange() throws {
        let db = try staff()
        let e = Employee.alias("e")
        let m = Employee.alias("m")
        let join = e.join(.inner, m, on: e[Self.managerID] == m[Self.id]).order(e[Self.name])
        let before = try join.fetchAll(Employee.self, Employee.self, in: db)
        #expect(before.map { $0.1?.name } == ["Ada", "Ada", "Carol"])
        // A column before the others would shift every later column of the cached statement.
        try db.execute("ALTER TABLE employee RENAME TO old_employee")
        try db.execute(
            "CREATE TABLE employee (badge TEXT, id INTEGER PRIMARY KEY, name TEXT NOT NULL, manager_id INTEGER)")
        try db.execute(
            "INSERT INTO employee (badge, id, name, manager_id) SELECT 'b', id, name, manager_id FROM old_employee")
        let after = try join.fetchAll(Employee.self, Employee.self, in: db)
        #expect(after.map { $0.0?.name } == ["Brian", "Carol", "Dan"])
        #expect(after.map { $0.1?.name } == ["Ada", "Ada", "Carol"])
        #expect(after.map { $0.0?.managerID } == [1, 1, 3])
    }

    /// Fills `writer` with two employees, blocking.
    private func fill(_ writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.createTable(for: Employee.self)
            try db.insertMany([Employee(id: 1, name: "Ada"), Employee(id: 2, name: "Brian", managerID: 1)])
        }
    }

    @Test("a join reads inside the read closures of a queue and a pool, async and blocking")
    func throughQueueAndPool() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pool = try DatabasePool(.uri(directory.appendingPathComponent("staff.sqlite").path))
        let queue = try DatabaseQueue()
        try fill(pool)
        try fill(queue)
        let e = Employee.alias("e")
        let m = Employee.alias("m")
        let join = e.join(.inner, m, on: e[Self.managerID] == m[Self.id])
        let pooled = try await pool.read { db in try join.fetchAll(Employee.self, Employee.self, in: db) }
        #expect(pooled.map { "\($0.0?.name ?? "")>\($0.1?.name ?? "")" } == ["Brian>Ada"])
        let queued = try await queue.read { db in try join.fetchAll(Employee.self, Employee.self, in: db) }
        #expect(queued.map { $0.1?.name } == ["Ada"])
        let first = try await queue.read { db in try join.fetchOne(Employee.self, Employee.self, in: db) }
        #expect(first?.0?.name == "Brian")
        try pool.close()
        try queue.close()
    }
}
