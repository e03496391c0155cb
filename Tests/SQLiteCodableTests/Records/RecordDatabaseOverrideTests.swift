import Foundation
import SQLiteCodable
import Testing

/// Types that name their own database: by name (registered under a name of this suite's own,
/// so that suites running at the same time do not meet) or by value.
@Suite("Records: named and per-type databases")
struct RecordDatabaseOverrideTests {
    /// A record living in the database registered as "record-tests.audit".
    struct AuditEntry: Record, Equatable {
        static let databaseName: String? = "record-tests.audit"
        var id: Int64 = 0
        var event: String
    }

    /// A record living in a queue of its own.
    struct Pinned: Record, Equatable {
        static let queue = Swift.Result<DatabaseQueue, any Error> { try DatabaseQueue() }
        static var database: RecordDatabase? { (try? queue.get()).map { RecordDatabase($0) } }
        var id: Int64 = 0
        var label: String
    }

    /// A record of a named pool, used with the async forms.
    struct Reading: Record, Equatable {
        static let databaseName: String? = "record-tests.readings"
        var id: Int64 = 0
        var value: Double
    }

    @Test("a type whose databaseName is registered uses that database; unregistered, it throws naming it")
    func named() throws {
        let db = try Connection()
        RecordDatabase.register(db, named: "record-tests.audit")
        defer { RecordDatabase.unregister(named: "record-tests.audit") }
        try AuditEntry.createTable()
        var entry = AuditEntry(event: "login")
        try entry.save()
        #expect(entry.id == 1)
        #expect(try db.scalar("SELECT event FROM audit_entry") as? String == "login")
        #expect(try AuditEntry.findAll() == [entry])
        #expect(RecordDatabase.unregister(named: "record-tests.audit") != nil)
        let error = #expect(throws: RecordError.self) { try AuditEntry.findAll() }
        #expect(error == .noDatabase(type: "AuditEntry", name: "record-tests.audit"))
        #expect(message(of: error).contains("record-tests.audit"))
        RecordDatabase.register(db, named: "record-tests.audit")
        #expect(try AuditEntry.findAll().count == 1)
    }

    @Test("a type's own database is used before the named and default ones")
    func perType() throws {
        try Pinned.createTable()
        var pinned = Pinned(label: "north")
        try pinned.save()
        try Pinned.insertBatch([Pinned(label: "south")])
        #expect(try Pinned.findAll().map(\.label) == ["north", "south"])
        let queue = try Pinned.queue.get()
        #expect(try queue.read { db in try db.scalar("SELECT count(*) FROM pinned") as? Int64 } == 2)
    }

    @Test("a named pool: reads through the readers and writes through the writer")
    func namedPool() async throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let pool = try DatabasePool(path: file.path)
        defer { try? pool.close() }
        RecordDatabase.register(pool, named: "record-tests.readings")
        defer { RecordDatabase.unregister(named: "record-tests.readings") }
        try await pool.write { db in try db.createTable(for: Reading.self) }
        var reading = Reading(value: 1.5)
        try reading.save()
        try Reading.insertBatch([Reading(value: 2.5), Reading(value: 3.5)])
        #expect(try Reading.findAll().count == 3)
        #expect(try Reading.findAll(SQLExpression<Double>("value") > 2).map(\.id) == [2, 3])
        #expect(try await pool.read { db in try Reading.count(in: db) } == 3)
        // A write inside a pool read is refused: the readers are query-only.
        #expect(throws: (any Error).self) {
            try RecordDatabase.named("record-tests.readings")?.read { db in
                try db.execute("INSERT INTO reading (value) VALUES (9)")
            }
        }
    }

    @Test("a queue's closures with the primary forms, and a RecordDatabase's transaction")
    func explicit() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in try db.createTable(for: Item.self) }
        var item = Item(name: "Pen", price: 1)
        try queue.write { db in try db.save(&item) }
        #expect(try queue.read { db in try Item.find(1, in: db) } == item)
        #expect(try queue.read { db in try Item.count(in: db) } == 1)
        let database = RecordDatabase(queue)
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try database.transaction { db in
                try db.insertMany([Item(name: "Ink", price: 2)])
                var nested = Item(name: "Cap", price: 3)
                try db.save(&nested)
                throw Failure()
            }
        }
        #expect(try queue.read { db in try Item.fetchAll(in: db) }.map(\.name) == ["Pen"])
    }
}
