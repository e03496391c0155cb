import Foundation
import SQLiteCodable
import Testing

/// ActiveSQLite's models: `NSNumber` and `NSDate` properties, `doubleTypes()`.
@Suite("Records: @Stored NSNumber and NSDate properties, doubleProperties")
struct StoredTests {
    /// ActiveSQLite's `Product`: price is a double type, code an integer one.
    struct Product: Record {
        static let createsTableOnFirstUse = true
        static let doubleProperties = ["price"]
        var id: Int64 = 0
        var name = ""
        @Stored var price: NSNumber = NSNumber(value: 0.0)
        @Stored var code: NSNumber = 0
        var desc: String?
        @Stored var publishDate: NSDate? = nil
    }

    let name = SQLExpression<String>("name")

    @Test("the table: INTEGER and REAL numbers (doubleProperties), dates as Date, optionals nullable")
    func table() throws {
        let db = try Connection()
        #expect(
            try db.createTableSQL(for: Product.self)
                == #"CREATE TABLE IF NOT EXISTS "product" ("id" INTEGER PRIMARY KEY, "name" TEXT NOT NULL, "#
                + #""price" REAL NOT NULL, "code" INTEGER NOT NULL, "desc" TEXT, "publishDate" TEXT)"#)
    }

    @Test("save, find, update: int and double numbers and dates read back equal")
    func saveAndReadBack() throws {
        let db = try Connection()
        let date = NSDate(timeIntervalSince1970: 1_498_616_987.587)
        var product = Product()
        product.name = "iPhone 7"
        product.price = NSNumber(value: 599)
        product.code = NSNumber(value: 7)
        product.publishDate = date
        try db.save(&product)
        #expect(product.id == 1)

        let found = try #require(try Product.fetchOne(in: db, filter: SQLExpression<String>("name") == "iPhone 7"))
        #expect(found.price.doubleValue == 599)
        #expect(found.code.int64Value == 7)
        #expect(found.publishDate?.timeIntervalSince1970 == date.timeIntervalSince1970)
        #expect(found.desc == nil)
        // Stored as the column types say: 599 as a REAL, 7 as an INTEGER, the date as text.
        let types = try db.prepare("SELECT typeof(price), typeof(code), publishDate FROM product").map {
            [$0[0] as? String, $0[1] as? String, $0[2] as? String]
        }
        #expect(types == [["real", "integer", "2017-06-28T02:29:47.587"]])

        var edited = found
        edited.price = NSNumber(value: 549.99)
        edited.publishDate = nil
        #expect(try db.update(edited))
        let updated = try #require(try Product.find(1, in: db))
        #expect(updated.price.doubleValue == 549.99)
        #expect(updated.publishDate == nil)

        var products: [Product] = []
        for index in 1..<8 {
            var item = Product()
            item.name = "iPhone-\(index)"
            item.price = NSNumber(value: index)
            item.code = NSNumber(value: index * 10)
            products.append(item)
        }
        try db.insertMany(products)
        let price = SQLExpression<Double>("price")
        let cheap = try Product.fetchAll(in: db, filter: price < 3.5, order: [price.asc])
        #expect(cheap.map(\.code.int64Value) == [10, 20, 30])
    }

    @Test("a number with a fraction in an INTEGER property is a thrown error when saved, nothing stored")
    func fractionInAnIntegerProperty() throws {
        let db = try Connection()
        var product = Product()
        product.code = NSNumber(value: 1.5)
        #expect(throws: EncodingError.self) { try db.save(&product) }
        #expect(try Product.count(in: db) == 0)
        product.code = NSNumber(value: 2.0)  // integral: stored as the integer 2
        try db.save(&product)
        #expect(try Product.find(product.id, in: db)?.code.int64Value == 2)
    }

    @Test("a REAL with a fraction, text or NULL read into an integer NSNumber property is a DecodingError")
    func mismatchesWhenReading() throws {
        let db = try Connection()
        var product = Product()
        try db.save(&product)
        try db.execute("UPDATE product SET code = 2.5")
        #expect(throws: DecodingError.self) { try Product.find(product.id, in: db) }
        try db.execute("UPDATE product SET code = 4.0")  // SQLite's INTEGER affinity stores 4
        #expect(try Product.find(product.id, in: db)?.code.int64Value == 4)
        try db.execute("UPDATE product SET code = 'many'")
        #expect(throws: DecodingError.self) { try Product.find(product.id, in: db) }
        try db.execute("UPDATE product SET code = 3, publishDate = 'someday'")
        #expect(throws: DecodingError.self) { try Product.find(product.id, in: db) }
        try db.execute("UPDATE product SET publishDate = NULL, price = 'cheap'")
        #expect(throws: DecodingError.self) { try Product.find(product.id, in: db) }
    }

    @Test("with JSONEncoder and JSONDecoder, numbers and dates round-trip")
    func otherCoders() throws {
        struct Holder: Codable {
            @Stored var count: NSNumber = 0
            @Stored var ratio: NSNumber = 0
            @Stored var when: NSDate? = nil
        }
        var holder = Holder()
        holder.count = NSNumber(value: 3)
        holder.ratio = NSNumber(value: 0.25)
        holder.when = NSDate(timeIntervalSince1970: 86_400)
        let data = try JSONEncoder().encode(holder)
        let decoded = try JSONDecoder().decode(Holder.self, from: data)
        #expect(decoded.count.int64Value == 3)
        #expect(decoded.ratio.doubleValue == 0.25)
        #expect(decoded.when?.timeIntervalSince1970 == 86_400)
    }
}
