import SQLiteCore
import Testing

@Suite struct ArrayBindingTests {
    private func makeDatabase() throws -> Connection {
        let db = try Connection()
        try db.createArrayFunction()
        try db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)")
        for id in 1...10 { try db.run("INSERT INTO users VALUES (?, ?)", id, "user\(id)") }
        return db
    }

    @Test func anArrayIsATableForIn() throws {
        let db = try makeDatabase()
        let rows = try db.selectAll(
            sql: "SELECT name FROM users WHERE id IN rarray(?) ORDER BY id", parameters: [SQLArray([3, 5, 8, 99])])
        #expect(rows == [["user3"], ["user5"], ["user8"]])
        #expect(
            try db.selectAll(sql: "SELECT value FROM rarray(?)", parameters: [SQLArray(["a", "b"])]) == [["a"], ["b"]])
        #expect(try db.selectAll(sql: "SELECT value FROM rarray(?)", parameters: [SQLArray([SQLValue]())]) == [])
    }

    @Test func aStatementReboundReadsTheNewArray() throws {
        let db = try makeDatabase()
        let statement = try db.prepare("SELECT count(*) FROM users WHERE id IN rarray(?)")
        #expect(try statement.scalar(SQLArray([1, 2])) as? Int64 == 2)
        #expect(try statement.scalar(SQLArray(Array(1...7))) as? Int64 == 7)
        #expect(try statement.scalar(SQLArray([Int]())) as? Int64 == 0)
    }

    @Test(arguments: [SQLValue.null, 1, "text"])
    func otherValuesMakeAnEmptyTable(_ value: SQLValue) throws {
        let db = try makeDatabase()
        #expect(try db.selectAll(sql: "SELECT value FROM rarray(?)", parameters: [value]) == [])
    }

    @Test func withoutAnArgumentTheStatementFails() throws {
        let db = try makeDatabase()
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.selectAll(sql: "SELECT value FROM rarray") }
        #expect(error?.message.contains("rarray needs one argument") == true)
    }

    @Test func theArrayLivesWhileTheStatementNeedsIt() throws {
        let db = try makeDatabase()
        let statement = try db.prepare("SELECT value FROM rarray(?)")
        do {
            let big = SQLArray((0..<10_000).map { SQLValue.text("value \($0)") })
            statement.bind(big)
        }
        var count = 0
        for row in statement {
            #expect(row[0] as? String == "value \(count)")
            count += 1
        }
        #expect(count == 10_000)
    }
}
