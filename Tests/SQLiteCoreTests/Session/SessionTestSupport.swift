#if Session && !(SystemSQLite && canImport(Darwin))
    import Foundation
    import SQLiteCore
    import Testing

    /// A database with a `notes` table, rows 1 to `rows` with bodies "n1", "n2"...
    func makeNotesDatabase(rows: Int = 0, extraSQL: String = "") throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, rank INTEGER); \(extraSQL)")
        for id in stride(from: 1, through: rows, by: 1) {
            try db.run("INSERT INTO notes (id, body, rank) VALUES (?, ?, ?)", id, "n\(id)", id * 10)
        }
        return db
    }

    /// Every row of `table` as SQL values, ordered by its first column.
    func contents(_ db: Connection, _ table: String = "notes") throws -> [[SQLValue]] {
        try db.selectAll(sql: "SELECT * FROM \(table) ORDER BY 1")
    }

    /// The changeset recorded while `body` runs on `db`.
    func record(_ db: Connection, _ body: () throws -> Void) throws -> Changeset {
        let session = try Session(db)
        try session.attachAll()
        try body()
        return try session.changeset()
    }
#endif
