import Foundation
import SQLiteCodable
import Testing

@Suite("Records: save, find, update, delete, count")
struct RecordTests {
    let price = SQLExpression<Double>("price")
    let name = SQLExpression<String>("name")

    func database() throws -> Connection {
        let db = try Connection()
        try db.createTable(for: Item.self)
        return db
    }

    @Test("a failing insert or save throws SQLite's codes and its statement's SQL")
    func failingWritesCarryTheCodesAndTheSQL() throws {
        let db = try database()
        try db.execute("CREATE UNIQUE INDEX item_name ON item (name)")
        try db.insert(Item(name: "Pen", price: 1.5))
        let error = try #require(throws: Result.self) { try db.insert(Item(name: "Pen", price: 2)) }
        #expect(error.code == SQLITE_CONSTRAINT)
        #expect(error.extendedCode == SQLITE_CONSTRAINT)
        #expect(error.message == "UNIQUE constraint failed: item.name")
        let insertSQL = try #require(error.sql)
        #expect(insertSQL.hasPrefix(#"INSERT INTO "item" ("name", "price""#), "\(insertSQL)")
        #expect(error.debugDescription.contains(insertSQL))

        db.usesExtendedErrorCodes = true
        let extended = try #require(throws: Result.self) { try db.insert(Item(name: "Pen", price: 2)) }
        guard case .extendedError(_, let extendedCode, let statement) = extended else {
            Issue.record("expected .extendedError, got \(extended)")
            return
        }
        #expect(extendedCode == SQLITE_CONSTRAINT_UNIQUE)
        #expect(statement?.sql == insertSQL)

        var ink = Item(name: "Ink", price: 1)
        try db.save(&ink)
        ink.name = "Pen"
        let update = try #require(throws: Result.self) { try db.save(&ink) }
        #expect(update.extendedCode == SQLITE_CONSTRAINT_UNIQUE)
        #expect(update.sql?.hasPrefix(#"UPDATE "item" SET "#) == true, "\(String(describing: update.sql))")
        #expect(try db.fetchAll(Item.self, Table("item").order(name)).map(\.name) == ["Ink", "Pen"])
    }

    @Test("table and column names holding quotes are quoted in every statement a record runs")
    func quotedNames() throws {
        struct Odd: Record, Equatable {
            static let tableName = #"odd "names""#
            enum CodingKeys: String, CodingKey {
                case id
                case label = "the \"label\"\u{301}"
            }
            var id: Int64 = 0
            var label: String
        }
        let db = try Connection()
        try db.createTable(for: Odd.self)
        #expect(try db.scalar("SELECT name FROM sqlite_master WHERE type = 'table'") as? String == Odd.tableName)
        var odd = Odd(label: "one")
        try db.save(&odd)
        #expect(odd.id == 1)
        odd.label = "two"
        try db.save(&odd)
        #expect(try Odd.find(1, in: db) == odd)
        let column = try db.prepare(#"SELECT * FROM "odd ""names""""#).columnNames
        #expect(column == ["id", "the \"label\"\u{301}"])
    }

    @Test("the default table is the type name in snake case")
    func tableName() {
        struct TodoItem: Record { var id: Int64 }
        #expect(TodoItem.tableName == "todo_item")
        #expect(Item.tableName == "item")
    }

    @Test("save inserts a new record and assigns its rowid, then updates it")
    func save() throws {
        let db = try database()
        var item = Item(name: "Pen", price: 1.5)
        try db.save(&item)
        #expect(item.id == 1)
        item.price = 2
        try db.save(&item)
        #expect(try Item.count(in: db) == 1)
        #expect(try Item.find(1, in: db) == item)
        var other = Item(name: "Ink", price: 3)
        try db.save(&other)
        #expect(other.id == 2)
    }

    @Test("an optional auto-increment key: nil means new")
    func optionalKey() throws {
        let db = try Connection()
        try db.createTable(for: Author.self)
        var author = Author(id: nil, name: "Le Guin")
        try db.save(&author)
        #expect(author.id == 1)
        #expect(try Author.find(Int64(1), in: db)?.name == "Le Guin")
    }

    @Test("insert, find, fetchAll, fetchOne with filters, order and limit")
    func queries() throws {
        let db = try database()
        for (offset, name) in ["b", "a", "c"].enumerated() {
            try db.insert(Item(name: name, price: Double(offset)))
        }
        #expect(try Item.fetchAll(in: db).map(\.name) == ["b", "a", "c"])
        #expect(try Item.fetchAll(in: db, order: [name.asc]).map(\.name) == ["a", "b", "c"])
        #expect(try Item.fetchAll(in: db, filter: price > 0.5, order: [price.desc], limit: 1).map(\.name) == ["c"])
        #expect(try Item.fetchAll(in: db, order: [name.asc], limit: 1, offset: 1).map(\.name) == ["b"])
        #expect(try Item.fetchOne(in: db, filter: name == "a")?.id == 2)
        #expect(try Item.fetchOne(in: db, filter: name == "z") == nil)
        #expect(try Item.count(in: db, filter: price >= 1) == 2)
        #expect(try db.fetchAll(Item.self, Item.table.filter(price < 1)).map(\.name) == ["b"])
        #expect(try db.fetchOne(Item.self, Item.table.order(price.desc))?.name == "c")
        #expect(try Item.find(99, in: db) == nil)
    }

    @Test("update writes every column; update(from:) only the changed ones")
    func update() throws {
        let db = try database()
        var item = Item(name: "Pen", price: 1, note: "blue")
        try db.save(&item)
        var edited = item
        edited.note = nil
        #expect(try db.update(edited))
        #expect(try Item.find(item.id, in: db)?.note == nil)

        // Another writer changes the name; a changed-columns update leaves it alone.
        try db.run("UPDATE item SET name = 'Quill'")
        var priced = edited
        priced.price = 5
        let log = StatementLog(db)
        #expect(try db.update(priced, from: edited))
        #expect(try !db.update(priced, from: priced))
        db.trace(nil)
        #expect(log.statements.count == 1)
        #expect(log.statements.first?.hasPrefix(#"UPDATE "item" SET "price" = 5.0 WHERE "id" = "#) == true)
        #expect(try Item.find(item.id, in: db) == Item(id: item.id, name: "Quill", price: 5))
        #expect(try !db.update(Item(id: 42, name: "x", price: 0)))
    }

    @Test("delete by record, by id, and deleteAll")
    func delete() throws {
        let db = try database()
        let ids = try db.insertMany([Item(name: "a", price: 1), Item(name: "b", price: 2), Item(name: "c", price: 3)])
        #expect(ids == [1, 2, 3])
        let first = try #require(try Item.find(1, in: db))
        #expect(try db.delete(first))
        #expect(try !db.delete(first))
        #expect(try db.delete(Item.self, id: 2))
        #expect(try Item.count(in: db) == 1)
        #expect(try Item.deleteAll(in: db) == 1)
        #expect(try Item.count(in: db) == 0)
    }

    @Test("deleteAll takes a filter of an optional or a non-optional column, as count and fetchAll do")
    func deleteAllFiltered() throws {
        let db = try database()
        try db.insertMany([Item(name: "a", price: 1), Item(name: "b", price: 150), Item(name: "c", price: 300)])
        #expect(try Item.deleteAll(in: db, filter: price > 100) == 2)
        #expect(try Item.fetchAll(in: db).map(\.name) == ["a"])
        let note = SQLExpression<String?>("note")
        #expect(try Item.deleteAll(in: db, filter: note == nil) == 1)
        #expect(try Item.count(in: db) == 0)
    }

    @Test("a record whose row was deleted is inserted again by save, keeping its key")
    func saveDeleted() throws {
        let db = try database()
        var item = Item(name: "Pen", price: 1)
        try db.save(&item)
        try db.delete(item)
        item.price = 9
        try db.save(&item)
        #expect(try Item.find(item.id, in: db) == item)
    }

    @Test("record operations inside db.transaction commit together or roll back together")
    func transaction() throws {
        let db = try database()
        try db.transaction {
            var item = Item(name: "a", price: 1)
            try db.save(&item)
            try db.insertMany([Item(name: "b", price: 2)])
        }
        #expect(try Item.count(in: db) == 2)
        struct Failure: Error {}
        #expect(throws: Failure.self) {
            try db.transaction {
                try db.insert(Item(name: "c", price: 3))
                throw Failure()
            }
        }
        #expect(try Item.count(in: db) == 2)
    }

    @Test("a record with its own key is upserted by save")
    func userKey() throws {
        let db = try Connection()
        try db.createTable(for: Country.self)
        var france = Country(code: "FR", displayName: "France")
        try db.save(&france)
        france.displayName = "République française"
        try db.save(&france)
        #expect(try Country.count(in: db) == 1)
        #expect(try Country.find("FR", in: db)?.displayName == "République française")
    }

    @Test("insertMany of 1000 records runs in one transaction")
    func batch() throws {
        let db = try database()
        let log = StatementLog(db)
        let ids = try db.insertMany((0..<1000).map { Item(name: "n\($0)", price: Double($0)) })
        db.trace(nil)
        #expect(ids.count == 1000)
        #expect(log.statements.filter { $0.hasPrefix("BEGIN") }.count == 1)
        #expect(try Item.count(in: db) == 1000)
    }
}
