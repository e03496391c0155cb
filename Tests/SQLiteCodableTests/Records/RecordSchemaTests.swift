import Foundation
import SQLiteCodable
import SQLiteSchema
import Testing

@Suite("Record tables: creation from the type, column sync")
struct RecordSchemaTests {
    @Test("column types, NOT NULL and the primary key come from the Swift types")
    func createTable() throws {
        let db = try Connection()
        #expect(
            try db.createTableSQL(for: Item.self)
                == #"CREATE TABLE IF NOT EXISTS "item" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "#
                + #""price" REAL NOT NULL, "note" TEXT)"#)
        #expect(
            try db.createTableSQL(for: Country.self, ifNotExists: false)
                == #"CREATE TABLE "country" ("code" TEXT PRIMARY KEY NOT NULL, "display_name" TEXT NOT NULL, "#
                + #""created_at" TEXT, "updated_at" TEXT)"#)
    }

    @Test("every supported property type gets a column")
    func everything() throws {
        struct Wide: Record {
            var id: Int64
            var flag: Bool
            var small: Int8
            var big: UInt64
            var ratio: Float
            var blob: Data
            var when: Date
            var uuid: UUID
            var link: URL
            var amount: Decimal
            var mood: Everything.Mood
            var level: Everything.Level
            var address: Everything.Address
            var tags: [String]
            var lookup: [String: Int]
            var maybe: Everything.Address?
        }
        let db = try Connection()
        #expect(
            try db.createTableSQL(for: Wide.self)
                == #"CREATE TABLE IF NOT EXISTS "wide" ("id" INTEGER PRIMARY KEY, "flag" BOOLEAN NOT NULL, "#
                + #""small" INTEGER NOT NULL, "big" INTEGER NOT NULL, "ratio" REAL NOT NULL, "blob" BLOB NOT NULL, "#
                + #""when" TEXT NOT NULL, "uuid" TEXT NOT NULL, "link" TEXT NOT NULL, "amount" TEXT NOT NULL, "#
                + #""mood" TEXT NOT NULL, "level" INTEGER NOT NULL, "address" TEXT NOT NULL, "tags" TEXT NOT NULL, "#
                + #""lookup" TEXT NOT NULL, "maybe" TEXT)"#)
        try db.createTable(for: Wide.self)
    }

    @Test("syncTable adds the columns of new properties to a table holding data, dropping nothing")
    func sync() throws {
        struct Version1: Record {
            static let tableName = "gadget"
            var id: Int64 = 0
            var name: String
        }
        struct Version2: Record, Equatable {
            static let tableName = "gadget"
            var id: Int64 = 0
            var name: String
            var stock: Int
            var added: Date
            var mood: Everything.Mood
            var comment: String?
        }
        let db = try Connection()
        #expect(try db.syncTable(for: Version1.self) == ["id", "name"])
        try db.insert(Version1(name: "old"))
        try db.execute("ALTER TABLE gadget ADD COLUMN legacy TEXT DEFAULT 'kept'")
        #expect(try db.syncTable(for: Version2.self) == ["stock", "added", "mood", "comment"])
        #expect(try db.syncTable(for: Version2.self) == [])
        #expect(
            try Version2.fetchAll(in: db) == [
                Version2(
                    id: 1, name: "old", stock: 0, added: Date(timeIntervalSince1970: 0), mood: .happy, comment: nil)
            ])
        #expect(try db.scalar("SELECT legacy FROM gadget") as? String == "kept")
    }

    /// A table's first version, and a version with a column more and a unique index.
    struct Bin: Record {
        var id: Int64 = 0
        var name: String
    }

    struct BinWithStock: Record {
        static let tableName = "bin"
        static var indexes: [RecordIndex] { [RecordIndex("name", unique: true)] }
        var id: Int64 = 0
        var name: String
        var stock: Int
    }

    @Test("syncTable adds columns with SQLiteSchema's changer, as a migration writes them")
    func syncWritesTheChangersSQL() throws {
        let db = try Connection()
        try db.syncTable(for: Bin.self)
        try db.insertMany([Bin(name: "a")])
        #expect(try db.syncTable(for: BinWithStock.self) == ["stock"])
        let sql = try #require(try db.scalar("SELECT sql FROM sqlite_master WHERE name = 'bin'") as? String)
        #expect(sql.hasSuffix(#", "stock" INTEGER DEFAULT 0 NOT NULL)"#), "\(sql)")
        #expect(try db.schema.indexNames(table: "bin").contains("index_bin_on_name"))
    }

    @Test("a sync that fails at any step throws SQLite's error and leaves the table as it was")
    func failedSyncChangesNothing() throws {
        let db = try Connection()
        try db.syncTable(for: Bin.self)
        try db.insertMany([Bin(name: "twin"), Bin(name: "twin")])
        let error = #expect(throws: Result.self) { try db.syncTable(for: BinWithStock.self) }
        #expect(error?.message.contains("UNIQUE constraint failed") == true)
        #expect(try db.schema.columnNames(table: "bin") == ["id", "name"])
        #expect(try db.schema.indexNames(table: "bin").isEmpty)
        #expect(!db.isInTransaction)
    }

    @Test("an enum that cannot be made up is reported with its type")
    func underivable() throws {
        enum Code: String, Codable { case alpha = "A" }
        struct Coded: Record { var id: Int64; var code: Code }
        let db = try Connection()
        let error = #expect(throws: RecordError.self) { try db.createTable(for: Coded.self) }
        #expect(message(of: error).contains("Code"))
    }
}
