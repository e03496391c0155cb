import Foundation
import SQLiteCodable
import Testing

/// ActiveSQLite's forms run on the type's database: this suite's types share one connection,
/// emptied by each test, so the suite runs serialized.
@Suite("Records: updates by name, by dictionary, by setters, and batches", .serialized)
struct RecordUpdateByNameTests {
    /// A product with snake-case columns, a unique code and timestamps.
    struct Product: Record, Equatable {
        static var database: RecordDatabase? { RecordUpdateByNameTests.shared }
        static let codingOptions = CodingOptions.snakeCase
        static let timestamps = true
        static var columns: [RecordColumn] { [RecordColumn("code", unique: true)] }
        var id: Int64 = 0
        var code: String
        var displayName: String
        var price: Int
        var note: String?
        var createdAt: Date?
        var updatedAt: Date?
    }

    /// A product's tag, which keeps its product from being deleted.
    struct Tag: Record {
        static var database: RecordDatabase? { RecordUpdateByNameTests.shared }
        static var columns: [RecordColumn] {
            [RecordColumn("product", references: .record(Product.self, onDelete: .restrict))]
        }
        var id: Int64 = 0
        var product: Int64
        var label: String
    }

    let price = SQLExpression<Int>("price")
    let displayName = SQLExpression<String>("display_name")

    /// The database of the suite's types.
    static let connection = try? Connection()
    static var shared: RecordDatabase? { connection.map { RecordDatabase($0) } }

    /// The suite's connection with three products (and no tag).
    func database() throws -> (Connection, [Product]) {
        let db = try #require(Self.connection)
        try db.execute("PRAGMA foreign_keys = ON; DROP TABLE IF EXISTS tag; DROP TABLE IF EXISTS product")
        try db.createTable(for: Product.self)
        try db.createTable(for: Tag.self)
        var products = [
            Product(code: "A1", displayName: "3ds", price: 150),
            Product(code: "B2", displayName: "Switch", price: 300, note: "new"),
            Product(code: "C3", displayName: "3ds", price: 120),
        ]
        for index in products.indices { try db.save(&products[index]) }
        return (db, products)
    }

    @Test("update(_:value:) and update([name: value]) update the row by key and read it back, names mapped")
    func updateByName() throws {
        let (db, products) = try database()
        var product = products[0]
        try db.run("UPDATE product SET updated_at = '2000-01-01T00:00:00.000'")
        #expect(try product.update("displayName", value: "3DS XL"))
        #expect(product.displayName == "3DS XL")
        #expect(try #require(product.updatedAt) > Date(timeIntervalSince1970: 946_684_800))
        #expect(try product.update(["display_name": "2ds", "price": 99, "note": nil]))
        #expect(product.displayName == "2ds")
        #expect(product.price == 99)
        #expect(try Product.find(product.id, in: db) == product)
        #expect(try Product.find(products[1].id, in: db)?.displayName == "Switch")
        var gone = products[2]
        try db.delete(gone)
        #expect(try !gone.update("price", value: 1))
    }

    /// A call naming a column the table lacks.
    enum UnknownName: String, CaseIterable, CustomTestStringConvertible {
        case byName, byDictionary, mixedDictionary, staticByDictionary, staticCondition, setter, staticSetter
        var testDescription: String { rawValue }

        func run(_ product: inout Product, _ db: Connection) throws {
            switch self {
            case .byName: try product.update("colour", value: "red")
            case .byDictionary: try product.update(["colour": "red"])
            case .mixedDictionary: try product.update(["price": 1, "colour": "red", "display_name": "x"])
            case .staticByDictionary: try Product.update(["colour": "red", "price": 1], where: ["code": "A1"])
            case .staticCondition: try Product.update(["price": 1], where: ["colour": "red"])
            case .setter:
                try product.update(
                    [SQLExpression<Int>("price") <- 1, SQLExpression<String>("colour") <- "red"])
            case .staticSetter:
                try Product.update(
                    [SQLExpression<String>("colour") <- "red"], where: SQLExpression<Int>("price") > 0)
            }
        }
    }

    @Test(
        "an unknown column throws naming it and changes nothing, even beside valid ones",
        arguments: UnknownName.allCases)
    func unknownColumn(_ call: UnknownName) throws {
        let (db, products) = try database()
        let before = try Product.fetchAll(in: db)
        var product = products[0]
        let error = #expect(throws: RecordError.self) { try call.run(&product, db) }
        #expect(error == .unknownColumn(type: "Product", table: "product", column: "colour"))
        #expect(message(of: error).contains("\"colour\""))
        #expect(product == products[0])
        #expect(try Product.fetchAll(in: db) == before)
    }

    @Test("update with setters, on one record and on the rows a condition selects")
    func setters() throws {
        let (db, products) = try database()
        var product = products[0]
        #expect(try product.update([price <- 199]))
        #expect(product.price == 199)
        #expect(try product.update([price <- price + 1, displayName <- "3ds+"]))
        #expect((product.price, product.displayName) == (200, "3ds+"))
        #expect(try Product.update([price <- 0], where: displayName == "3ds") == 1)
        #expect(try Product.find(products[2].id, in: db)?.price == 0)
        #expect(try Product.update([price <- price * 2], where: nil) == 3)
        #expect(try Product.fetchAll(in: db).map(\.price) == [400, 600, 0])
        // A setter built on the table's qualified column works too.
        #expect(try product.update([Product.column("price") <- 7]))
        #expect(product.price == 7)
    }

    @Test("Product.update(_:where:) with dictionaries: AND of equalities, nil is IS NULL, returns the count")
    func staticDictionaryUpdate() throws {
        let (db, _) = try database()
        #expect(try Product.update(["price": 199], where: ["displayName": "3ds"]) == 2)
        #expect(try Product.update(["note": "old"], where: ["note": nil, "price": 199]) == 2)
        #expect(try Product.update(["price": 1], where: ["displayName": "3ds", "code": "C3"]) == 1)
        #expect(try Product.fetchAll(in: db).map(\.price) == [199, 300, 1])
        #expect(try Product.fetchAll(in: db).map(\.note) == ["old", "new", "old"])
    }

    @Test("updateBatch runs in one transaction: one failing update rolls the whole batch back")
    func updateBatchIsAtomic() throws {
        let (db, products) = try database()
        var changed = products
        changed[0].price = 1
        changed[1].price = 2
        changed[2].code = "A1"  // taken by the first
        #expect(throws: Result.self) { try Product.updateBatch(changed) }
        #expect(try Product.fetchAll(in: db).map(\.price) == [150, 300, 120])
        changed[2].code = "C4"
        #expect(try Product.updateBatch(changed) == 3)
        #expect(try Product.fetchAll(in: db).map(\.price) == [1, 2, 120])
    }

    @Test("deleteBatch runs in one transaction: one failing delete rolls the whole batch back")
    func deleteBatchIsAtomic() throws {
        let (db, products) = try database()
        var tag = Tag(product: products[2].id, label: "sale")
        try db.save(&tag)
        #expect(throws: Result.self) { try Product.deleteBatch(products) }
        #expect(try Product.count(in: db) == 3)
        #expect(try Product.deleteBatch(Array(products.prefix(2))) == 2)
        #expect(try Product.fetchAll(in: db).map(\.code) == ["C3"])
    }

    @Test("a batch inside an open transaction is a savepoint: its failure undoes it alone")
    func batchInATransaction() throws {
        let (db, products) = try database()
        var bad = products
        bad[1].code = "A1"
        try db.transaction {
            var extra = Product(code: "D4", displayName: "Deck", price: 400)
            try db.save(&extra)
            #expect(throws: Result.self) {
                try Product.updateBatch(
                    bad.map {
                        var p = $0; p.price += 1; return p
                    })
            }
        }
        #expect(try Product.fetchAll(in: db).map(\.price) == [150, 300, 120, 400])
    }

    /// The queue of `QueuedProduct`.
    static let queue = try? DatabaseQueue()

    /// A product whose database is a queue: its calls are reads and writes of the queue.
    struct QueuedProduct: Record, Equatable {
        static var database: RecordDatabase? { RecordUpdateByNameTests.queue.map { RecordDatabase($0) } }
        var id: Int64 = 0
        var code: String
        var displayName: String
        var price: Int
        var note: String?
    }

    @Test("the same calls on a type whose database is a queue")
    func throughAQueue() throws {
        try QueuedProduct.dropTable()
        try QueuedProduct.createTable()
        var product = QueuedProduct(code: "A1", displayName: "3ds", price: 150)
        try product.save()
        #expect(try product.update("price", value: 199))
        #expect(try product.update([price <- 200]))
        #expect(product.price == 200)
        #expect(try QueuedProduct.update(["note": "x"], where: ["code": "A1"]) == 1)
        #expect(try QueuedProduct.update([price <- 5], where: SQLExpression<String>("displayName") == "3ds") == 1)
        let found = try #require(try QueuedProduct.findFirst("code", value: "A1"))
        #expect(found.price == 5)
        #expect(found.note == "x")
        #expect(try QueuedProduct.updateBatch([found]) == 1)
        #expect(try QueuedProduct.deleteBatch([found]) == 1)
        #expect(try QueuedProduct.findAll().isEmpty)
    }
}
