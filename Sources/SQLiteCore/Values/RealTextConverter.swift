/// SQLite's own conversion of text to a real, for text that is no longer in a statement's row
/// (a copied row's value, an ``SQLValue``): SQLite's parse (`sqlite3AtoF`) rounds differently
/// from Swift's `Double(_:)` for some texts, and differently from one SQLite version to the
/// next, so the text is handed to the SQLite library the program runs.
///
/// It keeps one in-memory connection and one prepared `SELECT ?1`, made on first use, and
/// reads the bound text with `sqlite3_column_double`, as a live column is read. A lock makes it
/// usable from any thread, one conversion at a time.
final class RealTextConverter: @unchecked Sendable {
    /// The converter of the process.
    static let shared = RealTextConverter()

    private let lock = PlainLock()
    /// The connection, open for the life of the process.
    private var db: OpaquePointer?
    private var statement: OpaquePointer?
    private var isUnavailable = false

    private init() {}

    /// The real SQLite reads from the UTF-8 `bytes`; nil when no connection could be opened
    /// (out of memory).
    func real(_ bytes: UnsafeRawBufferPointer) -> Double? {
        lock.lock()
        defer { lock.unlock() }
        guard let statement = preparedStatement() else { return nil }
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        let start = bytes.baseAddress ?? emptyBytesAddress
        // The bytes outlive the step: SQLite need not copy them (SQLITE_STATIC).
        guard
            sqlite3_bind_text64(
                statement, 1, start.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count), nil,
                UInt8(SQLITE_UTF8)) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW
        else { return nil }
        return sqlite3_column_double(statement, 0)
    }

    /// The statement, prepared on first use; called with the lock held.
    private func preparedStatement() -> OpaquePointer? {
        if let statement { return statement }
        if isUnavailable { return nil }
        var opened: OpaquePointer?
        var prepared: OpaquePointer?
        if sqlite3_open_v2(":memory:", &opened, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            sqlite3_prepare_v3(opened, "SELECT ?1", -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
                == SQLITE_OK
        {
            db = opened
            statement = prepared
            return prepared
        }
        sqlite3_finalize(prepared)
        sqlite3_close_v2(opened)
        isUnavailable = true
        return nil
    }
}
