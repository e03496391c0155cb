import Foundation
import SQLiteTyped
import Testing

/// ActiveSQLite's `Expression<NSNumber>` and `Expression<NSDate>` columns in the typed tier.
@Suite("Values: NSNumber and NSDate in table builders, inserts, filters and reads")
struct FoundationObjectValueTests {
    let products = Table("products")
    let id = SQLExpression<NSNumber>("id")
    let name = SQLExpression<String>("name")
    let code = SQLExpression<NSNumber>("code")
    let price = SQLExpression<NSNumber>("price")
    let published = SQLExpression<NSDate?>("publish_date")

    func database() throws -> Connection {
        let db = try Connection()
        try db.run(
            products.create { t in
                t.column(id, primaryKey: true)
                t.column(name)
                t.column(code)
                t.column(price)
                t.column(published)
            })
        return db
    }

    @Test("the table builder declares NSNumber INTEGER and NSDate TEXT")
    func createTable() {
        let sql = products.create { t in
            t.column(id, primaryKey: true)
            t.column(price)
            t.column(published)
        }
        #expect(
            sql == #"CREATE TABLE "products" ("id" INTEGER PRIMARY KEY NOT NULL, "price" INTEGER NOT NULL, "#
                + #""publish_date" TEXT)"#)
    }

    @Test("inserted numbers and dates read back equal, integers as integers and reals as reals")
    func insertAndRead() throws {
        let db = try database()
        let date = NSDate(timeIntervalSince1970: 1_498_616_987.587)
        try db.run(
            products.insert(
                name <- "iPhone 7", code <- NSNumber(value: 7), price <- NSNumber(value: 599.5), published <- date))
        try db.run(products.insert(name <- "iPad", code <- 12, price <- NSNumber(value: 329), published <- nil))

        let rows = try Array(db.prepare(products.order(id)))
        #expect(rows.count == 2)
        #expect(rows[0][id] == NSNumber(value: 1))
        #expect(rows[0][code].int64Value == 7)
        #expect(rows[0][price].doubleValue == 599.5)
        #expect(rows[0][published]?.timeIntervalSince1970 == date.timeIntervalSince1970)
        #expect(rows[1][code].int64Value == 12)
        #expect(rows[1][price].int64Value == 329)
        #expect(rows[1][published] == nil)

        // The kinds stored: an INTEGER for whole numbers, a REAL for 599.5 (INTEGER affinity keeps it).
        let types = try db.prepare("SELECT typeof(code), typeof(price) FROM products ORDER BY id").map {
            [$0[0] as? String, $0[1] as? String]
        }
        #expect(types == [["integer", "real"], ["integer", "integer"]])
    }

    @Test("filters compare NSNumbers and NSDates; values are bound")
    func filters() throws {
        let db = try database()
        for value in 1...8 {
            try db.run(
                products.insert(
                    name <- "p\(value)", code <- NSNumber(value: value), price <- NSNumber(value: Double(value) * 1.5),
                    published <- NSDate(timeIntervalSince1970: Double(value) * 86_400)))
        }
        let query = products.filter(code > NSNumber(value: 3) && price <= NSNumber(value: 9.0)).order(code.desc)
        #expect(
            query.asSQL()
                == #"SELECT * FROM "products" WHERE (("code" > 3) AND ("price" <= 9.0)) ORDER BY "code" DESC"#)
        #expect(try db.prepare(query).map { $0[code].intValue } == [6, 5, 4])
        #expect(try db.scalar(products.filter(code == NSNumber(value: 2)).count) == 1)
        #expect(try db.scalar(products.filter(published >= NSDate(timeIntervalSince1970: 7 * 86_400)).count) == 2)
        try db.run(products.filter(id == NSNumber(value: 1)).update(price <- NSNumber(value: 0.25)))
        #expect(try db.pluck(products.filter(id == NSNumber(value: 1)))?[price].doubleValue == 0.25)
    }

    @Test("mismatches throw SQLITE_MISMATCH errors, never crash")
    func mismatches() throws {
        let db = try database()
        try db.execute(
            "INSERT INTO products (id, name, code, price, publish_date) VALUES (1, 'x', 'twelve', x'00', 'not a date')")
        let row = try #require(try db.pluck(products))
        #expect(throws: (any Error).self) { try row.get(code) }
        #expect(throws: (any Error).self) { try row.get(price) }
        #expect(throws: (any Error).self) { try row.get(published) }
        #expect(throws: (any Error).self) { try NSNumber.fromDatatypeValue(.text("twelve")) }
        #expect(try NSNumber.fromDatatypeValue(.text("12")).int64Value == 12)
        #expect(try NSNumber.fromDatatypeValue(.text("1.5")).doubleValue == 1.5)
    }

    @Test("an NSNumber's stored form follows what it holds")
    func datatypeValue() {
        #expect(NSNumber(value: 42).datatypeValue == .integer(42))
        #expect(NSNumber(value: -42 as Int8).datatypeValue == .integer(-42))
        #expect(NSNumber(value: true).datatypeValue == .integer(1))
        #expect(NSNumber(value: 1.5).datatypeValue == .real(1.5))
        #expect(NSNumber(value: Float(0.5)).datatypeValue == .real(0.5))
        #expect(NSNumber(value: UInt64.max).datatypeValue == .real(Double(UInt64.max)))
        #expect(NSDate(timeIntervalSince1970: 0).datatypeValue == "1970-01-01T00:00:00.000")
    }
}
