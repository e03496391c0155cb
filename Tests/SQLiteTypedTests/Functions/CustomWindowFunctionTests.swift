import SQLiteTyped
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Foundation has its own `Expression`; this file means SQLiteTyped's.
private typealias Expression = SQLiteTyped.Expression

@Suite struct CustomWindowFunctionTests {
    let sales = Table("sales")
    let shop = Expression<String>("shop")
    let day = Expression<Int64>("day")
    let amount = Expression<Int64>("amount")
    let weight = Expression<Double>("weight")

    func database() throws -> Connection {
        let db = try Connection()
        try db.run(
            sales.create { t in
                t.column(shop)
                t.column(day)
                t.column(amount)
                t.column(weight)
            })
        for (shop, day, amount) in [("a", 1, 10), ("a", 2, 20), ("a", 3, 30), ("b", 1, 5), ("b", 2, 7)]
            as [(String, Int64, Int64)]
        {
            try db.run(sales.insert(self.shop <- shop, self.day <- day, self.amount <- amount, self.weight <- 0.5))
        }
        return db
    }

    @Test func typedWindowFunctionRendersAndReads() throws {
        let db = try database()
        let runningTotal: (Expression<Int64>) -> Expression<Int64> = try db.createWindowFunction(
            "runningTotal", initialValue: Int64(0),
            step: { total, amount in total += amount },
            inverse: { total, amount in total -= amount },
            value: { $0 })
        let running = runningTotal(amount).over(partitionBy: [shop], orderBy: [day])
        let query = sales.select(shop, day, running).order(shop, day)
        #expect(
            query.asSQL()
                == #"SELECT "shop", "day", "runningTotal"("amount") OVER (PARTITION BY "shop" ORDER BY "day") FROM "sales" ORDER BY "shop", "day""#
        )
        let totals = try db.prepareRowIterator(query).map { $0[running] }
        #expect(totals == [10, 30, 60, 5, 12])
        // The same SQL as SQLite's own sum.
        let builtin = amount.sum.over(partitionBy: [shop], orderBy: [day])
        let sums = try db.prepareRowIterator(sales.select(builtin).order(shop, day)).map { $0[builtin] }
        #expect(sums == totals.map { Optional($0) })
        // And as a plain aggregate.
        #expect(try db.scalar(sales.select(runningTotal(amount))) == 72)
    }

    @Test func twoArgumentsAndAFinal() throws {
        let db = try database()
        let weightedSum: (Expression<Int64>, Expression<Double>) -> Expression<Double> = try db.createWindowFunction(
            "weightedSum", initialValue: 0.0,
            step: { sum, value, weight in sum += Double(value) * weight },
            inverse: { sum, value, weight in sum -= Double(value) * weight },
            value: { $0 }, final: { $0 * 100 })
        let windowed = weightedSum(amount, weight).over(orderBy: [shop, day])
        #expect(windowed.asSQL() == #""weightedSum"("amount", "weight") OVER (ORDER BY "shop", "day")"#)
        let values = try db.prepareRowIterator(sales.select(windowed).order(shop, day)).map { $0[windowed] }
        #expect(values == [5, 15, 30, 32.5, 36])
        // `final` gives the plain aggregate's result.
        #expect(try db.scalar(sales.select(weightedSum(amount, weight))) == 3600)
    }

    @Test func errorsBecomeTheStatementsError() throws {
        let db = try database()
        struct Refused: Error, CustomStringConvertible {
            var description: String { "refused" }
        }
        let picky: (Expression<Int64>) -> Expression<Int64> = try db.createWindowFunction(
            "picky", initialValue: Int64(0),
            step: { total, amount in
                if amount > 20 { throw Refused() }
                total += amount
            },
            inverse: { total, amount in total -= amount },
            value: { $0 })
        let windowed = picky(amount).over(orderBy: [day])
        let error = #expect(throws: Result.self) {
            _ = try db.prepareRowIterator(sales.select(windowed)).map { $0[windowed] }
        }
        #expect(error?.message == "refused")
        // NULL for a non-optional argument.
        let nulls = picky(Expression<Int64>(literal: "NULL")).over(orderBy: [day])
        #expect(throws: Result.self) { _ = try db.prepareRowIterator(sales.select(nulls)).map { $0[nulls] } }
    }
}
