import SQLiteCore
import Testing

@Suite struct CursorTests {
    private func makeStatement() throws -> (Connection, Statement) {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB, n);
            INSERT INTO t VALUES (42, 2.5, 'text', x'0102', NULL);
            """)
        return (db, try db.prepare("SELECT i, r, s, b, n FROM t"))
    }

    @Test func typedSubscriptsReadTheCurrentRow() throws {
        let (_, statement) = try makeStatement()
        #expect(try statement.step())
        let row = statement.row
        #expect(row.columnCount == 5)
        let integer: Int64 = row[0]
        let int: Int = row[0]
        let double: Double = row[1]
        let string: String = row[2]
        let blob: Blob = row[3]
        let bool: Bool = row[0]
        #expect(integer == 42)
        #expect(int == 42)
        #expect(double == 2.5)
        #expect(string == "text")
        #expect(blob == Blob(bytes: [1, 2]))
        #expect(bool)
        #expect(row.handle == statement.handle)
    }

    @Test func conversionsBetweenStorageClassesFollowSQLite() throws {
        let (_, statement) = try makeStatement()
        #expect(try statement.step())
        let row = statement.row
        #expect(row[0] == 42.0)
        #expect(row[1] == Int64(2))
        #expect(row[0] == "42")
        #expect(row[1] == "2.5")
        #expect(row[2] == Int64(0))
        #expect(row[3] == "\u{1}\u{2}")
    }

    @Test func nullReadsAsZeroValuesAndAsNilBinding() throws {
        let (_, statement) = try makeStatement()
        #expect(try statement.step())
        let row = statement.row
        #expect(row[4] == Int64(0))
        #expect(row[4] == 0.0)
        #expect(row[4] == "")
        #expect(row[4] == Blob(bytes: []))
        #expect(row[4] == false)
        let binding: Binding? = row[4]
        #expect(binding == nil)
        #expect(row.isNull(4))
        #expect(!row.isNull(0))
        #expect(row.binding(at: 4) == nil)
    }

    @Test func bindingSubscriptAndTypes() throws {
        let (_, statement) = try makeStatement()
        #expect(try statement.step())
        let row = statement.row
        let values: [Binding?] = (0..<row.columnCount).map { row[$0] }
        #expect(values[0] as? Int64 == 42)
        #expect(values[1] as? Double == 2.5)
        #expect(values[2] as? String == "text")
        #expect(values[3] as? Blob == Blob(bytes: [1, 2]))
        #expect(values[4] == nil)
        #expect((0..<5).map { row.type(at: $0) } == [.integer, .real, .text, .blob, .null])
        #expect(row.values.count == 5)
        #expect(row.values[2] as? String == "text")
        #expect(Array(row).count == 5)
        #expect(Array(row)[0] as? Int64 == 42)
    }

    @Test func getReadsThroughTheTypesOwnReader() throws {
        let (_, statement) = try makeStatement()
        #expect(try statement.step())
        let row = statement.row
        #expect(try row.get(Int64.self, at: 0) == 42)
        #expect(try row.get(Double.self, at: 1) == 2.5)
        #expect(try row.get(String.self, at: 2) == "text")
        #expect(try row.get(Blob.self, at: 3) == Blob(bytes: [1, 2]))
        #expect(try row.get(Bool.self, at: 0))
        #expect(try row.get(Int8.self, at: 0) == 42)
        let inferred: UInt16 = try row.get(at: 0)
        #expect(inferred == 42)
    }

    @Test func cursorFollowsSteppingThroughManyRows() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE n (x INTEGER, y TEXT)")
        let insert = try db.prepare("INSERT INTO n VALUES (?, ?)")
        try db.transaction {
            for index in 0..<1000 { try insert.run(index, "row \(index)") }
        }
        let select = try db.prepare("SELECT x, y FROM n ORDER BY x")
        var sum: Int64 = 0
        var last = ""
        while try select.step() {
            let row = select.row
            sum += row[0] as Int64
            last = row[1]
        }
        #expect(sum == 499_500)
        #expect(last == "row 999")
    }
}
