import SQLiteCore
import Testing

@Suite struct AggregationTests {
    private func makeDatabase() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE sales (region TEXT, amount REAL, note TEXT);
            INSERT INTO sales VALUES ('north', 10, 'a'), ('north', 20, 'b'), ('south', 5, 'c'),
                ('south', 7.5, NULL), ('east', 1, 'd');
            CREATE TABLE empty (amount REAL);
            """)
        return db
    }

    private func registerConcat(_ db: Connection) throws {
        try db.createAggregation(
            "customConcat", argumentCount: 1, initialValue: "",
            reduce: { last, args in last + (args.first.flatMap { $0 as? String } ?? "") },
            result: { $0 })
    }

    @Test func reduceAndResultForm() throws {
        let db = try makeDatabase()
        try registerConcat(db)
        #expect(
            try db.scalar("SELECT customConcat(note) FROM (SELECT note FROM sales ORDER BY rowid)") as? String == "abcd"
        )
        try db.createAggregation(
            "total", initialValue: 0.0,
            reduce: { sum, args in sum + (args[0] as? Double ?? 0) }, result: { $0 })
        #expect(try db.scalar("SELECT total(amount) FROM sales") as? Double == 43.5)
    }

    @Test func emptyTableGivesTheResultOfTheInitialValue() throws {
        let db = try makeDatabase()
        try registerConcat(db)
        try db.createAggregation(
            "countOrNil", argumentCount: 1, initialValue: Int64(0),
            reduce: { count, _ in count + 1 }, result: { $0 == 0 ? nil : $0 })
        #expect(try db.scalar("SELECT customConcat(amount) FROM empty") as? String == "")
        #expect(try db.scalar("SELECT countOrNil(amount) FROM empty") == nil)
        #expect(try db.scalar("SELECT countOrNil(amount) FROM sales") as? Int64 == 5)
    }

    @Test func eachGroupStartsFresh() throws {
        let db = try makeDatabase()
        try registerConcat(db)
        let rows = try db.prepare(
            "SELECT region, customConcat(note) FROM (SELECT * FROM sales ORDER BY rowid) GROUP BY region ORDER BY region"
        ).map { [$0[0] as? String, $0[1] as? String] }
        #expect(rows == [["east", "d"], ["north", "ab"], ["south", "c"]])
        // Running the statement again starts over too.
        #expect(try db.scalar("SELECT customConcat(note) FROM sales WHERE region = 'east'") as? String == "d")
        #expect(try db.scalar("SELECT customConcat(note) FROM sales WHERE region = 'east'") as? String == "d")
    }

    @Test func classBasedForm() throws {
        final class Stats {
            var count = 0
            var sum = 0.0
        }
        let db = try makeDatabase()
        let created = Locked(0)
        try db.createAggregation(
            "mean", argumentCount: 1,
            initialValue: { () -> Stats in
                created.withLock { $0 += 1 }
                return Stats()
            },
            reduce: { stats, args in
                stats.count += 1
                stats.sum += args[0] as? Double ?? 0
                return stats
            },
            result: { $0.count == 0 ? nil : $0.sum / Double($0.count) })
        #expect(try db.scalar("SELECT mean(amount) FROM sales WHERE region = 'north'") as? Double == 15)
        let rows = try db.prepare("SELECT region, mean(amount) FROM sales GROUP BY region ORDER BY region")
            .map { [$0[0] as? String, ($0[1] as? Double).map { "\($0)" }] }
        #expect(rows == [["east", "1.0"], ["north", "15.0"], ["south", "6.25"]])
        #expect(try db.scalar("SELECT mean(amount) FROM empty") == nil)
        #expect(created.value >= 4)  // one object per evaluation, never shared
    }

    @Test func aggregateWithSeveralArgumentsAndDistinct() throws {
        let db = try makeDatabase()
        try db.createAggregation(
            "weighted", argumentCount: 2, initialValue: 0.0,
            reduce: { sum, args in sum + (args[0] as? Double ?? 0) * Double(args[1] as? Int64 ?? 0) },
            result: { $0 })
        #expect(try db.scalar("SELECT weighted(amount, 2) FROM sales") as? Double == 87)
        try db.createAggregation(
            "countValues", argumentCount: 1, initialValue: Int64(0), reduce: { count, _ in count + 1 },
            result: { $0 })
        #expect(try db.scalar("SELECT countValues(DISTINCT region) FROM sales") as? Int64 == 3)
    }

    @Test func customAggregateIsNotAWindowFunction() throws {
        let db = try makeDatabase()
        try registerConcat(db)
        let error = expectResult(code: SQLITE_ERROR) {
            _ = try db.prepare("SELECT customConcat(note) OVER (ORDER BY rowid) FROM sales")
        }
        #expect(error?.message.contains("may not be used as a window function") == true)
        // As a plain aggregate in a subquery it is fine.
        #expect(
            try db.scalar("SELECT customConcat(n) FROM (SELECT note AS n FROM sales WHERE note IS NOT NULL)") as? String
                == "abcd")
    }

    @Test func throwingReduceOrResultIsAnSQLError() throws {
        let db = try makeDatabase()
        try db.createAggregation(
            "failingReduce", argumentCount: 1, initialValue: 0.0,
            reduce: { sum, args in
                guard let value = args[0] as? Double, value < 15 else { throw TestError(text: "too big") }
                return sum + value
            },
            result: { $0 })
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT failingReduce(amount) FROM sales") }
        #expect(error?.message == "too big")
        #expect(try db.scalar("SELECT failingReduce(amount) FROM sales WHERE amount < 15") as? Double == 23.5)

        try db.createAggregation(
            "failingResult", argumentCount: 1, initialValue: 0.0,
            reduce: { sum, _ in sum + 1 },
            result: { _ in throw TestError(text: "no result") })
        let resultError = expectResult(code: SQLITE_ERROR) {
            _ = try db.scalar("SELECT failingResult(amount) FROM sales")
        }
        #expect(resultError?.message == "no result")
    }

    @Test func statementAbandonedMidGroupAndClosuresReleasedOnClose() throws {
        let released = Locked(false)
        do {
            let db = try makeDatabase()
            do {
                let tracked = Tracked(released)
                try db.createAggregation(
                    "tracking", argumentCount: 1, initialValue: Int64(0),
                    reduce: { count, _ in count + tracked.touch() }, result: { $0 })
            }
            do {
                let statement = try db.prepare("SELECT region, tracking(amount) FROM sales GROUP BY region")
                #expect(try statement.step())
                #expect(statement.row[1] == Int64(1))
            }
            #expect(try db.scalar("SELECT tracking(amount) FROM sales") as? Int64 == 5)
            #expect(!released.value)
        }
        #expect(released.value)
    }
}
