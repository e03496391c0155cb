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
        db.createAggregation(
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
        db.createAggregation(
            "total", initialValue: 0.0,
            reduce: { sum, args in sum + (args[0] as? Double ?? 0) }, result: { $0 })
        #expect(try db.scalar("SELECT total(amount) FROM sales") as? Double == 43.5)
    }

    @Test func emptyTableGivesTheResultOfTheInitialValue() throws {
        let db = try makeDatabase()
        try registerConcat(db)
        db.createAggregation(
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
        db.createAggregation(
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
        db.createAggregation(
            "weighted", argumentCount: 2, initialValue: 0.0,
            reduce: { sum, args in sum + (args[0] as? Double ?? 0) * Double(args[1] as? Int64 ?? 0) },
            result: { $0 })
        #expect(try db.scalar("SELECT weighted(amount, 2) FROM sales") as? Double == 87)
        db.createAggregation(
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
        db.createAggregation(
            "failingReduce", argumentCount: 1, initialValue: 0.0,
            reduce: { sum, args in
                guard let value = args[0] as? Double, value < 15 else { throw TestError(text: "too big") }
                return sum + value
            },
            result: { $0 })
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT failingReduce(amount) FROM sales") }
        #expect(error?.message == "too big")
        #expect(try db.scalar("SELECT failingReduce(amount) FROM sales WHERE amount < 15") as? Double == 23.5)

        db.createAggregation(
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
                db.createAggregation(
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

    /// SQLite.swift's Playground: a stored, non-throwing `reduce`, registered without `try`.
    @Test func playgroundCustomConcat() throws {
        let db = try Connection()
        try db.execute(
            "CREATE TABLE users (email TEXT); INSERT INTO users VALUES ('alice@mac.com'), ('betty@icloud.com')")
        let reduce: @Sendable (String, [Binding?]) -> String = { (last, bindings) in
            last + " " + (bindings.first as? String ?? "")
        }
        db.createAggregation("customConcat", initialValue: "users:", reduce: reduce, result: { $0 })
        #expect(
            try db.scalar("SELECT customConcat(email) FROM (SELECT email FROM users ORDER BY rowid)") as? String
                == "users: alice@mac.com betty@icloud.com")
    }

    /// The object form SQLite.swift declares takes one object, not a factory: each evaluation
    /// starts from it, and a `reduce` that returns new objects leaves it untouched.
    @Test func objectInitialValueForm() throws {
        final class Total {
            let sum: Double
            init(_ sum: Double) { self.sum = sum }
        }
        let db = try makeDatabase()
        let zero = Total(0)
        db.createAggregation(
            "objectTotal", argumentCount: 1, initialValue: zero,
            reduce: { total, args in Total(total.sum + (args[0] as? Double ?? 0)) }, result: { $0.sum })
        let rows = try db.prepare("SELECT region, objectTotal(amount) FROM sales GROUP BY region ORDER BY region")
            .map { [$0[0] as? String, ($0[1] as? Double).map { "\($0)" }] }
        #expect(rows == [["east", "1.0"], ["north", "30.0"], ["south", "12.5"]])
        #expect(try db.scalar("SELECT objectTotal(amount) FROM empty") as? Double == 0)
        #expect(zero.sum == 0)
    }

    /// SQLite.swift's pointer-state form: `state` allocates, `step` updates, `final` frees.
    @Test func pointerStateForm() throws {
        let db = try makeDatabase()
        let live = Locked(0)
        db.createAggregation(
            "pointerSum", argumentCount: 1,
            step: { args, sum in sum.pointee += args[0] as? Double ?? 0 },
            final: { sum in
                defer {
                    sum.deinitialize(count: 1)
                    sum.deallocate()
                    live.withLock { $0 -= 1 }
                }
                return sum.pointee
            },
            state: {
                live.withLock { $0 += 1 }
                let sum = UnsafeMutablePointer<Double>.allocate(capacity: 1)
                sum.initialize(to: 0)
                return sum
            })
        #expect(try db.scalar("SELECT pointerSum(amount) FROM sales") as? Double == 43.5)
        let rows = try db.prepare("SELECT region, pointerSum(amount) FROM sales GROUP BY region ORDER BY region")
            .map { [$0[0] as? String, ($0[1] as? Double).map { "\($0)" }] }
        #expect(rows == [["east", "1.0"], ["north", "30.0"], ["south", "12.5"]])
        // A group without rows gets a fresh state too.
        #expect(try db.scalar("SELECT pointerSum(amount) FROM empty") as? Double == 0)
        // An abandoned statement finalizes its open group.
        do {
            let statement = try db.prepare("SELECT region, pointerSum(amount) FROM sales GROUP BY region")
            #expect(try statement.step())
        }
        #expect(live.value == 0)
    }

    @Test func pointerStateIsFreedWhenAStepThrows() throws {
        let db = try makeDatabase()
        let live = Locked(0)
        db.createAggregation(
            "failingPointer", argumentCount: 1,
            step: { args, count in
                if args[0] == nil { throw TestError(text: "a NULL note") }
                count.pointee += 1
            },
            final: { count in
                defer {
                    count.deallocate()
                    live.withLock { $0 -= 1 }
                }
                return count.pointee
            },
            state: {
                live.withLock { $0 += 1 }
                let count = UnsafeMutablePointer<Int>.allocate(capacity: 1)
                count.initialize(to: 0)
                return count
            })
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT failingPointer(note) FROM sales") }
        #expect(error?.message == "a NULL note")
        #expect(try db.scalar("SELECT failingPointer(note) FROM sales WHERE note IS NOT NULL") as? Int64 == 4)
        #expect(live.value == 0)
    }

    @Test func defineAggregationThrowsWhenRefused() throws {
        let db = try makeDatabase()
        let error = expectResult(code: SQLITE_MISUSE) {
            try db.defineAggregation(
                "wide", argumentCount: 40_000, initialValue: 0, reduce: { sum, _ in sum + 1 }, result: { $0 })
        }
        #expect(error?.message == "cannot register SQL function wide: bad parameter or other API misuse")
        try db.defineAggregation(
            "countRows", argumentCount: 1, initialValue: Int64(0), reduce: { count, _ in count + 1 }, result: { $0 })
        #expect(try db.scalar("SELECT countRows(amount) FROM sales") as? Int64 == 5)
        try db.defineAggregation(
            "objects", argumentCount: 1, initialValue: { Locked(Int64(0)) },
            reduce: { count, _ in
                count.withLock { $0 += 1 }
                return count
            }, result: { $0.value })
        #expect(try db.scalar("SELECT objects(amount) FROM sales") as? Int64 == 5)
        // The non-throwing form reports the refusal where the aggregate is used.
        db.createAggregation(
            "wide", argumentCount: 40_000, initialValue: 0, reduce: { sum, _ in sum + 1 }, result: { $0 })
        let use = expectResult(code: SQLITE_MISUSE) { _ = try db.scalar("SELECT wide(amount) FROM sales") }
        #expect(use?.sql == "SELECT wide(amount) FROM sales")
    }
}
