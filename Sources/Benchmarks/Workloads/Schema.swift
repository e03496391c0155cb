import SQLiteCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The shape of GRDB's performance suite: one table of ten integer columns.
enum ItemSchema {
    static let columnCount = 10
    static let create =
        "CREATE TABLE item (i0 INT, i1 INT, i2 INT, i3 INT, i4 INT, i5 INT, i6 INT, i7 INT, i8 INT, i9 INT)"
    static let drop = "DROP TABLE IF EXISTS item"
    static let insertPositional = "INSERT INTO item VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    static let insertNamed =
        "INSERT INTO item VALUES (:i0, :i1, :i2, :i3, :i4, :i5, :i6, :i7, :i8, :i9)"
    static let selectAll = "SELECT i0, i1, i2, i3, i4, i5, i6, i7, i8, i9 FROM item"
    static let selectByRowid = "SELECT i0, i1, i2, i3, i4, i5, i6, i7, i8, i9 FROM item WHERE rowid = ?"
    static let parameterNames = (0..<columnCount).map { ":i\($0)" }
    /// The names as NUL-terminated C strings, made once: raw C does no conversions per row.
    static let parameterCNames: [[CChar]] = parameterNames.map { Array($0.utf8CString) }

    /// The value of column `column` in row `row` (0-based).
    @inline(__always)
    static func value(row: Int, column: Int) -> Int64 { Int64(row * 10 + column) }

    /// A script of `rows` inserts with their values written out, each after a long comment, in
    /// one transaction: ~250 bytes a statement, so that work growing with the rest of the script
    /// for each statement (quadratic in its size) shows.
    static func script(rows: Int) -> String {
        let padding = String(repeating: "x", count: 200)
        var script = "BEGIN;\n"
        for row in 0..<rows {
            let values = (0..<columnCount).map { String(value(row: row, column: $0)) }.joined(separator: ", ")
            script += "-- \(padding)\nINSERT INTO item VALUES (\(values));\n"
        }
        return script + "COMMIT;\n"
    }

    /// The rowid of the `lookup`th point lookup in a table of `rows` rows: a fixed,
    /// scattered sequence, the same in every tier.
    @inline(__always)
    static func lookupRowid(_ lookup: Int, rows: Int) -> Int64 { Int64((lookup &* 7919) % rows + 1) }
}

/// Minimal raw C helpers shared by the setup of every tier.
enum RawSQL {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A new database for a tier: in memory, or the new file `name` in the options' directory,
    /// in WAL mode with synchronous NORMAL, encrypted with the options' key if one is given.
    static func open(_ name: String, _ options: Options) throws -> OpaquePointer {
        var db: OpaquePointer?
        let path = try options.databasePath(name) ?? ":memory:"
        let code = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK, let db else { throw Failure(description: "cannot open \(path)") }
        if options.directory != nil {
            if let key = options.key { try exec(db, "PRAGMA key = \(key.quotedLiteral)") }
            try exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
        }
        return db
    }

    static func exec(_ db: OpaquePointer, _ sql: String) throws {
        guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else {
            throw Failure(description: String(cString: sqlite3_errmsg(db)) + " in " + sql)
        }
    }

    /// A fresh `item` table holding `rows` rows.
    static func populate(_ db: OpaquePointer, rows: Int) throws {
        try exec(db, ItemSchema.drop)
        try exec(db, ItemSchema.create)
        try exec(db, "BEGIN")
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, ItemSchema.insertPositional, -1, &statement, nil) == SQLITE_OK else {
            throw Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        for row in 0..<rows {
            for column in 0..<ItemSchema.columnCount {
                sqlite3_bind_int64(statement, Int32(column + 1), ItemSchema.value(row: row, column: column))
            }
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw Failure(description: String(cString: sqlite3_errmsg(db)))
            }
            sqlite3_reset(statement)
        }
        try exec(db, "COMMIT")
    }
}

/// The `Data` workloads' table: an id and a 256-byte BLOB payload a row, the shape of a cache of
/// small binary values (thumbnails, encoded messages), where the bytes dominate each row.
enum PayloadSchema {
    static let payloadSize = 256
    static let create = "CREATE TABLE payload (id INTEGER PRIMARY KEY, data BLOB NOT NULL)"
    static let drop = "DROP TABLE IF EXISTS payload"
    static let insert = "INSERT INTO payload (id, data) VALUES (?, ?)"
    static let selectAll = "SELECT id, data FROM payload"
    static let count = "SELECT count(*) FROM payload"

    /// The payload of row `row`: bytes that differ from row to row, made once per run.
    static func payload(row: Int) -> [UInt8] {
        (0..<payloadSize).map { UInt8(truncatingIfNeeded: $0 &+ row) }
    }

    /// The values the insert workloads write, made once, outside the measured runs: row `row`
    /// gets `values[row % values.count]`.
    static let values: [Data] = (0..<64).map { Data(payload(row: $0)) }

    /// A fresh `payload` table.
    static func reset(_ db: OpaquePointer) throws {
        try RawSQL.exec(db, drop)
        try RawSQL.exec(db, create)
    }

    /// Populates the table unless it already holds exactly `rows` rows.
    static func ensureRows(_ db: OpaquePointer, _ rows: Int) throws {
        var statement: OpaquePointer?
        if sqlite3_prepare_v2(db, count, -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW,
            sqlite3_column_int64(statement, 0) == Int64(rows)
        {
            sqlite3_finalize(statement)
            return
        }
        sqlite3_finalize(statement)
        try reset(db)
        try RawSQL.exec(db, "BEGIN")
        guard sqlite3_prepare_v2(db, insert, -1, &statement, nil) == SQLITE_OK else {
            throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        for row in 0..<rows {
            let bytes = payload(row: row)
            sqlite3_bind_int64(statement, 1, Int64(row + 1))
            _ = bytes.withUnsafeBytes { sqlite3_bind_blob(statement, 2, $0.baseAddress, Int32($0.count), nil) }
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
            }
            sqlite3_reset(statement)
        }
        try RawSQL.exec(db, "COMMIT")
    }
}
