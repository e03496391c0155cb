import Foundation

/// What a record type needs on one connection: its naming and SQL, and an encoder kept between
/// records (whose ``RowEncoder/memo`` holds the SQL of its last insert). Inserts and updates
/// make their SQL from the columns they set, the same text for the same columns, so the
/// statement cache reuses one prepared statement for every record of the type. Its
/// primary-key lookup (``findSQL``) is prepared and kept by the connection's statement cache.
///
/// Made on first use and kept in the connection's ``CodableStore``; touched only with the
/// connection's lock held, so it needs no lock of its own.
final class RecordPlan {
    /// The record type's identifier.
    let type: ObjectIdentifier
    let rowType: String
    let tableName: String
    let quotedTable: String
    let primaryKey: RecordKey
    let options: CodingOptions
    let naming: ColumnNaming
    let timestamps: Bool

    let selectSQL: String
    let findSQL: String
    let deleteSQL: String
    let countSQL: String

    // Measured: without the encoding side's @exclusivity(unchecked), insert-record codable 2.63 -> 3.00 x raw C, record 2.27 -> 2.66 (callgrind --quick).
    /// Whether the type's table is known to exist on this connection: from the start, unless
    /// the type creates its table on first use; then once ``Connection/prepareTable(_:_:)``
    /// made or completed it (one flag check per later use).
    @exclusivity(unchecked) var tableIsReady: Bool
    /// The type's table as derived (for tables on first use), made when first needed.
    @exclusivity(unchecked) private var derivedSchema: RecordSchema?

    // Touched with the connection's lock held: no dynamic exclusivity checks.
    /// The encoder kept between records, with the SQL of its last insert; nil while a record is
    /// encoded with it (a record encoded meanwhile, within another's `encode(to:)`, gets a
    /// fresh encoder).
    @exclusivity(unchecked) private var spareEncoder: RowEncoder?

    init<R: Record>(_ type: R.Type) {
        self.type = ObjectIdentifier(type)
        rowType = "\(R.self)"
        tableName = R.tableName
        quotedTable = tableName.quotedIdentifier
        primaryKey = R.primaryKey
        var options = R.codingOptions
        options.doubleKeys = Set(R.doubleProperties)
        self.options = options
        naming = ColumnNaming(options: options, mapping: R.columnMapping)
        timestamps = R.timestamps
        tableIsReady = !R.createsTableOnFirstUse
        let key = primaryKey.column.quotedIdentifier
        selectSQL = "SELECT * FROM " + quotedTable
        findSQL = selectSQL + " WHERE " + key + " = ?"
        deleteSQL = "DELETE FROM " + quotedTable + " WHERE " + key + " = ?"
        countSQL = "SELECT count(*) FROM " + quotedTable
    }

    /// The type's table as derived, kept for the checks of tables on first use.
    func schema<R: Record>(_ type: R.Type) throws -> RecordSchema {
        if let derivedSchema { return derivedSchema }
        let schema = try RecordSchema(R.self)
        derivedSchema = schema
        return schema
    }

    // MARK: - Encoding

    /// The kept encoder, taken until ``giveBack(_:)``; a fresh one while it is taken.
    func takeEncoder() -> RowEncoder {
        guard let encoder = spareEncoder else { return RowEncoder(options: options, naming: naming, rowType: rowType) }
        spareEncoder = nil
        return encoder
    }

    /// Keeps `encoder` for the next record.
    func giveBack(_ encoder: RowEncoder) {
        spareEncoder = encoder
    }

    /// The columns and values of `record`, encoded with the kept encoder (every `nil` is stored
    /// as NULL).
    func encode<R: Record>(_ record: R) throws -> (columns: [String], values: [SQLValue]) {
        let encoder = takeEncoder()
        defer { giveBack(encoder) }
        return try encoder.encodeRow(record)
    }

    /// The position of a new auto-increment key among the columns `encoder` encoded last, which
    /// an insert leaves out; -1 when there is none.
    func newKeyIndex(encodedBy encoder: RowEncoder) -> Int {
        guard primaryKey.isAutoIncrement, let index = encoder.columns.firstIndex(of: primaryKey.column) else {
            return -1
        }
        return isNew(encoder.valueBuffer[index]) ? index : -1
    }

    /// `INSERT INTO "t" ("a", "b") VALUES (?, ?)` for `columns`.
    func insertSQL(_ columns: [String]) -> String {
        "INSERT INTO " + quotedTable + " (" + columns.map(\.quotedIdentifier).joined(separator: ", ")
            + ") VALUES (" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
    }

    /// The insert SQL for the columns `encoder` encoded last, less the new key at `skip` (-1
    /// for none): the encoder's memo when its columns did not change since, else from
    /// ``insertSQL(_:)``.
    func insertSQL(encodedBy encoder: RowEncoder, skipping skip: Int) -> String {
        if let sql = encoder.memoSQL(table: tableName, database: nil, conflict: nil, skip: skip) { return sql }
        var columns = encoder.columns
        if skip >= 0 { columns.remove(at: skip) }
        let sql = insertSQL(columns)
        encoder.memo = EncodingMemo(
            columnsVersion: encoder.columnsVersion, table: tableName, database: nil, conflict: nil, skip: skip,
            sql: sql)
        return sql
    }

    /// `UPDATE "t" SET "a" = ?, "b" = ? WHERE "id" = ?` for `columns`.
    func updateSQL(_ columns: [String]) -> String {
        "UPDATE " + quotedTable + " SET " + columns.map { $0.quotedIdentifier + " = ?" }.joined(separator: ", ")
            + " WHERE " + primaryKey.column.quotedIdentifier + " = ?"
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
            reader: ColumnReader(source: .values(values)),
            lookup: KeyLookup(map: ColumnIndexMap(names: columns), naming: naming), options: options, rowType: R.self)
        return try decoder.decodeRow(R.self)
    }

    /// The decoder of `statement`'s current row as `R`, from the statement's state (which Core
    /// empties when SQLite re-prepared the statement with other columns). Call it after the
    /// step, in which SQLite re-prepares a statement whose schema changed.
    func lookupDecoder<R: Record>(_ type: R.Type, for statement: Statement) -> RowDecoder {
        StatementState.of(statement).decoder(
            for: R.self, statement: statement, naming: naming, options: options, userInfo: [:], record: true)
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
