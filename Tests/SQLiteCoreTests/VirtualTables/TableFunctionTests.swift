import SQLiteCore
import Testing

@Suite struct TableFunctionTests {
    @Test func seriesProducesItsRows() throws {
        let db = try Connection()
        try registerSeries(on: db)
        #expect(try db.selectAll(sql: "SELECT value FROM series(1, 5)") == [[1], [2], [3], [4], [5]])
        #expect(try db.selectAll(sql: "SELECT value FROM series(1, 10, 4)") == [[1], [5], [9]])
        #expect(try db.scalar("SELECT sum(value) FROM series(1, 100)") as? Int64 == 5050)
    }

    @Test func hiddenArgumentColumnsReadBackAndWorkAsConstraints() throws {
        let db = try Connection()
        try registerSeries(on: db)
        #expect(try db.selectAll(sql: "SELECT start, stop, value FROM series(2, 3)") == [[2, 3, 2], [2, 3, 3]])
        #expect(
            try db.selectAll(sql: "SELECT value FROM series WHERE start = 7 AND stop = 8") == [[7], [8]])
    }

    @Test func argumentsMayBeBoundAndComeFromAJoin() throws {
        let db = try Connection()
        try registerSeries(on: db)
        #expect(try db.selectAll(sql: "SELECT value FROM series(?, ?)", parameters: [3, 4]) == [[3], [4]])
        try db.execute("CREATE TABLE bounds (lo, hi); INSERT INTO bounds VALUES (1, 2), (10, 11)")
        let rows = try db.selectAll(
            sql: "SELECT b.lo, s.value FROM bounds AS b, series(b.lo, b.hi) AS s ORDER BY 1, 2")
        #expect(rows == [[1, 1], [1, 2], [10, 10], [10, 11]])
    }

    @Test func thrownErrorsBecomeTheStatementsError() throws {
        let db = try Connection()
        try registerSeries(on: db)
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.selectAll(sql: "SELECT * FROM series('a', 2)") }
        #expect(error?.message == "series(start, stop, step) takes integers")
        let step = expectResult(code: SQLITE_ERROR) { _ = try db.selectAll(sql: "SELECT * FROM series(1, 2, 0)") }
        #expect(step?.message == "series: step must be positive")
    }

    @Test(arguments: [
        ("SELECT * FROM series()", "takes integers"),
        ("SELECT * FROM series(1)", "takes integers"),
        ("SELECT * FROM series(NULL, NULL)", "takes integers"),
        ("SELECT * FROM series(1, 2, 3, 4)", "too many arguments on series() - max 3"),
    ])
    func hostileArgumentsFailClearly(sql: String, message: String) throws {
        let db = try Connection()
        try registerSeries(on: db)
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.selectAll(sql: sql) }
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test func hugeValuesStayExact() throws {
        let db = try Connection()
        try registerSeries(on: db)
        let rows = try db.selectAll(sql: "SELECT value FROM series(?, ?)", parameters: [Int64.max - 1, Int64.max])
        #expect(rows == [[.integer(Int64.max - 1)], [.integer(Int64.max)]])
        try db.createTableFunction("echo", columns: ["value"], arguments: ["x"]) { [$0] }
        let big = String(repeating: "x", count: 1_000_000)
        #expect(try db.selectAll(sql: "SELECT value FROM echo(?)", parameters: [.text(big)]) == [[.text(big)]])
        #expect(try db.selectAll(sql: "SELECT value FROM echo(NULL)") == [[.null]])
    }

    @Test func rowsShorterThanTheColumnsReadAsNull() throws {
        let db = try Connection()
        try db.createTableFunction("pairs", columns: ["a", "b"]) { _ in [[SQLValue.integer(1)], [2, 3]] }
        #expect(try db.selectAll(sql: "SELECT a, b FROM pairs") == [[1, .null], [2, 3]])
    }

    @Test func functionsWithoutColumnsAreRefused() throws {
        let db = try Connection()
        expectResult(code: SQLITE_MISUSE) { try db.createTableFunction("none", columns: []) { _ in [[SQLValue]]() } }
    }

    @Test func columnNamesAreQuoted() throws {
        let db = try Connection()
        try db.createTableFunction("odd", columns: ["select", "a \"b\""], arguments: ["from"]) { args in
            [[args[0], .text("x")]]
        }
        #expect(try db.selectAll(sql: #"SELECT "select", "a ""b""" FROM odd(5)"#) == [[5, "x"]])
    }

    @Test func manyConnectionsEachHaveTheirOwnFunction() async throws {
        try await withThrowingTaskGroup(of: Int64.self) { group in
            for n in 1...8 {
                group.addTask {
                    let db = try Connection()
                    try db.createTableFunction("numbers", columns: ["n"]) { _ in
                        (1...Int64(n * 100)).lazy.map { [SQLValue.integer($0)] }
                    }
                    return try db.scalar("SELECT count(*) FROM numbers") as? Int64 ?? -1
                }
            }
            var counts: [Int64] = []
            for try await count in group { counts.append(count) }
            #expect(counts.sorted() == (1...8).map { Int64($0 * 100) })
        }
    }

    @Test func aFunctionRegisteredAgainReplacesTheFirst() throws {
        let db = try Connection()
        try db.createTableFunction("f", columns: ["v"]) { _ in [[SQLValue.integer(1)]] }
        #expect(try db.scalar("SELECT v FROM f") as? Int64 == 1)
        try db.createTableFunction("f", columns: ["v"]) { _ in [[SQLValue.integer(2)]] }
        #expect(try db.scalar("SELECT v FROM f") as? Int64 == 2)
        try db.dropModule("f")
        expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT v FROM f") }
    }
}
