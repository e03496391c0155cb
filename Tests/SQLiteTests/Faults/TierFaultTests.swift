import FaultInjection
import Foundation
import SQLite
import Testing

/// Disk-full, I/O errors and short reads injected at every read, write or sync of one
/// operation of each tier, through both journals: the operation throws SQLite's error for the
/// fault (never crashes), and the database keeps exactly what was committed.
@Suite struct TierFaultTests {
    @Test("core: run in a transaction", arguments: FaultCase.all)
    func coreRun(_ faultCase: FaultCase) throws {
        try sweep(
            FaultScenario(setUp: FaultFixture.setUpItems) { db in
                try db.transaction {
                    for index in FaultFixture.newRows {
                        try db.run(
                            "INSERT INTO items (name, payload) VALUES (?, ?)", "new \(index)",
                            FaultFixture.payload(index))
                    }
                }
            }, faultCase)
    }

    @Test("typed: table.insert in a transaction", arguments: FaultCase.all)
    func typedInsert(_ faultCase: FaultCase) throws {
        let items = Table("items")
        let name = SQLExpression<String>("name")
        let payload = SQLExpression<String?>("payload")
        try sweep(
            FaultScenario(setUp: FaultFixture.setUpItems) { db in
                try db.transaction {
                    for index in FaultFixture.newRows {
                        try db.run(items.insert(name <- "new \(index)", payload <- FaultFixture.payload(index)))
                    }
                }
            }, faultCase)
    }

    @Test("records: save in a transaction", arguments: FaultCase.all)
    func recordSave(_ faultCase: FaultCase) throws {
        try sweep(
            FaultScenario(setUp: FaultFixture.setUpItems) { db in
                try db.transaction {
                    for index in FaultFixture.newRows {
                        var item = FaultItem(id: nil, name: "new \(index)", payload: FaultFixture.payload(index))
                        try db.save(&item)
                        #expect(item.id != nil)
                    }
                }
            }, faultCase)
    }

    @Test("records: insertMany", arguments: FaultCase.all)
    func recordInsertMany(_ faultCase: FaultCase) throws {
        try sweep(
            FaultScenario(setUp: FaultFixture.setUpItems) { db in
                let new = FaultFixture.newRows.map {
                    FaultItem(id: nil, name: "new \($0)", payload: FaultFixture.payload($0))
                }
                try db.insertMany(new)
            }, faultCase)
    }

    @Test("schema: SchemaChanger rebuilds a table", arguments: FaultCase.all)
    func schemaRebuild(_ faultCase: FaultCase) throws {
        try sweep(
            FaultScenario(setUp: FaultFixture.setUpItems) { db in
                // The column is indexed: ALTER TABLE DROP COLUMN refuses, the table is rebuilt.
                try SchemaChanger(connection: db).alter(table: "items") { $0.drop(column: "payload") }
            }.undoing(SQLITE_ERROR), faultCase)
    }

    @Test("schema: Migrator runs a migration", arguments: FaultCase.all)
    func migration(_ faultCase: FaultCase) throws {
        let migrator = try FaultFixture.migrator()
        try sweep(
            FaultScenario(setUp: { try migrator.migrate($0, upTo: "create items") }) { db in
                try migrator.migrate(db)
            }, faultCase)
    }
}

/// A record stored in `items`.
struct FaultItem: Record {
    static let tableName = "items"
    var id: Int64?
    var name: String
    var payload: String?
}

/// The database every sweep starts from: 100 committed rows over several pages, with an index.
enum FaultFixture {
    /// The rows each operation adds: enough to touch several pages of the table and the index.
    static let newRows = 0..<10

    /// About 100 bytes of text, different for neighbouring rows.
    static func payload(_ index: Int) -> String { String(repeating: "\(index % 10)", count: 100) }

    /// Creates `items` with its index and commits 100 rows.
    static func setUpItems(_ db: Connection) throws {
        try db.transaction { try createItems(db) }
    }

    /// Creates and fills `items` in the caller's transaction.
    static func createItems(_ db: Connection) throws {
        try db.execute(
            """
            CREATE TABLE items (id INTEGER PRIMARY KEY, name TEXT NOT NULL, payload TEXT);
            CREATE INDEX items_payload ON items (payload);
            """)
        for index in 0..<100 {
            try db.run("INSERT INTO items (name, payload) VALUES (?, ?)", "committed \(index)", payload(index))
        }
    }

    /// Two migrations: the first creates and fills `items`, the second adds a column, rows and
    /// an index.
    static func migrator() throws -> Migrator {
        var migrator = Migrator()
        try migrator.registerMigration("create items") { db in try createItems(db) }
        try migrator.registerMigration("add notes") { db in
            try db.execute("ALTER TABLE items ADD COLUMN note TEXT")
            for index in newRows {
                try db.run(
                    "INSERT INTO items (name, payload, note) VALUES (?, ?, ?)", "new \(index)", payload(index),
                    "note \(index)")
            }
            try db.execute("CREATE INDEX items_note ON items (note)")
        }
        return migrator
    }
}
