import Foundation
import SQLiteCodable
import Testing

@Suite("Records: tables created on first use")
struct TableOnFirstUseTests {
    /// The first version of a model.
    struct GadgetV1: Record, Equatable {
        static let tableName = "gadget"
        static let createsTableOnFirstUse = true
        var id: Int64 = 0
        var name: String
    }

    /// The model after it gained two properties.
    struct GadgetV2: Record, Equatable {
        static let tableName = "gadget"
        static let createsTableOnFirstUse = true
        static var columns: [RecordColumn] { [RecordColumn("stock", defaultValue: .value(5))] }
        var id: Int64 = 0
        var name: String
        var stock: Int
        var color: String?
    }

    /// A record saved from many threads or connections at once.
    struct Tick: Record, Equatable {
        static let createsTableOnFirstUse = true
        static var indexes: [RecordIndex] { [RecordIndex("worker", "n", unique: true)] }
        var id: Int64 = 0
        var worker: Int
        var n: Int
    }

    @Test("a model that gained a property between two runs on a file: the column is added, old rows kept")
    func modelGainsAProperty() throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        do {
            let db = try Connection(file.path)
            var old = GadgetV1(name: "old")
            try db.save(&old)
            #expect(old.id == 1)
            #expect(try columnNames("gadget", db) == ["id", "name"])
        }
        let db = try Connection(file.path)
        #expect(try GadgetV2.fetchAll(in: db) == [GadgetV2(id: 1, name: "old", stock: 5, color: nil)])
        #expect(try columnNames("gadget", db) == ["id", "name", "stock", "color"])
        var new = GadgetV2(name: "new", stock: 3, color: "red")
        try db.save(&new)
        #expect(try GadgetV2.find(2, in: db) == new)
        #expect(try GadgetV1.fetchAll(in: db).map(\.name) == ["old", "new"])
    }

    @Test("8 threads using the type on one connection for the first time at once: one table, every row")
    func threadsSharingAConnection() throws {
        let db = try Connection()
        let log = StatementLog(db)
        let errors = ThrownErrors()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for n in 0..<25 {
                errors.run {
                    var tick = Tick(worker: worker, n: n)
                    try db.save(&tick)
                }
            }
        }
        db.trace(nil)
        #expect(errors.all == [])
        #expect(try Tick.count(in: db) == 200)
        #expect(log.statements.filter { $0.hasPrefix("CREATE TABLE") }.count == 1)
        #expect(
            try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'tick'") as? Int64 == 1)
        #expect(
            try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'index' AND tbl_name = 'tick'") as? Int64
                == 1)
    }

    @Test("8 connections to one file using the type for the first time at once: one table, every row")
    func connectionsToOneFile() throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let connections = try (0..<8).map { _ in
            let db = try Connection(file.path)
            db.busyTimeout = 30
            return db
        }
        let errors = ThrownErrors()
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            for n in 0..<10 {
                errors.run {
                    var tick = Tick(worker: worker, n: n)
                    try connections[worker].save(&tick)
                }
            }
        }
        #expect(errors.all == [])
        let db = try Connection(file.path)
        #expect(try Tick.count(in: db) == 80)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE type = 'table'") as? Int64 == 1)
        #expect(try Set(Tick.fetchAll(in: db).map(\.worker)) == Set(0..<8))
    }

    @Test("on a pool, a read before any write has the writer create the table (readers are query-only)")
    func poolReadFirst() async throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let pool = try DatabasePool(path: file.path)
        defer { try? pool.close() }
        let database = RecordDatabase(pool)
        #expect(try database.read { db in try Tick.fetchAll(in: db) } == [])
        #expect(try database.read { db in try Tick.count(in: db) } == 0)
        let tick = try await pool.write { db in
            var tick = Tick(worker: 1, n: 1)
            try db.save(&tick)
            return tick
        }
        #expect(try await pool.read { db in try Tick.fetchAll(in: db) } == [tick])
    }

    @Test("a queue's first write access creates the table; its reads see it")
    func queueReadFirst() throws {
        let queue = try DatabaseQueue()
        #expect(try queue.write { db in try Tick.fetchOne(in: db) } == nil)
        #expect(try queue.read { db in try columnNames("tick", db) } == ["id", "worker", "n"])
    }

    @Test("a table dropped behind the record tier's back stays missing until the connection forgets it")
    func droppedTable() throws {
        let db = try Connection()
        var tick = Tick(worker: 1, n: 1)
        try db.save(&tick)
        try db.execute("DROP TABLE tick")
        #expect(throws: Result.self) { try Tick.count(in: db) }
        db.clearStatementCache()
        #expect(try Tick.count(in: db) == 0)
    }

    /// The queue of `Stamp`, whose ActiveSQLite calls name no database.
    static let stampQueue = try? DatabaseQueue()

    /// A type with a database of its own that makes its table on first use.
    struct Stamp: Record, Equatable {
        static var database: RecordDatabase? { TableOnFirstUseTests.stampQueue.map { RecordDatabase($0) } }
        static let createsTableOnFirstUse = true
        var id: Int64 = 0
        var n: Int
    }

    @Test("a table dropped through the record tier (ActiveSQLite's dropTable) is made again at the next use")
    func droppedThroughTheTier() throws {
        let queue = try #require(Self.stampQueue)
        var stamp = Stamp(n: 1)
        try stamp.save()
        #expect(try Stamp.findAll() == [stamp])
        try Stamp.dropTable()
        #expect(try queue.read { db in try db.scalar("SELECT count(*) FROM sqlite_master") as? Int64 } == 0)
        #expect(try Stamp.findAll() == [])
        #expect(try queue.read { db in try columnNames("stamp", db) } == ["id", "n"])
    }

    @Test("a table made inside a transaction that rolls back is made again at the next use")
    func rolledBack() throws {
        struct Failure: Error {}
        let db = try Connection()
        #expect(throws: Failure.self) {
            try db.transaction {
                var tick = Tick(worker: 1, n: 1)
                try db.save(&tick)
                #expect(try Tick.count(in: db) == 1)
                throw Failure()
            }
        }
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'tick'") as? Int64 == 0)
        var tick = Tick(worker: 1, n: 2)
        try db.save(&tick)
        #expect(try Tick.fetchAll(in: db) == [tick])

        let queue = try DatabaseQueue()
        #expect(throws: Failure.self) {
            try RecordDatabase(queue).transaction { db in
                var tick = Tick(worker: 2, n: 1)
                try db.save(&tick)
                throw Failure()
            }
        }
        try queue.write { db in try db.save(&tick) }
        #expect(try queue.read { db in try Tick.fetchAll(in: db) } == [tick])
    }

    @Test("types that do not create their table on first use never touch the schema")
    func optIn() throws {
        let db = try Connection()
        #expect(throws: Result.self) { try Item.count(in: db) }
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master") as? Int64 == 0)
    }
}
