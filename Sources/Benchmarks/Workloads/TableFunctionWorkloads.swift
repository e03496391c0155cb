import SQLiteCore

/// `table-function-scan`: the sum of 1...N (1,000,000 rows; 100,000 with `--quick`) read
/// through a table-valued function written in Swift (``Connection/createTableFunction(_:columns:arguments:_:)``,
/// one `[SQLValue]` per row) against the same rows from a recursive CTE run through the raw C
/// API, SQLite producing rows with no Swift in the loop. The sum is taken in SQL by both, so
/// that the measure is the cost of producing rows.
enum TableFunctionWorkloads {
    static let workload = "table-function-scan"

    static func all(_ options: Options) throws -> [Benchmark] {
        let raw = try RawSQL.open("raw-c-table-function", options)
        let db = try options.connection("core-table-function")
        try db.createTableFunction("numbers", columns: ["value"], arguments: ["count"]) { arguments in
            let count: Int64 = if case .integer(let count) = arguments[0] { count } else { 0 }
            return (1...max(count, 1)).lazy.map { [SQLValue.integer($0)] }
        }
        let rows = options.scanRows
        return [
            Benchmark(workload: workload, tier: "raw-c", prepare: {}, run: { try recursiveCTE(raw, rows: rows) }),
            Benchmark(
                workload: workload, tier: "core", prepare: {},
                run: { try db.scalar("SELECT sum(value) FROM numbers(?)", rows) as? Int64 ?? -1 }),
        ]
    }

    static func recursiveCTE(_ db: OpaquePointer, rows: Int) throws -> Int64 {
        var statement: OpaquePointer?
        let sql = "WITH RECURSIVE s(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM s WHERE v < ?) SELECT sum(v) FROM s"
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        sqlite3_bind_int64(statement, 1, Int64(rows))
        guard sqlite3_step(statement) == SQLITE_ROW else {
            throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        return sqlite3_column_int64(statement, 0)
    }
}
