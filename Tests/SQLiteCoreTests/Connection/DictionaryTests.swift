import SQLiteCore
import Testing

@Suite struct DictionaryTests {
    private func makeDatabase() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT, last_name TEXT, score REAL, photo BLOB);
            INSERT INTO customers (name, last_name, score, photo) VALUES ('John', 'Smith', 1.5, x'0102');
            INSERT INTO customers (name, last_name, score, photo) VALUES ('Jane', 'Smith', NULL, NULL);
            INSERT INTO customers (name, last_name, score, photo) VALUES ('John', 'Doe', 3, NULL);
            """)
        return db
    }

    @Test func queryReturnsRowsAsDictionaries() throws {
        let db = try makeDatabase()
        let rows = try db.query("SELECT * FROM customers WHERE name = ? ORDER BY id", ["John"])
        #expect(rows.count == 2)
        #expect(rows[0]["id"] as? Int64 == 1)
        #expect(rows[0]["last_name"] as? String == "Smith")
        #expect(rows[0]["score"] as? Double == 1.5)
        #expect(rows[0]["photo"] as? Blob == Blob(bytes: [1, 2]))
        #expect(rows[1]["last_name"] as? String == "Doe")
        #expect(rows[1]["score"] as? Double == 3)
        #expect(Set(rows[0].keys) == ["id", "name", "last_name", "score", "photo"])
    }

    @Test func queryKeepsNullColumnsAsNilValues() throws {
        let db = try makeDatabase()
        let rows = try db.query("SELECT score, photo FROM customers WHERE name = 'Jane'")
        #expect(rows.count == 1)
        #expect(rows[0].keys.contains("score"))
        #expect(rows[0]["score"].map { $0 == nil } == true)
        #expect(rows[0]["photo"].map { $0 == nil } == true)
    }

    @Test func queryWithoutParametersAndWithNoRows() throws {
        let db = try makeDatabase()
        #expect(try db.query("SELECT * FROM customers WHERE name = 'Nobody'").isEmpty)
        #expect(try db.query("SELECT count(*) AS n FROM customers")[0]["n"] as? Int64 == 3)
    }

    @Test func queryWithWrongParametersThrows() throws {
        let db = try makeDatabase()
        expectResult(code: SQLITE_RANGE) { _ = try db.query("SELECT * FROM customers WHERE name = ?") }
        expectResult(code: SQLITE_RANGE) { _ = try db.query("SELECT * FROM customers WHERE name = ?", ["a", "b"]) }
        expectResult(code: SQLITE_RANGE) { _ = try db.query("SELECT * FROM customers", ["a"]) }
        expectResult(code: SQLITE_ERROR) { _ = try db.query("SELECT * FROM nowhere") }
    }

    @Test func executeReturnsTheInsertedRowidOrTheChangeCount() throws {
        let db = try makeDatabase()
        let id = try db.execute(
            sql: "INSERT INTO customers (name, last_name) VALUES (?, ?)", parameters: ["Ann", "Lee"])
        #expect(id == 4)
        #expect(try db.execute(sql: "  insert into customers (id, name) values (?, ?)", parameters: [10, "X"]) == 10)
        #expect(try db.execute(sql: "DELETE FROM customers WHERE last_name = 'Smith'") == 2)
        #expect(try db.execute(sql: "UPDATE customers SET score = ?", parameters: [0.5]) == 3)
        #expect(try db.execute(sql: "DELETE FROM customers WHERE id = -1") == 0)
        #expect(try db.execute(sql: "REPLACE INTO customers (id, name) VALUES (?, ?)", parameters: [20, "R"]) == 20)
        #expect(try db.execute(sql: "replace into customers (id, name) values (20, 'R2')") == 20)
        #expect(try db.execute(sql: "INSERT OR IGNORE INTO customers (id) VALUES (20)") == 0)
        expectResult(code: SQLITE_CONSTRAINT) {
            try db.execute(sql: "INSERT INTO customers (id) VALUES (?)", parameters: [10])
        }
        expectResult(code: SQLITE_RANGE) { try db.execute(sql: "INSERT INTO customers (id) VALUES (?)") }
    }
}
