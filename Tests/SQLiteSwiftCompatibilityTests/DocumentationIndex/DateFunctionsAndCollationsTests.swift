// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import Foundation
import SQLite
import Testing

// SQLite.swift's documentation, "Date and Time functions" and "Custom Collations", in Swift 5
// mode. With Foundation imported, its own `Expression` must be told apart: the documentation's
// `Expression<Date>` is written `SQLite.Expression<Date>` here.

@Suite("Documentation: date and time functions, custom collations")
struct DateFunctionsAndCollationsTests {
    @Test func dateFunctions() throws {
        let db = try Connection()
        let now = DateFunctions.date("now")
        // date('now')
        #expect(now.asSQL() == "date('now')")
        let ofDate = Date(timeIntervalSince1970: 1_168_335_660).date
        // date('2007-01-09T09:41:00.000')
        #expect(ofDate.asSQL() == "date('2007-01-09T09:41:00.000')")
        let ofColumn = SQLite.Expression<Date>("date").date
        // date("date")
        #expect(ofColumn.asSQL() == #"date("date")"#)
        #expect(try db.scalar("SELECT " + ofDate.asSQL()) as? String == "2007-01-09")
    }

    @Test func customCollation() throws {
        let db = try Connection()
        try db.run("CREATE TABLE restaurants (name TEXT NOT NULL)")
        try db.run("INSERT INTO restaurants VALUES ('Éclair'), ('Bistro'), ('Ecole')")
        try db.createCollation("NODIACRITIC") { lhs, rhs in
            return lhs.compare(rhs, options: .diacriticInsensitive)
        }
        let restaurants = Table("restaurants")
        let name = SQLite.Expression<String>("name")

        // The documentation writes `collate(.custom("NODIACRITIC"), name)`; SQLite.swift's
        // spelling is the method below.
        let ordered = restaurants.order(name.collate(.custom("NODIACRITIC")))
        // SELECT * FROM "restaurants" ORDER BY "name" COLLATE "NODIACRITIC"
        // (SQLite.swift parenthesizes the collated term, unlike the documentation's comment.)
        #expect(ordered.asSQL() == #"SELECT * FROM "restaurants" ORDER BY ("name" COLLATE "NODIACRITIC")"#)
        #expect(try db.prepare(ordered).map { $0[name] } == ["Bistro", "Éclair", "Ecole"])
    }
}
