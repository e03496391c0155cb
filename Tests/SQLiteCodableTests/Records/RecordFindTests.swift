import Foundation
import SQLiteCodable
import Testing

/// `find` runs its lookup through the connection's statement cache.
@Suite("Records: find's cached lookup statement")
struct RecordFindTests {
    /// A record that finds another record of its own type while it is decoded.
    struct Node: Record, Equatable {
        var id: Int64
        var parent: Int64?
        var parentName: String?
        var name: String

        private enum CodingKeys: String, CodingKey { case id, parent, name }

        init(id: Int64, parent: Int64?, name: String) {
            (self.id, self.parent, self.name) = (id, parent, name)
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(Int64.self, forKey: .id)
            parent = try container.decodeIfPresent(Int64.self, forKey: .parent)
            name = try container.decode(String.self, forKey: .name)
            if let parent, let db = Self.database {
                parentName = try Node.find(parent, in: db)?.name
            }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encodeIfPresent(parent, forKey: .parent)
            try container.encode(name, forKey: .name)
        }

        /// The connection to find parents in while decoding, if any.
        @TaskLocal static var database: Connection?
    }

    @Test("keys of every integer type and strings find their records")
    func keyTypes() throws {
        let db = try Connection()
        try db.createTable(for: Item.self)
        try db.insert(Item(name: "Pen", price: 1))
        try db.insert(Item(name: "Ink", price: 2))
        #expect(try Item.find(Int64(2), in: db)?.name == "Ink")
        #expect(try Item.find(1, in: db)?.name == "Pen")
        #expect(try Item.find(Int32(2), in: db)?.name == "Ink")
        #expect(try Item.find(UInt8(1), in: db)?.name == "Pen")
        #expect(try Item.find(3, in: db) == nil)
        #expect(try Item.find(2, in: db)?.name == "Ink")
        try db.createTable(for: Country.self)
        var country = Country(code: "JP", displayName: "Japan")
        try db.save(&country)
        #expect(try Country.find("JP", in: db)?.displayName == "Japan")
        #expect(try Country.find("FR", in: db) == nil)
    }

    @Test("each connection has its own lookup, and a lookup ends its read")
    func connections() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("find-\(UUID().uuidString).db").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let first = try Connection(path)
        let second = try Connection(path)
        try first.createTable(for: Item.self)
        try first.insert(Item(name: "Pen", price: 1))
        #expect(try Item.find(1, in: first)?.name == "Pen")
        #expect(try Item.find(1, in: second)?.name == "Pen")
        // The finished lookups hold no read lock: the other connection can write.
        try second.insert(Item(name: "Ink", price: 2))
        try first.update(Item(id: 1, name: "Quill", price: 1))
        #expect(try Item.find(1, in: second)?.name == "Quill")
        #expect(try Item.find(2, in: first)?.name == "Ink")
    }

    @Test("a find nested in the decoding of the same type gets a statement of its own")
    func nested() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE node (id INTEGER PRIMARY KEY, parent INTEGER, name TEXT NOT NULL)")
        try db.insert(Node(id: 1, parent: nil, name: "root"))
        try db.insert(Node(id: 2, parent: 1, name: "leaf"))
        let leaf = try Node.$database.withValue(db) { try Node.find(2, in: db) }
        #expect(leaf?.parentName == "root")
        #expect(try Node.find(2, in: db)?.name == "leaf")
        #expect(try Node.find(1, in: db)?.name == "root")
    }

    @Test("clearStatementCache finalizes find's cached statement too")
    func clearingTheCache() throws {
        let db = try Connection()
        try db.createTable(for: Item.self)
        try db.insert(Item(name: "Pen", price: 1))
        func liveStatements() -> [String] {
            var texts: [String] = []
            var statement = sqlite3_next_stmt(db.handle, nil)
            while let current = statement {
                texts.append(sqlite3_sql(current).map { String(cString: $0) } ?? "")
                statement = sqlite3_next_stmt(db.handle, current)
            }
            return texts
        }
        let findSQL = #"SELECT * FROM "item" WHERE "id" = ?"#
        #expect(try Item.find(1, in: db)?.name == "Pen")
        #expect(liveStatements().contains(findSQL))
        db.clearStatementCache()
        #expect(!liveStatements().contains(findSQL))
        #expect(try Item.find(1, in: db)?.name == "Pen")
        #expect(liveStatements().contains(findSQL))
    }

    @Test("after a schema change the lookup reads the new columns")
    func schemaChange() throws {
        struct Wide: Record, Equatable {
            static let tableName = "item"
            var id: Int64
            var name: String
            var price: Double
            var stock: Int64?
        }
        let db = try Connection()
        try db.createTable(for: Item.self)
        try db.insert(Item(name: "Pen", price: 1))
        #expect(try Wide.find(1, in: db) == Wide(id: 1, name: "Pen", price: 1, stock: nil))
        try db.execute("ALTER TABLE item ADD COLUMN stock INTEGER DEFAULT 7")
        #expect(try Wide.find(1, in: db) == Wide(id: 1, name: "Pen", price: 1, stock: 7))
    }
}
