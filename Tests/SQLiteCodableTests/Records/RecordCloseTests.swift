import Foundation
import SQLiteCodable
import Testing

/// What the Codable tier keeps with a connection (record plans and their lookup statements,
/// decoders) never keeps it from closing.
@Suite struct RecordCloseTests {
    @Test func theCodableTiersStatementsDoNotCount() throws {
        let db = try Connection()
        try db.createTable(for: Item.self)
        var pen = Item(name: "Pen", price: 1.5)
        try db.save(&pen)
        try db.insert(Item(name: "Ink", price: 3))
        #expect(try Item.find(pen.id, in: db)?.name == "Pen")
        #expect(try Item.fetchAll(in: db).count == 2)
        #expect(try db.fetchAll(Item.self, sql: "SELECT * FROM item").count == 2)
        #expect(try db.fetchOne(Item.self, Item.table.filter(SQLExpression<Double>("price") > 2))?.name == "Ink")
        let decoded: [Item] = try db.prepareRowIterator(Item.table).map { try $0.decode() }
        #expect(decoded.count == 2)
        try db.close()
    }
}
