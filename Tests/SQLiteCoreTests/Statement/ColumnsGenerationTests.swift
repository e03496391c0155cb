import Foundation
import SQLiteCore
import Testing

/// `Statement.columnsGeneration` tells the tiers that cache structures built from a statement's
/// column names when SQLite re-prepared it with other columns.
@Suite("Statement: columns generation")
struct ColumnsGenerationTests {
    /// Steps `statement` to its first row and returns its generation, names and first row.
    static func firstRow(_ statement: Statement) throws -> (generation: Int, names: [String], values: [Int64?]) {
        let hasRow = try statement.step()
        #expect(hasRow)
        let values = statement.row.values.map { $0 as? Int64 }
        return (statement.columnsGeneration, statement.columnNames, values)
    }

    @Test("a cached SELECT * gets a new generation, names and values after each change of its columns")
    func changesOfColumns() throws {
        let db = try Connection()
        try db.execute(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER, y INTEGER); INSERT INTO t VALUES (1, 10, 20)")
        let sql = "SELECT * FROM t"
        let first = try db.withCachedStatement(sql, Self.firstRow)
        #expect(first.names == ["id", "x", "y"])
        #expect(first.values == [1, 10, 20])
        // Run again unchanged: the same generation.
        #expect(try db.withCachedStatement(sql, Self.firstRow).generation == first.generation)

        try db.execute("ALTER TABLE t ADD COLUMN z INTEGER DEFAULT 30")
        let added = try db.withCachedStatement(sql, Self.firstRow)
        #expect(added.generation != first.generation)
        #expect(added.names == ["id", "x", "y", "z"])
        #expect(added.values == [1, 10, 20, 30])

        try db.execute("ALTER TABLE t DROP COLUMN x")
        let dropped = try db.withCachedStatement(sql, Self.firstRow)
        #expect(dropped.generation != added.generation)
        #expect(dropped.names == ["id", "y", "z"])
        #expect(dropped.values == [1, 20, 30])

        try db.execute(
            """
            CREATE TABLE t_new (id INTEGER PRIMARY KEY, z INTEGER, y INTEGER);
            INSERT INTO t_new SELECT id, z, y FROM t; DROP TABLE t; ALTER TABLE t_new RENAME TO t;
            """)
        let reordered = try db.withCachedStatement(sql, Self.firstRow)
        #expect(reordered.generation != dropped.generation)
        #expect(reordered.names == ["id", "z", "y"])
        #expect(reordered.values == [1, 30, 20])
    }

    @Test("a re-prepare that keeps the columns keeps the generation")
    func reprepareKeepingColumns() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE word (id INTEGER PRIMARY KEY, text TEXT);
            INSERT INTO word (text) VALUES ('apple'), ('banana');
            """)
        let sql = "SELECT id, text FROM word WHERE text LIKE ?"
        var generations: Set<Int> = []
        var reprepares: Set<Int32> = []
        for pattern in ["a%", "b%", "a%"] {
            let id = try db.withCachedStatement(sql) { statement -> Int64? in
                statement.bind(pattern)
                let hasRow = try statement.step()
                #expect(hasRow)
                generations.insert(statement.columnsGeneration)
                reprepares.insert(sqlite3_stmt_status(statement.handle, SQLITE_STMTSTATUS_REPREPARE, 0))
                #expect(statement.columnNames == ["id", "text"])
                return statement.row[0]
            }
            #expect(id == (pattern == "a%" ? 1 : 2))
        }
        // SQLite re-prepares the statement for each new LIKE pattern; its columns stay.
        #expect(reprepares.count > 1)
        #expect(generations.count == 1)
        // An unrelated schema change re-prepares it too, with the same columns.
        try db.execute("CREATE TABLE other (a)")
        let after = try db.withCachedStatement(sql) { statement -> Int in
            statement.bind("a%")
            let hasRow = try statement.step()
            #expect(hasRow)
            return statement.columnsGeneration
        }
        #expect(generations == [after])
    }

    @Test("a change made by another connection is seen at the next step, and by query's dictionaries")
    func changeByAnotherConnection() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("generation-\(UUID()).db").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let db = try Connection(path)
        let other = try Connection(path)
        try db.execute(
            "CREATE TABLE t (id INTEGER PRIMARY KEY, x INTEGER, y INTEGER); INSERT INTO t VALUES (1, 10, 20)")
        let sql = "SELECT * FROM t"
        let before = try db.withCachedStatement(sql, Self.firstRow)
        #expect(try db.query(sql).map { $0["y"] as? Int64 } == [20])
        try other.execute("ALTER TABLE t DROP COLUMN x")
        let after = try db.withCachedStatement(sql, Self.firstRow)
        #expect(after.generation != before.generation)
        #expect(after.names == ["id", "y"])
        #expect(after.values == [1, 20])
        try other.execute("ALTER TABLE t ADD COLUMN x INTEGER DEFAULT 11")
        let rows = try db.query(sql)
        #expect(rows.map { $0["x"] as? Int64 } == [11])
        #expect(rows.map { $0["y"] as? Int64 } == [20])
        #expect(rows.map { $0.keys.sorted() } == [["id", "x", "y"]])
    }
}
