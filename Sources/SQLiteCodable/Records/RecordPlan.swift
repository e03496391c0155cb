import Foundation

/// What a record type needs at run time, computed once per type: its naming, its SQL, and
/// the SQL of inserts and updates per column set (so the statement cache sees the same text,
/// and reuses one prepared statement, for every record of the type).
final class RecordPlan: @unchecked Sendable {
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

    private let lock = NSLock()
    private var lastInsert: (columns: [String], sql: String)?
    private var insertSQLs: [[String]: String] = [:]
    private var updateSQLs: [[String]: String] = [:]
    /// The encoder kept between single-record inserts for any thread (each thread first keeps
    /// its own, ``ThreadEncoder``); guarded by the plans' lock (``RecordPlan/lock``), so that
    /// finding the plan and taking its encoder is one locking.
    private var spareEncoder: RowEncoder?
    private var lastEncoded: (columns: [String], version: UInt64, skip: Int, sql: String)?

    init<R: Record>(_ type: R.Type) {
        self.type = ObjectIdentifier(type)
        rowType = "\(R.self)"
        tableName = R.tableName
        quotedTable = SQLIdentifier.quote(tableName)
        primaryKey = R.primaryKey
        options = R.codingOptions
        naming = ColumnNaming(options: options, mapping: R.columnMapping)
        timestamps = R.timestamps
        let key = SQLIdentifier.quote(primaryKey.column)
        selectSQL = "SELECT * FROM " + quotedTable
        findSQL = selectSQL + " WHERE " + key + " = ?"
        deleteSQL = "DELETE FROM " + quotedTable + " WHERE " + key + " = ?"
        countSQL = "SELECT count(*) FROM " + quotedTable
    }

    private static let lock = PlainLock()
    nonisolated(unsafe) private static var plans: [ObjectIdentifier: RecordPlan] = [:]

    /// The plan used last and its type: a loop over one record type finds it without hashing.
    nonisolated(unsafe) private static var last: (type: ObjectIdentifier, plan: RecordPlan)?

    /// The plan of `type`, made on first use.
    static func of<R: Record>(_ type: R.Type) -> RecordPlan {
        let key = ObjectIdentifier(type)
        lock.lock()
        defer { lock.unlock() }
        if let last, last.type == key { return last.plan }
        if let plan = plans[key] {
            last = (key, plan)
            return plan
        }
        let plan = RecordPlan(type)
        plans[key] = plan
        last = (key, plan)
        return plan
    }

    /// A fresh encoder for the record type (every `nil` is stored as NULL).
    func encoder() -> RowEncoder {
        RowEncoder(options: options, naming: naming, rowType: rowType)
    }

    /// An encoder for many records, keeping its container between them: call
    /// ``RowEncoder/finish()`` when done with it.
    func reusableEncoder() -> RowEncoder {
        RowEncoder(options: options, naming: naming, rowType: rowType, keepsContainer: true)
    }

    /// The plan of `type` with a kept encoder (its key cache warm): the calling thread's own when
    /// the thread encoded this type last (``ThreadEncoder``, no lock), else found and taken under
    /// one lock, or a fresh one when other threads hold it. Give the encoder back with
    /// ``returnEncoder(_:)``.
    static func checkOut<R: Record>(_ type: R.Type) -> (plan: RecordPlan, encoder: RowEncoder) {
        let key = ObjectIdentifier(type)
        lock.lock()
        let plan: RecordPlan
        if let last, last.type == key {
            plan = last.plan
        } else if let known = plans[key] {
            plan = known
            last = (key, known)
        } else {
            plan = RecordPlan(type)
            plans[key] = plan
            last = (key, plan)
        }
        let spare = plan.spareEncoder
        plan.spareEncoder = nil
        lock.unlock()
        return (plan, spare ?? plan.reusableEncoder())
    }

    /// Keeps `encoder` for the plan's next record.
    func returnEncoder(_ encoder: consuming RowEncoder) {
        keepSpare(encoder)
    }

    /// Keeps `encoder` for the next record of any thread (dropping the one kept, if another
    /// thread gave one back meanwhile).
    private func keepSpare(_ encoder: consuming RowEncoder) {
        RecordPlan.lock.lock()
        let dropped = spareEncoder
        spareEncoder = encoder
        RecordPlan.lock.unlock()
        dropped?.finish()
    }

    /// The position of a new auto-increment key among the encoded columns, which an insert
    /// leaves out; -1 when there is none.
    func newKeyIndex(_ columns: [String], _ values: [ColumnValue]) -> Int {
        guard primaryKey.isAutoIncrement, let index = columns.firstIndex(of: primaryKey.column) else { return -1 }
        return isNew(values[index]) ? index : -1
    }

    /// The position of a new auto-increment key among the columns `encoder` encoded last.
    func newKeyIndex(encodedBy encoder: RowEncoder) -> Int {
        guard primaryKey.isAutoIncrement, let index = encoder.columns.firstIndex(of: primaryKey.column) else {
            return -1
        }
        return isNew(encoder.valueBuffer[index]) ? index : -1
    }

    /// `INSERT INTO "t" ("a", "b") VALUES (?, ?)` for `columns`.
    func insertSQL(_ columns: [String]) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let lastInsert, lastInsert.columns == columns { return lastInsert.sql }
        let sql =
            insertSQLs[columns]
            ?? "INSERT INTO " + quotedTable + " (" + columns.map(SQLIdentifier.quote).joined(separator: ", ")
            + ") VALUES (" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        insertSQLs[columns] = sql
        lastInsert = (columns, sql)
        return sql
    }

    /// The insert SQL for the columns `encoder` encoded last, less the new key at `skip` (-1
    /// for none): found by the encoder's column version, or checked against the last call's
    /// columns, before anything is copied.
    func insertSQL(encodedBy encoder: RowEncoder, skipping skip: Int) -> String {
        if let sql = encoder.memoSQL(table: tableName, database: nil, conflict: nil, skip: skip) { return sql }
        let version = encoder.columnsVersion
        let sql = sharedInsertSQL(encodedBy: encoder, skipping: skip)
        encoder.memo = EncodingMemo(
            columnsVersion: version, table: tableName, database: nil, conflict: nil, skip: skip, sql: sql)
        return sql
    }

    /// ``insertSQL(encodedBy:skipping:)`` for an encoder whose memo is for other columns.
    private func sharedInsertSQL(encodedBy encoder: RowEncoder, skipping skip: Int) -> String {
        let columns = encoder.columns
        let version = encoder.columnsVersion
        lock.lock()
        if let lastEncoded, lastEncoded.skip == skip,
            lastEncoded.version == version || lastEncoded.columns == columns
        {
            defer { lock.unlock() }
            return lastEncoded.sql
        }
        lock.unlock()
        var insertColumns = columns.map { $0 }
        if skip >= 0 { insertColumns.remove(at: skip) }
        let sql = insertSQL(insertColumns)
        lock.lock()
        lastEncoded = (columns.map { $0 }, version, skip, sql)
        lock.unlock()
        return sql
    }

    /// `UPDATE "t" SET "a" = ?, "b" = ? WHERE "id" = ?` for `columns`.
    func updateSQL(_ columns: [String]) -> String {
        lock.lock()
        defer { lock.unlock() }
        if let sql = updateSQLs[columns] { return sql }
        let sql =
            "UPDATE " + quotedTable + " SET "
            + columns.map { SQLIdentifier.quote($0) + " = ?" }.joined(separator: ", ") + " WHERE "
            + SQLIdentifier.quote(primaryKey.column) + " = ?"
        updateSQLs[columns] = sql
        return sql
    }

    /// `INSERT ... ON CONFLICT ("key") DO UPDATE SET "a" = "excluded"."a", ...` for a record
    /// with its own key; `created_at` is kept on conflict.
    func upsertSQL(_ columns: [String]) -> String {
        let updated = columns.filter { $0 != primaryKey.column && $0 != Timestamps.createdAt }
        var sql = insertSQL(columns) + " ON CONFLICT (" + SQLIdentifier.quote(primaryKey.column) + ") DO "
        if updated.isEmpty {
            sql += "NOTHING"
        } else {
            sql +=
                "UPDATE SET "
                + updated.map { SQLIdentifier.quote($0) + " = \"excluded\"." + SQLIdentifier.quote($0) }.joined(
                    separator: ", ")
        }
        return sql
    }

    /// Decodes a record from encoded columns (to hand back a record with its new rowid and
    /// timestamps).
    func decode<R: Record>(_ type: R.Type, columns: [String], values: [ColumnValue]) throws -> R {
        let decoder = RowDecoder(
            reader: ColumnReader(source: .values(values)),
            lookup: KeyLookup(map: ColumnIndexMap(names: columns), naming: naming), options: options, rowType: rowType)
        return try decoder.decodeRow(R.self)
    }

    /// The primary key's position among `columns`.
    func keyIndex(_ columns: [String]) throws -> Int {
        guard let index = columns.firstIndex(of: primaryKey.column) else {
            throw RecordError.missingPrimaryKey(type: rowType, column: primaryKey.column)
        }
        return index
    }

    /// Whether a key value means "not inserted yet": NULL or 0 for an auto-increment key.
    func isNew(_ key: ColumnValue) -> Bool {
        guard primaryKey.isAutoIncrement else { return false }
        return key == .null || key == .integer(0)
    }
}
