import Foundation

/// What a record type's operations need: its naming, options and the text of its SQL, made
/// for each operation from the type's static requirements (nothing is kept between
/// operations: the statement cache finds each statement by its text).
final class RecordPlan {
    /// The record type, named in errors (its name is only made when asked for).
    let recordType: Any.Type
    var rowType: String { "\(recordType)" }
    let tableName: String
    let primaryKey: RecordKey
    let options: CodingOptions
    let naming: ColumnNaming
    let timestamps: Bool

    init<R: Record>(_ type: R.Type) {
        recordType = R.self
        tableName = R.tableName
        primaryKey = R.primaryKey
        var options = R.codingOptions
        let doubles = R.doubleProperties
        if !doubles.isEmpty { options.doubleKeys = Set(doubles) }
        self.options = options
        let mapping = R.columnMapping
        naming = ColumnNaming(options: options, mapping: mapping)
        timestamps = R.timestamps
    }

    var quotedTable: String { tableName.quotedIdentifier }
    var selectSQL: String { "SELECT * FROM " + quotedTable }

    /// `SELECT * FROM "t" WHERE "id" = ?`, rendered for each lookup.
    var findSQL: String {
        SQLBuilder.build { sql in
            sql.append("SELECT * FROM ")
            sql.appendIdentifier(tableName)
            sql.append(" WHERE ")
            sql.appendIdentifier(primaryKey.column)
            sql.append(" = ?")
        }
    }

    var deleteSQL: String { "DELETE FROM " + quotedTable + " WHERE " + primaryKey.column.quotedIdentifier + " = ?" }
    var countSQL: String { "SELECT count(*) FROM " + quotedTable }

    // MARK: - Encoding

    /// The columns and values of `record` (every `nil` is stored as NULL).
    func encode<R: Record>(_ record: R) throws -> (columns: [String], values: [SQLValue]) {
        try RowEncoder(options: options, naming: naming, rowType: recordType).encodeRow(record)
    }

    /// `INSERT INTO "t" ("a", "b") VALUES (?, ?)` for `columns`.
    func insertSQL(_ columns: [String]) -> String {
        SQLBuilder.build { sql in
            sql.append("INSERT INTO ")
            sql.appendIdentifier(tableName)
            sql.append(" (")
            for (offset, column) in columns.enumerated() {
                if offset > 0 { sql.append(", ") }
                sql.appendIdentifier(column)
            }
            sql.append(") VALUES (")
            for offset in columns.indices {
                if offset == 0 { sql.append("?") } else { sql.append(", ?") }
            }
            sql.append(")")
        }
    }

    /// `UPDATE "t" SET "a" = ?, "b" = ? WHERE "id" = ?` for `columns`.
    func updateSQL(_ columns: [String]) -> String {
        SQLBuilder.build { sql in
            sql.append("UPDATE ")
            sql.appendIdentifier(tableName)
            sql.append(" SET ")
            for (offset, column) in columns.enumerated() {
                if offset > 0 { sql.append(", ") }
                sql.appendIdentifier(column)
                sql.append(" = ?")
            }
            sql.append(" WHERE ")
            sql.appendIdentifier(primaryKey.column)
            sql.append(" = ?")
        }
    }

    /// `INSERT ... ON CONFLICT ("key") DO UPDATE SET "a" = "excluded"."a", ...` for a record
    /// with its own key; `created_at` is kept on conflict.
    func upsertSQL(_ columns: [String]) -> String {
        let updated = columns.filter { $0 != primaryKey.column && $0 != Timestamps.createdAt }
        var sql = insertSQL(columns) + " ON CONFLICT (" + primaryKey.column.quotedIdentifier + ") DO "
        if updated.isEmpty {
            sql += "NOTHING"
        } else {
            sql +=
                "UPDATE SET "
                + updated.map { $0.quotedIdentifier + " = \"excluded\"." + $0.quotedIdentifier }.joined(
                    separator: ", ")
        }
        return sql
    }

    // MARK: - Decoding

    /// Decodes a record from encoded columns (to hand back a record with its new rowid and
    /// timestamps).
    func decode<R: Record>(_ type: R.Type, columns: [String], values: [SQLValue]) throws -> R {
        let decoder = RowDecoder(
            reader: ColumnReader(source: .values(values)), lookup: KeyLookup(names: columns, naming: naming),
            options: options, rowType: R.self)
        return try decoder.decodeRow(R.self)
    }

    /// A decoder for the rows of `statement` as `R`, made after the run's first step.
    func decoder<R: Record>(_ type: R.Type, for statement: Statement, range: Range<Int>? = nil) -> RowDecoder {
        RowDecoder(statement: statement, range: range, naming: naming, options: options, rowType: R.self)
    }

    // MARK: - Keys

    /// The primary key's position among `columns`.
    func keyIndex(_ columns: [String]) throws -> Int {
        guard let index = columns.firstIndex(of: primaryKey.column) else {
            throw RecordError.missingPrimaryKey(type: rowType, column: primaryKey.column)
        }
        return index
    }

    /// Whether a key value means "not inserted yet": NULL, 0 or the key's
    /// ``RecordKey/newRecordMarker`` for an auto-increment key.
    func isNew(_ key: SQLValue) -> Bool {
        guard primaryKey.isAutoIncrement else { return false }
        if key == .null || key == .integer(0) { return true }
        guard let marker = primaryKey.newRecordMarker else { return false }
        return key == .integer(marker)
    }
}
