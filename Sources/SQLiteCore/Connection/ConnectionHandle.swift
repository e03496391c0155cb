/// The open `sqlite3*` of a connection, its lock, and its error settings.
///
/// `Connection` and every `Statement` it prepared share one handle object. Statements keep the
/// handle (not the `Connection`) alive, so the connection's statement cache can hold statements
/// without a reference cycle, and the database closes when the last of them is gone:
/// `sqlite3_close_v2` waits for outstanding statements instead of failing with `SQLITE_BUSY`.
@usableFromInline
final class ConnectionHandle: @unchecked Sendable {
    /// The raw connection. Valid for the whole life of this object.
    @usableFromInline
    let pointer: OpaquePointer

    /// Serializes every call into SQLite made through this connection.
    @usableFromInline
    let lock = RecursiveLock()

    /// Whether thrown errors carry extended result codes (`Result.extendedError`).
    /// Read and written under `lock`.
    @usableFromInline
    var usesExtendedErrorCodes = false

    /// Closures registered with SQLite that have no destructor callback of their own (busy
    /// handler, trace, hooks). They live as long as the `sqlite3*`, not the `Connection`:
    /// statements may outlive the `Connection` and still call them.
    let callbacks = CallbackRegistry()

    /// The busy timeout last set, in seconds (SQLite has no getter for it). Under `lock`.
    var busyTimeout: Double = 0

    init(pointer: OpaquePointer) {
        self.pointer = pointer
    }

    deinit {
        // Finalizes nothing itself: statements hold this object, so none is left by now.
        // close_v2 also runs the destructors of functions, collations and hooks' boxes.
        sqlite3_close_v2(pointer)
    }

    /// Builds the error for a failed result code from the connection's last error message.
    /// Call with the lock held, straight after the failing call.
    @usableFromInline
    func error(code: Int32, statement: Statement?, sql: String? = nil) -> Result {
        var message = String(cString: sqlite3_errmsg(pointer))
        if let sql { message += " in \"\(sql)\"" }
        let extended = sqlite3_extended_errcode(pointer)
        // The connection's error state can lag behind (e.g. a code returned by the Swift layer
        // itself): trust the code we were given for the primary part.
        let extendedCode = (extended & 0xFF) == (code & 0xFF) ? extended : code
        return Result(
            message: message, primaryCode: code & 0xFF, extendedCode: extendedCode,
            statement: statement, extended: usesExtendedErrorCodes)
    }

    /// Throws unless `code` is `SQLITE_OK`, `SQLITE_ROW` or `SQLITE_DONE`.
    @inlinable
    func check(_ code: Int32, statement: Statement? = nil) throws(Result) {
        if code == SQLITE_OK || code == SQLITE_ROW || code == SQLITE_DONE { return }
        throw error(code: code, statement: statement)
    }
}
