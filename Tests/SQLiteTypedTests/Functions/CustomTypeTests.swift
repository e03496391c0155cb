import SQLiteTyped
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Foundation has its own `Expression`; this file means SQLiteTyped's.
private typealias Expression = SQLiteTyped.Expression

/// A custom value type stored as REAL.
struct Celsius: Value, Equatable, FunctionValue {
    var degrees: Double
    static let declaredDatatype = Double.declaredDatatype
    static func fromDatatypeValue(_ value: Double) -> Celsius { Celsius(degrees: value) }
    var datatypeValue: Double { degrees }
}

@Suite struct CustomTypeTests {
    @Test func customValuesStoreAndCompare() throws {
        let db = try Connection()
        let readings = Table("readings")
        let temperature = Expression<Celsius>("temperature")
        try db.run(readings.create { t in t.column(temperature) })
        #expect(
            readings.create { t in t.column(temperature) } == #"CREATE TABLE "readings" ("temperature" REAL NOT NULL)"#)
        try db.run(readings.insert(temperature <- Celsius(degrees: 21.5)))
        try db.run(readings.insert(temperature <- Celsius(degrees: 30)))
        #expect(try db.scalar(readings.filter(temperature > Celsius(degrees: 25)).count) == 1)
        let row = try #require(try db.pluck(readings.order(temperature)))
        #expect(row[temperature] == Celsius(degrees: 21.5))
        let warmer: (Expression<Celsius>) -> Expression<Celsius> = try db.createFunction("warmer") {
            Celsius(degrees: $0.degrees + 1)
        }
        #expect(try db.scalar(readings.select(warmer(temperature).max)) == Celsius(degrees: 31))
    }
}
