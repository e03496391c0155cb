import SQLiteCore
import Testing

/// Binding mistakes throw at the call that makes them, with code, message and SQL: preparing
/// with values, `run` and `scalar`, on a connection and on a statement. (`Statement.bind(...)`
/// keeps SQLite.swift's non-throwing signature: its mistakes are thrown by the next run.)
@Suite struct BindingAtCallTests {
    /// One way of giving values to `sql`, and the message its mistake gives.
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let sql: String
        let message: String
        let call: @Sendable (Connection) throws -> Void
    }

    static let positional = "INSERT INTO t (a, b) VALUES (?, ?)"
    static let named = "INSERT INTO t (a, b) VALUES (:a, :b)"

    static let cases: [Case] = [
        // Positional, variadic.
        Case(testDescription: "prepare, too few values", sql: positional, message: "2 value(s) expected, 1 given") {
            _ = try $0.prepare(positional, 1)
        },
        Case(testDescription: "prepare, too many values", sql: positional, message: "2 value(s) expected, 3 given") {
            _ = try $0.prepare(positional, 1, 2, 3)
        },
        Case(testDescription: "run, too few values", sql: positional, message: "2 value(s) expected, 1 given") {
            try $0.run(positional, 1)
        },
        Case(testDescription: "run, too many values", sql: positional, message: "2 value(s) expected, 3 given") {
            try $0.run(positional, 1, nil, 3)
        },
        Case(testDescription: "scalar, too few values", sql: positional, message: "2 value(s) expected, 1 given") {
            _ = try $0.scalar(positional, 1)
        },
        Case(testDescription: "scalar, too many values", sql: positional, message: "2 value(s) expected, 3 given") {
            _ = try $0.scalar(positional, 1, 2, 3)
        },
        // Positional, array.
        Case(testDescription: "prepare [], too few", sql: positional, message: "2 value(s) expected, 1 given") {
            _ = try $0.prepare(positional, [1] as [Binding?])
        },
        Case(testDescription: "prepare [], too many", sql: positional, message: "2 value(s) expected, 3 given") {
            _ = try $0.prepare(positional, [1, 2, nil] as [Binding?])
        },
        Case(testDescription: "run [], too few", sql: positional, message: "2 value(s) expected, 1 given") {
            try $0.run(positional, [1] as [Binding?])
        },
        Case(testDescription: "run [], too many", sql: positional, message: "2 value(s) expected, 3 given") {
            try $0.run(positional, [1, 2, 3] as [Binding?])
        },
        Case(testDescription: "scalar [], too few", sql: positional, message: "2 value(s) expected, 1 given") {
            _ = try $0.scalar(positional, [1] as [Binding?])
        },
        Case(testDescription: "scalar [], too many", sql: positional, message: "2 value(s) expected, 3 given") {
            _ = try $0.scalar(positional, [1, 2, 3] as [Binding?])
        },
        // Named, dictionary.
        Case(
            testDescription: "prepare [:], unknown name", sql: named, message: "no parameter named :c in the statement"
        ) { _ = try $0.prepare(named, [":a": 1, ":c": 2]) },
        Case(testDescription: "prepare [:], too few", sql: named, message: "no value given for parameter(s) :b") {
            _ = try $0.prepare(named, [":a": 1])
        },
        Case(testDescription: "run [:], unknown name", sql: named, message: "no parameter named c in the statement") {
            try $0.run(named, ["a": 1, "b": 2, "c": 3])
        },
        Case(testDescription: "run [:], too few", sql: named, message: "no value given for parameter(s) :a") {
            try $0.run(named, ["b": 1])
        },
        Case(testDescription: "scalar [:], unknown name", sql: named, message: "no parameter named :x in the statement")
        { _ = try $0.scalar(named, [":x": 1]) },
        Case(testDescription: "scalar [:], too few", sql: named, message: "no value given for parameter(s) :b") {
            _ = try $0.scalar(named, [":a": 1])
        },
        // On a statement.
        Case(testDescription: "Statement.run, too many", sql: positional, message: "2 value(s) expected, 3 given") {
            try $0.prepare(positional).run(1, 2, 3)
        },
        Case(testDescription: "Statement.run, too few", sql: positional, message: "2 value(s) expected, 1 given") {
            try $0.prepare(positional).run(1 as Binding?)
        },
        Case(testDescription: "Statement.run [], too few", sql: positional, message: "2 value(s) expected, 1 given") {
            try $0.prepare(positional).run([1] as [Binding?])
        },
        Case(
            testDescription: "Statement.run [:], unknown name", sql: named,
            message: "no parameter named :c in the statement"
        ) { try $0.prepare(named).run([":a": 1, ":b": 2, ":c": 3]) },
        Case(testDescription: "Statement.scalar, too many", sql: positional, message: "2 value(s) expected, 3 given") {
            _ = try $0.prepare(positional).scalar(1, 2, 3)
        },
        Case(
            testDescription: "Statement.scalar [], too few", sql: positional, message: "2 value(s) expected, 1 given"
        ) { _ = try $0.prepare(positional).scalar([1] as [Binding?]) },
        Case(
            testDescription: "Statement.scalar [:], too few", sql: named, message: "no value given for parameter(s) :a"
        ) { _ = try $0.prepare(named).scalar([":b": 1]) },
    ]

    @Test(arguments: cases)
    func mistakeThrowsAtTheCall(_ mistake: Case) throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a, b)")
        let error = expectResult(code: SQLITE_RANGE) { try mistake.call(db) }
        #expect(error?.message == mistake.message)
        #expect(error?.sql == mistake.sql)
        #expect(error?.description == "\(mistake.message) (code: \(SQLITE_RANGE))")
        #expect(error?.debugDescription == "\(mistake.message) (\(mistake.sql)) (code: \(SQLITE_RANGE))")
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 0)
    }

    @Test func rightValuesInEveryForm() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a, b)")
        let positional = Self.positional
        let named = Self.named
        try db.prepare(positional, 1, 2).run()
        try db.prepare(positional, [3, 4] as [Binding?]).run()
        try db.prepare(named, [":a": 5, "b": 6]).run()
        try db.run(positional, 7, nil)
        try db.run(named, ["a": 9, ":b": 10])
        #expect(try db.scalar("SELECT ? + ?", 1, 2) as? Int64 == 3)
        #expect(try db.scalar("SELECT :x * 2", ["x": 4]) as? Int64 == 8)
        #expect(
            try db.scalar("SELECT group_concat(a || ':' || ifnull(b, 'null')) FROM t") as? String
                == "1:2,3:4,5:6,7:null,9:10")
        // No values: nothing bound yet, as in SQLite.swift; the statement is bound later.
        let later = try db.prepare(positional)
        try later.bind(11, 12).run()
        let empty = try db.prepare(positional, [] as [Binding?])
        try empty.run(13, 14)
        let emptyNamed = try db.prepare(named, [:])
        try emptyNamed.run([":a": 15, ":b": 16])
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 8)
    }

    /// `Statement.bind(...)` cannot throw (SQLite.swift's signature): its mistake is thrown
    /// by the next run, with the statement's SQL.
    @Test func bindKeepsItsMistakeForTheNextRun() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a, b)")
        let statement = try db.prepare(Self.positional).bind(1)
        let error = expectResult(code: SQLITE_RANGE) { try statement.run() }
        #expect(error?.message == "2 value(s) expected, 1 given")
        #expect(error?.sql == Self.positional)
        let named = try db.prepare(Self.named).bind(["nope": 1])
        let unknown = expectResult(code: SQLITE_RANGE) { _ = try named.step() }
        #expect(unknown?.message == "no parameter named nope in the statement")
    }
}
