import SQLiteCore
import Testing

@Suite struct WindowFunctionTests {
    /// Rows of `t (g TEXT, x INTEGER)`: two partitions.
    static func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (g TEXT, x INTEGER);
            INSERT INTO t VALUES ('a', 1), ('a', 2), ('a', 4), ('a', 8), ('b', 16), ('b', 32), ('b', 64);
            """)
        return db
    }

    /// A sum over Int64 values, counting its calls.
    static func defineSum(_ db: Connection, inverses: Locked<Int> = Locked(0)) throws {
        try db.defineWindowFunction(
            "mysum", argumentCount: 1, initialValue: Int64(0),
            step: { sum, args in sum += args[0] as? Int64 ?? 0 },
            inverse: { sum, args in
                inverses.withLock { $0 += 1 }
                sum -= args[0] as? Int64 ?? 0
            },
            value: { $0 })
    }

    /// The first column of each row, failing with the statement's error.
    static func column(_ db: Connection, _ sql: String) throws -> [Int64?] {
        let statement = try db.prepare(sql)
        var values: [Int64?] = []
        while let row = try statement.failableNext() { values.append(row[0] as? Int64) }
        return values
    }

    @Test(arguments: [
        "OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)",
        "OVER (PARTITION BY g ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)",
        "OVER (PARTITION BY g ORDER BY x ROWS BETWEEN 2 PRECEDING AND 1 FOLLOWING)",
        "OVER (PARTITION BY g)",
        "OVER (ORDER BY x)",
    ])
    func movingSumMatchesSQLitesSum(window: String) throws {
        let db = try Self.database()
        let inverses = Locked(0)
        try Self.defineSum(db, inverses: inverses)
        let ours = try Self.column(db, "SELECT mysum(x) \(window) FROM t ORDER BY g, x")
        let builtin = try Self.column(db, "SELECT sum(x) \(window) FROM t ORDER BY g, x")
        #expect(ours == builtin)
        if window.contains("PRECEDING") { #expect(inverses.value > 0, "the frame moves: rows leave it") }
    }

    @Test func movingSumValues() throws {
        let db = try Self.database()
        let inverses = Locked(0)
        try Self.defineSum(db, inverses: inverses)
        let sums = try Self.column(
            db, "SELECT mysum(x) OVER (PARTITION BY g ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t")
        #expect(sums == [1, 3, 6, 12, 16, 48, 96])
        // One row leaves each frame after the second of each partition.
        #expect(inverses.value == 3)
    }

    @Test func movingAverageWithAStateAndAFinal() throws {
        struct Mean {
            var count = 0
            var sum = 0.0
        }
        let db = try Self.database()
        let average: @Sendable (Mean) -> Binding? = { $0.count == 0 ? nil : $0.sum / Double($0.count) }
        try db.defineWindowFunction(
            "mean", argumentCount: 1, initialValue: Mean(),
            step: { (mean: inout Mean, args: [Binding?]) in
                mean.count += 1
                mean.sum += Double(args[0] as? Int64 ?? 0)
            },
            inverse: { (mean: inout Mean, args: [Binding?]) in
                mean.count -= 1
                mean.sum -= Double(args[0] as? Int64 ?? 0)
            },
            value: average, final: average)
        let window = "OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)"
        let ours = try db.prepare("SELECT mean(x) \(window) FROM t").map { $0[0] as? Double }
        let builtin = try db.prepare("SELECT avg(x) \(window) FROM t").map { $0[0] as? Double }
        #expect(ours == builtin)
        // As a plain aggregate too, with each group's fresh state.
        let groups = try db.prepare("SELECT g, mean(x) FROM t GROUP BY g ORDER BY g").map { $0[1] as? Double }
        #expect(groups == [15.0 / 4, 112.0 / 3])
        #expect(try db.scalar("SELECT mean(x) FROM t WHERE x < 0") == nil)
    }

    @Test func anErrorThrownFromStepFailsTheStatement() throws {
        let db = try Self.database()
        try db.defineWindowFunction(
            "picky", argumentCount: 1, initialValue: Int64(0),
            step: { sum, args in
                guard let value = args[0] as? Int64, value < 30 else { throw TestError(text: "too big") }
                sum += value
            },
            inverse: { sum, args in sum -= args[0] as? Int64 ?? 0 },
            value: { $0 })
        let error = expectResult(code: SQLITE_ERROR) {
            _ = try Self.column(db, "SELECT picky(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t")
        }
        #expect(error?.message == "too big")
        // The function keeps working on rows it accepts.
        #expect(try Self.column(db, "SELECT picky(x) OVER (ORDER BY x) FROM t WHERE x < 30") == [1, 3, 7, 15, 31])
    }

    @Test func anErrorThrownFromValueFailsTheStatement() throws {
        let db = try Self.database()
        try db.defineWindowFunction(
            "novalue", argumentCount: 1, initialValue: 0, step: { _, _ in }, inverse: { _, _ in },
            value: { _ in throw TestError(text: "no value") })
        let error = expectResult(code: SQLITE_ERROR) { _ = try Self.column(db, "SELECT novalue(x) OVER () FROM t") }
        #expect(error?.message == "no value")
    }

    /// Each window's state is released once SQLite is done with it: after the statement, after
    /// a failed step, after a statement left part way through its rows.
    @Test func statesAreReleased() throws {
        final class State: Sendable {
            let live: Locked<Int>
            init(_ live: Locked<Int>) {
                self.live = live
                live.withLock { $0 += 1 }
            }
            deinit { live.withLock { $0 -= 1 } }
        }
        let live = Locked(0)
        let made = Locked(0)
        let db = try Self.database()
        try db.defineWindowFunction(
            "counted", argumentCount: 1,
            initialValue: {
                made.withLock { $0 += 1 }
                return State(live)
            }(),
            step: { _, args in if args[0] as? Int64 == 64 { throw TestError() } },
            inverse: { _, _ in },
            value: { _ in 1 })
        _ = try Self.column(db, "SELECT counted(x) OVER (PARTITION BY g ORDER BY x) FROM t WHERE x < 64")
        #expect(made.value >= 2)
        #expect(live.value == 0)
        expectResult(code: SQLITE_ERROR) { _ = try Self.column(db, "SELECT counted(x) OVER (PARTITION BY g) FROM t") }
        #expect(live.value == 0)
        do {
            let statement = try db.prepare("SELECT counted(x) OVER (PARTITION BY g ORDER BY x) FROM t WHERE x < 64")
            let rows = statement.makeIterator()
            _ = rows.next()
        }
        #expect(live.value == 0)
    }

    @Test func theFunctionIsReleasedWhenReplacedAndWhenTheConnectionCloses() throws {
        let first = Locked(false)
        let second = Locked(false)
        let db = try Connection()
        do {
            let a = Tracked(first)
            try db.defineWindowFunction(
                "w", argumentCount: 1, initialValue: 0, step: { _, _ in }, inverse: { _, _ in },
                value: { _ in a.touch() })
            let b = Tracked(second)
            try db.defineWindowFunction(
                "w", argumentCount: 1, initialValue: 0, step: { _, _ in }, inverse: { _, _ in },
                value: { _ in b.touch() })
        }
        #expect(first.value)
        #expect(try db.scalar("SELECT w(1) OVER ()") as? Int64 == 1)
        #expect(!second.value)
        try db.close()
        #expect(second.value)
    }

    @Test func aRefusedRegistrationThrows() throws {
        let db = try Connection()
        let name = String(repeating: "w", count: 300)
        expectResult(code: SQLITE_MISUSE) {
            try db.defineWindowFunction(
                name, initialValue: 0, step: { _, _ in }, inverse: { _, _ in }, value: { _ in nil })
        }
        db.createWindowFunction(name, initialValue: 0, step: { _, _ in }, inverse: { _, _ in }, value: { _ in nil })
    }
}
