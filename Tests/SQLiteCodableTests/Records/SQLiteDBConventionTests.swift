import Foundation
import SQLiteCodable
import Testing

/// SQLiteDB's `SQLTable` models: plural table names, `id = -1` for new rows, `row(number:)`.
/// SQLiteDB's finders run on the type's database: this suite's type uses one connection,
/// emptied by each test, so the suite runs serialized.
@Suite("Records: SQLiteDB's conventions (plural tables, id -1) and row(number:filter:order:)", .serialized)
struct SQLiteDBConventionTests {
    /// SQLiteDB's `Category: SQLTable { var id = -1; var name = "" }`.
    struct Category: Record {
        static var database: RecordDatabase? { SQLiteDBConventionTests.connection.map { RecordDatabase($0) } }
        static var tableName: String { pluralTableName }
        static let primaryKey = RecordKey.autoIncrement("id", newRecordMarker: -1)
        static let createsTableOnFirstUse = true
        var id = -1
        var name = ""
        var count = 0
    }

    let name = SQLExpression<String>("name")
    let count = SQLExpression<Int>("count")

    /// The database of the suite's type.
    static let connection = try? Connection()

    /// The suite's connection, without the table of `Category` (made again at its first use).
    func database() throws -> Connection {
        let db = try #require(Self.connection)
        try Category.dropTable()
        return db
    }

    @Test("a model with id -1 saves as an insert and gets its id, then saves again as an update")
    func newRecordMarker() throws {
        let db = try database()
        let trace = Locked<[String]>([])
        db.trace { sql in trace.withLock { $0.append(sql) } }
        defer { db.trace(nil) }
        var category = Category()
        category.name = "My New Category"
        try db.save(&category)
        #expect(category.id == 1)
        #expect(trace.withLock { $0 }.contains { $0.hasPrefix(#"INSERT INTO "Categories" ("name", "count")"#) })

        category.name = "Renamed"
        try db.save(&category)
        #expect(category.id == 1)
        #expect(trace.withLock { $0 }.contains { $0.hasPrefix(#"UPDATE "Categories" SET"#) })
        #expect(try Category.count(in: db) == 1)
        #expect(try Category.find(1, in: db)?.name == "Renamed")

        var second = Category(id: -1, name: "Second", count: 2)
        try second.insert()
        #expect(second.id == 2)
        try Category.insertBatch([Category(name: "Third"), Category(id: 0, name: "Fourth")])
        #expect(try Category.fetchAll(in: db).map(\.id) == [1, 2, 3, 4])
        // 0 still means "new" too (Fourth); the table is the plural of the type name.
        #expect(try db.scalar(#"SELECT name FROM sqlite_master WHERE type = 'table'"#) as? String == "Categories")
    }

    @Test("without the marker, -1 is an ordinary key value")
    func withoutMarker() throws {
        struct Plain: Record {
            static let createsTableOnFirstUse = true
            var id = -1
            var name = ""
        }
        let db = try Connection()
        var plain = Plain(name: "kept")
        try db.save(&plain)
        #expect(plain.id == -1)
        #expect(Plain.tableName == "plain")
    }

    @Test(
        "the plural of a type name, as SQLiteDB's SQLTable names tables",
        arguments: [
            ("Category", "Categories"), ("Company", "Companies"), ("Task", "Tasks"), ("Day", "Days"),
            ("Key", "Keys"), ("Box", "Boxes"), ("Bus", "Buses"), ("Church", "Churches"), ("Dish", "Dishes"),
            ("Buzz", "Buzzes"), ("Photo", "Photos"), ("BOX", "BOXes"), ("Y", "Ys"), ("", ""),
        ])
    func plural(name: String, plural: String) {
        #expect(RecordNaming.plural(name) == plural)
    }

    @Test("findRow(_:filter:orders:) is the 0-based nth row of a filtered, ordered query; nil past the end")
    func rowNumberTyped() throws {
        let db = try database()
        for (index, label) in ["d", "b", "a", "c", "e"].enumerated() {
            var category = Category(name: label, count: index)
            try db.save(&category)
        }
        #expect(try Category.findRow(0, filter: count > 0, orders: [name.asc])?.name == "a")
        // count > 0 leaves b, a, c, e (d has count 0): a, b, c, e in name order.
        #expect(try Category.findRow(2, filter: count > 0, orders: [name.asc])?.name == "c")
        #expect(try Category.findRow(3, filter: count > 0, orders: [name.asc])?.name == "e")
        #expect(try Category.findRow(4, filter: count > 0, orders: [name.asc]) == nil)
        #expect(try Category.findRow(1, filter: nil, orders: [name.desc])?.name == "d")
        #expect(try Category.findRow(0, filter: name == "c")?.count == 3)
        #expect(try Category.findRow(-1, filter: count > 0) == nil)
    }

    @Test("findRow(_:sqlWhere:parameters:orders:): values bound, order columns checked and quoted")
    func rowNumberSQL() throws {
        let db = try database()
        for (index, label) in ["d", "b", "a", "c", "e"].enumerated() {
            var category = Category(name: label, count: index)
            try db.save(&category)
        }
        let trace = Locked<[String]>([])
        db.trace { sql in trace.withLock { $0.append(sql) } }
        defer { db.trace(nil) }
        let row = try Category.findRow(1, sqlWhere: "count >= ?", parameters: [2], orders: ["name": false])
        #expect(row?.name == "c")
        #expect(
            trace.withLock { $0 }.last
                == #"SELECT * FROM "Categories" WHERE (count >= 2) ORDER BY "name" DESC LIMIT 1 OFFSET 1"#)
        #expect(try Category.findRow(4, sqlWhere: "", orders: ["id": true])?.name == "e")
        #expect(try Category.findRow(5, sqlWhere: "") == nil)
        #expect(try Category.findRow(-1, sqlWhere: "") == nil)
        #expect(throws: RecordError.self) { try Category.findRow(0, sqlWhere: "", orders: ["nope": true]) }
    }
}
