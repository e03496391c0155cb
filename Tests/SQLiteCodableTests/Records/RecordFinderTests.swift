import Foundation
import SQLiteCodable
import Testing

@Suite("Records: finders by name, by conditions, by SQL and by row number")
struct RecordFinderTests {
    /// A stocked item with a snake-case column.
    struct Stock: Record, Equatable {
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

    func database() throws -> Connection {
        let db = try Connection()
        try db.createTable(for: Stock.self)
        let day = 86_400.0
        try Stock.insertBatch(
            [
                Stock(name: "iWatch", price: 399, inStock: 0, note: nil, added: Date(timeIntervalSince1970: 0)),
                Stock(name: "iPhone", price: 999, inStock: 5, note: "new", added: Date(timeIntervalSince1970: day)),
                Stock(name: "iWatch", price: 299, inStock: 2, note: nil, added: Date(timeIntervalSince1970: 2 * day)),
                Stock(name: "iWatch", price: 299, inStock: 0, note: "old", added: Date(timeIntervalSince1970: 3 * day)),
            ], in: db)
        return db
    }

    @Test("findFirst and findAll by column and value, with orders kept in the order given")
    func byName() throws {
        let db = try database()
        #expect(try Stock.findFirst("name", value: "iPhone", in: db)?.id == 2)
        #expect(try Stock.findFirst("name", value: "iPad", in: db) == nil)
        #expect(
            try Stock.findAll("name", value: "iWatch", orders: ["price": false, "id": true], in: db).map(\.id) == [
                1, 3, 4,
            ])
        #expect(
            try Stock.findAll("name", value: "iWatch", orders: ["price": true, "id": false], in: db).map(\.id) == [
                4, 3, 1,
            ])
        #expect(try Stock.findAll("inStock", value: 0, in: db).map(\.id) == [1, 4])  // the property, mapped
        #expect(
            try Stock.findAll("in_stock", value: 0, orders: ["inStock": true, "id": false], in: db).map(\.id) == [4, 1])
        #expect(try Stock.findAll("note", value: nil, in: db).map(\.id) == [1, 3])
        #expect(
            try Stock.findFirst("added", value: Date(timeIntervalSince1970: 86_400).datatypeValue, in: db)?.name
                == "iPhone")
    }

    @Test("an unknown name in a condition or an order throws naming it")
    func unknownNames() throws {
        let db = try database()
        #expect(throws: RecordError.unknownColumn(type: "Stock", table: "stock", column: "colour")) {
            try Stock.findAll("colour", value: "red", in: db)
        }
        #expect(throws: RecordError.unknownColumn(type: "Stock", table: "stock", column: "cost")) {
            try Stock.findAll("name", value: "iWatch", orders: ["cost": true], in: db)
        }
        #expect(throws: RecordError.unknownColumn(type: "Stock", table: "stock", column: "colour")) {
            try Stock.findAll(where: ["name": "iWatch", "colour": "red"], in: db)
        }
    }

    @Test("findAll(where:) and findFirst(where:): every equality, a nil value meaning IS NULL")
    func dictionaryConditions() throws {
        let db = try database()
        #expect(try Stock.findAll(where: ["name": "iWatch", "in_stock": 0], in: db).map(\.id) == [1, 4])
        #expect(
            try Stock.findAll(where: ["name": "iWatch", "note": nil], orders: ["price": true], in: db).map(\.id) == [
                3, 1,
            ])
        #expect(try Stock.findFirst(where: ["note": nil, "inStock": 2], in: db)?.id == 3)
        #expect(try Stock.findFirst(where: ["note": "gone"], in: db) == nil)
        #expect(try Stock.findAll(where: [:], in: db).count == 4)
    }

    @Test("findAll(sqlWhere:parameters:) binds its parameters, as the record stores them")
    func sqlCondition() throws {
        let db = try database()
        #expect(try Stock.findAll(sqlWhere: "price > ?", parameters: [300], in: db).map(\.id) == [1, 2])
        #expect(
            try Stock.findAll(
                sqlWhere: "name = ? AND price < ?", parameters: ["iWatch", 300], orders: ["id": false], in: db
            )
            .map(\.id) == [4, 3])
        #expect(
            try Stock.findFirst(
                sqlWhere: "added >= ?", parameters: [Date(timeIntervalSince1970: 150_000).datatypeValue], in: db)?.id
                == 3)
        #expect(try Stock.findAll(sqlWhere: "name = ?", parameters: ["x' OR '1'='1"], in: db) == [])
        #expect(throws: Result.self) { try Stock.findAll(sqlWhere: "price >", in: db) }
    }

    @Test("findRow(_:orders:) is 0-based; past the end or negative, nil")
    func rowNumber() throws {
        let db = try database()
        #expect(try Stock.findRow(0, in: db)?.id == 1)
        #expect(try Stock.findRow(1, orders: [price.desc, SQLExpression<Int64>("id").asc], in: db)?.id == 1)
        #expect(try Stock.findRow(3, orders: [price.asc], in: db)?.name == "iPhone")
        #expect(try Stock.findRow(4, in: db) == nil)
        #expect(try Stock.findRow(-1, in: db) == nil)
    }

    @Test("typed conditions, typed-tier queries, count and exists on a connection and through a pool")
    func typed() throws {
        let db = try database()
        #expect(try Stock.findAll(price < 300, in: db).map(\.id) == [3, 4])
        #expect(try Stock.findFirst(name == "iWatch", orders: [price.asc], in: db)?.price == 299)
        #expect(
            try Stock.findAll(Stock.table.filter(name == "iWatch").order(price.desc).limit(1), in: db).map(\.id) == [1])
        #expect(try Stock.exists(price > 900, in: db))
        #expect(try !Stock.exists(price > 1000, in: db))
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let pool = try DatabasePool(path: file.path)
        defer { try? pool.close() }
        try Stock.createTable(in: pool)
        try Stock.insertBatch(try Stock.findAll(in: db), in: pool)
        #expect(try Stock.findAll("name", value: "iWatch", orders: ["price": true], in: pool).map(\.id) == [3, 4, 1])
        #expect(try Stock.findAll(where: ["note": nil], in: pool).map(\.id) == [1, 3])
        #expect(try Stock.findAll(sqlWhere: "price > ?", parameters: [300], in: pool).count == 2)
        #expect(try Stock.findRow(1, orders: [price.desc], in: pool)?.id == 1)
        #expect(try Stock.count(price < 300, in: pool) == 2)
        #expect(try Stock.exists(name == "iPhone", in: pool))
        #expect(try Stock.find(2, in: pool)?.name == "iPhone")
        #expect(try Stock.findFirst(Stock.table.order(price.desc), in: pool)?.id == 2)
    }
}
