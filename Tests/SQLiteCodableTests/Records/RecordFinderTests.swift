import Foundation
import SQLiteCodable
import Testing

/// ActiveSQLite's and SQLiteDB's finders run on the type's database: this suite's type uses one
/// connection, emptied by each test, so the suite runs serialized.
@Suite("Records: finders by name, by conditions, by SQL and by row number", .serialized)
struct RecordFinderTests {
    /// A stocked item with a snake-case column.
    struct Stock: Record, Equatable {
        static var database: RecordDatabase? { RecordFinderTests.connection.map { RecordDatabase($0) } }
        static let codingOptions = CodingOptions.snakeCase
        var id: Int64 = 0
        var name: String
        var price: Double
        var inStock: Int
        var note: String?
        var added: Date
    }

    let price = SQLExpression<Double>("price")
    let name = SQLExpression<String>("name")

    /// The database of the suite's type.
    static let connection = try? Connection()

    /// The suite's connection with four items.
    func database() throws -> Connection {
        let db = try #require(Self.connection)
        try db.execute("DROP TABLE IF EXISTS stock")
        try db.createTable(for: Stock.self)
        let day = 86_400.0
        try Stock.insertBatch(
            [
                Stock(name: "iWatch", price: 399, inStock: 0, note: nil, added: Date(timeIntervalSince1970: 0)),
                Stock(name: "iPhone", price: 999, inStock: 5, note: "new", added: Date(timeIntervalSince1970: day)),
                Stock(name: "iWatch", price: 299, inStock: 2, note: nil, added: Date(timeIntervalSince1970: 2 * day)),
                Stock(name: "iWatch", price: 299, inStock: 0, note: "old", added: Date(timeIntervalSince1970: 3 * day)),
            ])
        return db
    }

    @Test("findFirst and findAll by column and value, with orders kept in the order given")
    func byName() throws {
        _ = try database()
        #expect(try Stock.findFirst("name", value: "iPhone")?.id == 2)
        #expect(try Stock.findFirst("name", value: "iPad") == nil)
        #expect(
            try Stock.findAll("name", value: "iWatch", orders: ["price": false, "id": true]).map(\.id) == [
                1, 3, 4,
            ])
        #expect(
            try Stock.findAll("name", value: "iWatch", orders: ["price": true, "id": false]).map(\.id) == [
                4, 3, 1,
            ])
        #expect(try Stock.findAll("inStock", value: 0).map(\.id) == [1, 4])  // the property, mapped
        #expect(
            try Stock.findAll("in_stock", value: 0, orders: ["inStock": true, "id": false]).map(\.id) == [4, 1])
        #expect(try Stock.findAll("note", value: nil).map(\.id) == [1, 3])
        #expect(
            try Stock.findFirst("added", value: Date(timeIntervalSince1970: 86_400).datatypeValue)?.name
                == "iPhone")
    }

    @Test("an unknown name in a condition or an order throws naming it")
    func unknownNames() throws {
        _ = try database()
        #expect(throws: RecordError.unknownColumn(type: "Stock", table: "stock", column: "colour")) {
            try Stock.findAll("colour", value: "red")
        }
        #expect(throws: RecordError.unknownColumn(type: "Stock", table: "stock", column: "cost")) {
            try Stock.findAll("name", value: "iWatch", orders: ["cost": true])
        }
        #expect(throws: RecordError.unknownColumn(type: "Stock", table: "stock", column: "cost")) {
            try Stock.findRow(0, sqlWhere: "", orders: ["cost": true])
        }
    }

    @Test("findAll(sqlWhere:parameters:) binds its parameters, as the record stores them")
    func sqlCondition() throws {
        _ = try database()
        #expect(try Stock.findAll(sqlWhere: "price > ?", parameters: [300]).map(\.id) == [1, 2])
        #expect(
            try Stock.findAll(
                sqlWhere: "name = ? AND price < ?", parameters: ["iWatch", 300], orders: ["id": false]
            )
            .map(\.id) == [4, 3])
        #expect(
            try Stock.findAll(
                sqlWhere: "added >= ?", parameters: [Date(timeIntervalSince1970: 150_000).datatypeValue]
            ).first?.id == 3)
        #expect(try Stock.findAll(sqlWhere: "name = ?", parameters: ["x' OR '1'='1"]) == [])
        #expect(throws: Result.self) { try Stock.findAll(sqlWhere: "price >") }
    }

    @Test("findRow(_:orders:) is 0-based; past the end or negative, nil")
    func rowNumber() throws {
        _ = try database()
        #expect(try Stock.findRow(0)?.id == 1)
        #expect(try Stock.findRow(1, orders: [price.desc, SQLExpression<Int64>("id").asc])?.id == 1)
        #expect(try Stock.findRow(3, orders: [price.asc])?.name == "iPhone")
        #expect(try Stock.findRow(4) == nil)
        #expect(try Stock.findRow(-1) == nil)
    }

    @Test("typed conditions and typed-tier queries on the type's database; the primary reads through a pool")
    func typed() throws {
        let db = try database()
        #expect(try Stock.findAll(price < 300).map(\.id) == [3, 4])
        #expect(try Stock.findAll(name == "iWatch", orders: [price.asc], limit: 1).first?.price == 299)
        #expect(
            try Stock.findAll(Stock.table.filter(name == "iWatch").order(price.desc).limit(1)).map(\.id) == [1])
        #expect(try Stock.exists(in: db, filter: price > 900))
        #expect(try !Stock.exists(in: db, filter: price > 1000))
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let pool = try DatabasePool(path: file.path)
        defer { try? pool.close() }
        let stocks = try Stock.fetchAll(in: db)
        try pool.write { db in
            try db.createTable(for: Stock.self)
            try db.insertMany(stocks)
        }
        try pool.read { (db: Connection) throws -> Void in
            #expect(try Stock.fetchAll(in: db, filter: name == "iWatch", order: [price.asc]).map(\.id) == [3, 4, 1])
            #expect(try Stock.fetchOne(in: db, filter: price < 300, order: [price.desc])?.id == 3)
            #expect(try Stock.count(in: db, filter: price < 300) == 2)
            #expect(try Stock.exists(in: db, filter: name == "iPhone"))
            #expect(try Stock.find(2, in: db)?.name == "iPhone")
            #expect(try db.fetchOne(Stock.self, Stock.table.order(price.desc))?.id == 2)
        }
    }
}
