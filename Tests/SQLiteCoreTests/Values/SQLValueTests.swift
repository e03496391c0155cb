import Foundation
import SQLiteCore
import Testing

/// `SQLValue`: binding and reading each storage class, conversions, literals, and the rows of
/// `selectAll(sql:parameters:)` and `query(sql:parameters:)`.
@Suite struct SQLValueTests {
    let db: Connection

    init() throws {
        db = try Connection()
        try db.execute("CREATE TABLE v (value)")
    }

    /// Binds `value` into a column without affinity, and returns what SQLite stored (its
    /// `typeof`) and the value read back.
    private func roundTrip(_ value: SQLValue) throws -> (type: String, read: SQLValue) {
        try db.run("DELETE FROM v")
        try db.run("INSERT INTO v VALUES (?)", value)
        let type = try db.scalar("SELECT typeof(value) FROM v") as? String ?? "?"
        let statement = try db.prepare("SELECT value FROM v")
        #expect(try statement.step())
        let read = statement.row.sqlValue(at: 0)
        // Every reader gives the same value.
        #expect(try statement.row.get(SQLValue.self, at: 0) == read)
        #expect(statement.row.sqlValues == [read])
        return (type, read)
    }

    static let storedAsThemselves: [(SQLValue, String)] = [
        (.null, "null"),
        (.integer(0), "integer"),
        (.integer(-1), "integer"),
        (.integer(.min), "integer"),
        (.integer(.max), "integer"),
        (.real(1.5), "real"),
        (.real(-2.25e-300), "real"),
        (.real(.greatestFiniteMagnitude), "real"),
        (.real(.infinity), "real"),
        (.real(-.infinity), "real"),
        (.real(3), "real"),
        (.text(""), "text"),
        (.text("it's"), "text"),
        (.text("a\0b"), "text"),
        (.text("é 🙂 \u{301}"), "text"),
        (.blob(Blob(bytes: [])), "blob"),
        (.blob(Blob(bytes: [0, 1, 0xFF])), "blob"),
    ]

    @Test(arguments: storedAsThemselves)
    func everyStorageClassRoundTrips(value: SQLValue, type: String) throws {
        let (stored, read) = try roundTrip(value)
        #expect(stored == type)
        #expect(read == value)
        #expect(read.storageClass == value.storageClass)
    }

    /// Empty text, an empty blob and NULL stay three different things.
    @Test func emptyTextEmptyBlobAndNullStayApart() throws {
        let rows = try db.selectAll(
            sql: "SELECT ?, ?, ?, typeof(?), typeof(?), typeof(?)",
            parameters: ["", .blob(Blob(bytes: [])), .null, "", .blob(Data()), nil])
        #expect(rows == [["", .blob(Blob(bytes: [])), .null, "text", "blob", "null"]])
        #expect(rows[0][0].textValue == "" && rows[0][1].blobValue == Blob(bytes: []) && rows[0][2].isNull)
    }

    /// SQLite stores a NaN as NULL: it reads back as `.null`, and its literal is `NULL`.
    @Test func nanIsStoredAsNull() throws {
        let (stored, read) = try roundTrip(.real(.nan))
        #expect(stored == "null")
        #expect(read == .null)
        #expect(SQLValue.real(.nan).description == "NULL")
    }

    @Test func literalsMakeValues() {
        let values: [SQLValue] = [42, -7, 2.5, "text", true, false, nil]
        #expect(values == [.integer(42), .integer(-7), .real(2.5), .text("text"), .integer(1), .integer(0), .null])
        #expect(SQLValue(5) == .integer(5))
        #expect(SQLValue("a") == .text("a"))
        #expect(SQLValue(1.5) == .real(1.5))
        #expect(SQLValue(true) == .integer(1))
        #expect(SQLValue.blob(Data([0x0A, 0x0B])) == .blob(Blob(bytes: [0x0A, 0x0B])))
        #expect(SQLValue(Data([1])) == .blob(Blob(bytes: [1])))
        #expect(SQLValue(Blob(bytes: [2])) == .blob(Blob(bytes: [2])))
        let count = 3
        let total: Int64 = 4
        let ratio = 0.5
        #expect(SQLValue(count) == .integer(3) && SQLValue(total) == .integer(4) && SQLValue(ratio) == .real(0.5))
    }

    /// The value of every `Binding` type, as `SQLValue(_:)` converts it.
    static let bindings: [(Binding?, SQLValue)] = [
        (nil, .null),
        (Int64(-9), .integer(-9)),
        (Int.max, .integer(Int64(Int.max))),
        (true, .integer(1)),
        (false, .integer(0)),
        (0.25, .real(0.25)),
        ("x", .text("x")),
        (Blob(bytes: [9]), .blob(Blob(bytes: [9]))),
        (UInt64(Int64.max), .integer(.max)),
        (UInt(7), .integer(7)),
        (Int8.min, .integer(-128)),
        (Int16(300), .integer(300)),
        (Int32.max, .integer(Int64(Int32.max))),
        (UInt8.max, .integer(255)),
        (UInt16.max, .integer(65535)),
        (UInt32.max, .integer(Int64(UInt32.max))),
        (SQLValue.text("same"), .text("same")),
    ]

    @Test(arguments: bindings)
    func convertsEveryBindingType(binding: Binding?, expected: SQLValue) throws {
        let value = try SQLValue(binding)
        #expect(value == expected)
        // Binding the original and binding the value store the same thing.
        let direct = try db.selectAll(sql: "SELECT ?", parameters: [binding])
        #expect(direct == [[expected]])
    }

    @Test func unrepresentableBindingsThrow() {
        let tooLarge = expectResult(code: SQLITE_RANGE) { _ = try SQLValue(UInt64.max as Binding?) }
        #expect(tooLarge?.message.contains("18446744073709551615") == true)
        expectResult(code: SQLITE_RANGE) { _ = try SQLValue(UInt(UInt64.max) as Binding?) }
        expectResult(code: SQLITE_RANGE) { _ = try SQLValue(UInt64.max) }
        let own = expectResult(code: SQLITE_MISMATCH) { _ = try SQLValue(OwnBinding() as Binding?) }
        #expect(own?.message.contains("OwnBinding") == true)
    }

    @Test func convertsValueTypesThroughTheirDatatype() throws {
        let uuid = UUID()
        #expect(try SQLValue(uuid) == .text(uuid.uuidString))
        #expect(try SQLValue(Date(timeIntervalSince1970: 0)) == .text("1970-01-01T00:00:00.000"))
        let url = try #require(URL(string: "https://example.com/a"))
        #expect(try SQLValue(url) == .text("https://example.com/a"))
        #expect(try SQLValue(Float(0.5)) == .real(0.5))
        #expect(try SQLValue(Int8(-3)) == .integer(-3))
        let name: String? = nil
        #expect(try SQLValue(name) == .null)
        let other: String? = "o"
        #expect(try SQLValue(other) == .text("o"))
    }

    @Test(arguments: storedAsThemselves.map(\.0))
    func bindingGivesTheValueBack(value: SQLValue) throws {
        #expect(try SQLValue(value.binding) == value)
        #expect((value.binding == nil) == value.isNull)
    }

    @Test func accessors() {
        let integer: SQLValue = 3
        #expect(integer.int64Value == 3 && integer.doubleValue == 3 && integer.textValue == nil)
        let real: SQLValue = 2.5
        #expect(real.int64Value == nil && real.doubleValue == 2.5 && real.blobValue == nil)
        let text: SQLValue = "12"
        #expect(text.textValue == "12" && text.int64Value == nil && text.doubleValue == nil)
        let blob = SQLValue.blob(Data([1, 2]))
        #expect(blob.blobValue == Blob(bytes: [1, 2]) && blob.dataValue == Data([1, 2]) && blob.textValue == nil)
        #expect(SQLValue.null.isNull && !integer.isNull && SQLValue.null.dataValue == nil)
        #expect(integer.storageClass == .integer && SQLValue.null.storageClass == .null)
    }

    static let literals: [(SQLValue, String)] = [
        (.null, "NULL"),
        (.integer(42), "42"),
        (.integer(.min), "-9223372036854775808"),
        (.real(2.5), "2.5"),
        (.real(3), "3.0"),
        (.real(.infinity), "1e999"),
        (.real(-.infinity), "-1e999"),
        (.text("it's"), "'it''s'"),
        (.text(""), "''"),
        (.blob(Blob(bytes: [0x0A, 0x0B])), "x'0a0b'"),
        (.blob(Blob(bytes: [])), "x''"),
    ]

    /// The description is the SQL literal, and SQLite reads it back as the same value.
    @Test(arguments: literals)
    func descriptionIsTheSQLLiteral(value: SQLValue, literal: String) throws {
        #expect(value.description == literal)
        #expect(try db.selectAll(sql: "SELECT \(literal)") == [[value]])
    }

    @Test func valuesBindWhereverBindingsAreTaken() throws {
        try db.run("INSERT INTO v VALUES (?)", SQLValue.integer(1))
        try db.run("INSERT INTO v VALUES (?)", [SQLValue.text("two")])
        try db.run("INSERT INTO v VALUES (:value)", [":value": SQLValue.real(3.5)])
        let insert = try db.prepare("INSERT INTO v VALUES (?)")
        try insert.bind(SQLValue.null).run()
        try insert.run(SQLValue.blob(Data([4])))
        let statement = try db.prepare("INSERT INTO v VALUES (?)")
        try statement.bind(SQLValue.text("six"), at: 1)
        try statement.run()
        #expect(
            try db.selectAll(sql: "SELECT value FROM v ORDER BY rowid").map { $0[0] } == [
                1, "two", 3.5, nil, .blob(Data([4])), "six",
            ])
    }

    @Test func selectAllReturnsRowsInColumnOrder() throws {
        #expect(
            try db.selectAll(sql: "SELECT 1, 1.5, 'AB' || 'C', x'0A', NULL") == [
                [.integer(1), .real(1.5), .text("ABC"), .blob(Blob(bytes: [0x0A])), .null]
            ])
        try db.execute("INSERT INTO v VALUES (1), ('a'), (NULL)")
        #expect(try db.selectAll(sql: "SELECT value FROM v ORDER BY rowid") == [[1], ["a"], [nil]])
        #expect(try db.selectAll(sql: "SELECT value FROM v WHERE value = ?", parameters: [.integer(1)]) == [[1]])
        #expect(try db.selectAll(sql: "SELECT value FROM v WHERE value = ?", parameters: ["a"]) == [["a"]])
        #expect(try db.selectAll(sql: "SELECT value FROM v WHERE value = 5").isEmpty)
        // Variables of any Binding type, as SQLiteDB users pass them.
        let text = "a"
        let number = 1
        #expect(
            try db.selectAll(sql: "SELECT count(*) FROM v WHERE value IN (?, ?)", parameters: [text, number]) == [[2]])
        // A statement without rows runs.
        #expect(try db.selectAll(sql: "DELETE FROM v").isEmpty)
        #expect(try db.scalar("SELECT count(*) FROM v") as? Int64 == 0)
    }

    @Test func selectAllRunsTheSameSQLAgain() throws {
        for value in 1...3 {
            #expect(
                try db.selectAll(sql: "SELECT ? + 1", parameters: [.integer(Int64(value))]) == [
                    [.integer(Int64(value + 1))]
                ])
        }
    }

    @Test func selectAllAndQueryThrowClearErrors() throws {
        let missing = expectResult(code: SQLITE_RANGE) { _ = try db.selectAll(sql: "SELECT ?") }
        #expect(missing?.sql == "SELECT ?")
        expectResult(code: SQLITE_RANGE) { _ = try db.selectAll(sql: "SELECT 1", parameters: [1]) }
        let bad = expectResult(code: SQLITE_ERROR) { _ = try db.selectAll(sql: "SELECT * FROM nowhere") }
        #expect(bad?.sql == "SELECT * FROM nowhere")
        expectResult(code: SQLITE_MISUSE) { _ = try db.selectAll(sql: "SELECT 1; SELECT 2") }
        expectResult(code: SQLITE_RANGE) { _ = try db.query(sql: "SELECT ?") }
        expectResult(code: SQLITE_ERROR) { _ = try db.query(sql: "SELECT * FROM nowhere") }
        let failing = expectResult(code: SQLITE_ERROR) {
            _ = try db.selectAll(sql: "SELECT abs(?)", parameters: [.integer(.min)])
        }
        #expect(failing?.message.contains("integer overflow") == true)
        // The connection is still usable, the failed statement included.
        #expect(try db.selectAll(sql: "SELECT abs(?)", parameters: [-2]) == [[2]])
    }

    @Test func queryReturnsDictionariesOfValues() throws {
        try db.execute(
            """
            CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, score REAL, photo BLOB);
            INSERT INTO customers (name, score, photo) VALUES ('John', 1.5, x'0102'), ('Jane', NULL, NULL);
            """)
        let rows = try db.query(sql: "SELECT * FROM customers WHERE name = ?", parameters: ["John"])
        #expect(rows == [["id": 1, "name": "John", "score": 1.5, "photo": .blob(Data([1, 2]))]])
        let name = "Jane"
        let jane = try db.query(sql: "SELECT name, score, photo FROM customers WHERE name = ?", parameters: [name])
        #expect(jane == [["name": "Jane", "score": .null, "photo": .null]])
        #expect(jane[0]["name"]?.textValue == "Jane")
        #expect(try db.query(sql: "SELECT count(*) AS n FROM customers") == [["n": 2]])
        // Of two columns with one name, the later one is kept.
        #expect(try db.query(sql: "SELECT 1 AS a, 2 AS a") == [["a": 2]])
        // The unlabeled query keeps its Binding? values.
        #expect(try db.query("SELECT name FROM customers WHERE id = ?", [1])[0]["name"] as? String == "John")
    }

    /// The columns are read as the statement runs: the same SQL after the table changed gives
    /// the new columns (the cached statement is re-prepared by SQLite).
    @Test func aSchemaChangeBetweenTwoRunsOfTheSameSQL() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("schema.sqlite3")
            let db = try Connection(path)
            try db.execute("CREATE TABLE t (a); INSERT INTO t VALUES (1)")
            #expect(try db.selectAll(sql: "SELECT * FROM t") == [[1]])
            #expect(try db.query(sql: "SELECT * FROM t") == [["a": 1]])
            // Another connection changes the schema.
            let other = try Connection(path)
            try other.execute("ALTER TABLE t ADD COLUMN b DEFAULT 'x'; INSERT INTO t VALUES (2, 'y')")
            #expect(try db.selectAll(sql: "SELECT * FROM t") == [[1, "x"], [2, "y"]])
            #expect(try db.query(sql: "SELECT * FROM t") == [["a": 1, "b": "x"], ["a": 2, "b": "y"]])
            // And this connection renames a column.
            try db.execute("ALTER TABLE t RENAME COLUMN a TO c")
            #expect(try db.query(sql: "SELECT * FROM t") == [["c": 1, "b": "x"], ["c": 2, "b": "y"]])
        }
    }

    @Test func rowValuesOfAStatement() throws {
        let statement = try db.prepare("SELECT 1, 'a', NULL, 2.5, x'00'")
        #expect(try statement.step())
        #expect(statement.row.sqlValues == [1, "a", nil, 2.5, .blob(Data([0]))])
        #expect(statement.row.sqlValue(at: 3) == .real(2.5))
        // A column out of range reads as NULL.
        #expect(statement.row.sqlValue(at: 9) == .null)
        #expect(try !statement.step())
    }
}

/// A `Binding` of the test's own, which `SQLValue` cannot know the storage class of.
private struct OwnBinding: Binding {
    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 { sqlite3_bind_int64(statement, index, 1) }
    static func read(from statement: OpaquePointer, at index: Int32) -> OwnBinding { OwnBinding() }
}
