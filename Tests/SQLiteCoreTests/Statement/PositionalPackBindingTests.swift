import SQLiteCore
import Testing

/// `Statement.run(_:)` and `Statement.bind(_:)` with non-optional values (the parameter-pack
/// overloads): each goes over the values itself, so both are checked the same way.
@Suite struct PositionalPackBindingTests {
    let db: Connection
    let sql = "INSERT INTO t (a, b, c) VALUES (?, ?, ?)"

    init() throws {
        db = try Connection()
        try db.execute("CREATE TABLE t (a, b, c)")
    }

    private func rows() throws -> [[String]] {
        try db.prepare("SELECT quote(a), quote(b), quote(c) FROM t ORDER BY rowid")
            .map { row in row.map { "\($0 ?? "NULL")" } }
    }

    @Test(arguments: ["run", "bind"])
    func stringsNumbersAndBlobs(call: String) throws {
        let insert = try db.prepare(sql)
        let text = String(repeating: "long text ", count: 10)
        for row in 0..<3 {
            if call == "run" {
                try insert.run(text + "\(row)", Int64(row), Blob(bytes: [UInt8(row), 0xFF]))
            } else {
                try insert.bind(text + "\(row)", Int64(row), Blob(bytes: [UInt8(row), 0xFF])).run()
            }
        }
        #expect(
            try rows() == (0..<3).map { ["'\(text)\($0)'", "\($0)", "X'0\($0)FF'"] })
    }

    @Test(arguments: ["run", "bind"])
    func wrongCountOrUnstorableValueThrowsWithTheSQL(call: String) throws {
        let insert = try db.prepare(sql)
        try insert.run("kept", 1, 2)
        let count = expectResult(code: SQLITE_RANGE) {
            if call == "run" { try insert.run("a", "b") } else { try insert.bind("a", "b").run() }
        }
        #expect(count?.message == "3 value(s) expected, 2 given")
        #expect(count?.sql == sql)
        let value = expectResult(code: SQLITE_RANGE) {
            if call == "run" {
                try insert.run("a", UInt64.max, "c")
            } else {
                try insert.bind("a", UInt64.max, "c").run()
            }
        }
        #expect(value?.sql == sql)
        // The half-bound statement does not run with the earlier values.
        expectResult(code: SQLITE_RANGE) { try insert.run() }
        #expect(try rows() == [["'kept'", "1", "2"]])
    }
}
