// Measured: its getters out of line cost 6.2 % on fetch-positional typed, 3.5 % on fetch-record (callgrind).
/// Reads the current row of a prepared statement by column index, through SQLite's public API
/// only, for the higher tiers' row readers (the typed tier's `Row`, the Codable tier's
/// decoders): they read values through Core rather than calling SQLite themselves.
///
/// A number costs one `sqlite3_column_value` and two calls on the value it returns (its storage
/// class and its contents), with no conversion: an integer is read only from an INTEGER column,
/// a double from a REAL (or, by ``number(at:)``, an INTEGER) column, and anything else comes back
/// as nil for the caller's full path. A column out of range, or no current row, reads as NULL.
/// Read a value while the statement stays on its row, on the thread that holds the connection's
/// lock.
@frozen
@usableFromInline
package struct RowReader {
    /// The statement whose current row is read.
    @usableFromInline
    package let handle: OpaquePointer

    /// A reader of `handle`'s current row.
    @inlinable
    package init(_ handle: OpaquePointer) {
        self.handle = handle
    }

    /// The storage class of `column` (`SQLITE_INTEGER`, `SQLITE_FLOAT`, `SQLITE_TEXT`,
    /// `SQLITE_BLOB` or `SQLITE_NULL`).
    @inlinable
    package func storageClass(at column: Int32) -> Int32 {
        sqlite3_column_type(handle, column)
    }

    /// Whether `column` is NULL.
    @inlinable
    package func isNull(at column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The value of `column` when its storage class is INTEGER, else nil.
    @inlinable
    package func integer(at column: Int32) -> Int64? {
        let value = sqlite3_column_value(handle, column)
        guard sqlite3_value_type(value) == SQLITE_INTEGER else { return nil }
        return sqlite3_value_int64(value)
    }

    /// The value of `column` when its storage class is REAL, else nil.
    @inlinable
    package func real(at column: Int32) -> Double? {
        let value = sqlite3_column_value(handle, column)
        guard sqlite3_value_type(value) == SQLITE_FLOAT else { return nil }
        return sqlite3_value_double(value)
    }

    /// The storage class of `column`, with its value as a double when that class is REAL or
    /// INTEGER (else 0): one look at the column for code that reads both as a double.
    @inlinable
    package func number(at column: Int32) -> (storageClass: Int32, value: Double) {
        let value = sqlite3_column_value(handle, column)
        let storageClass = sqlite3_value_type(value)
        guard storageClass == SQLITE_FLOAT || storageClass == SQLITE_INTEGER else { return (storageClass, 0) }
        return (storageClass, sqlite3_value_double(value))
    }

    /// The storage class of `column`, with its value as an integer when that class is INTEGER
    /// (else 0).
    @inlinable
    package func integerOrStorageClass(at column: Int32) -> (storageClass: Int32, value: Int64) {
        let value = sqlite3_column_value(handle, column)
        let storageClass = sqlite3_value_type(value)
        guard storageClass == SQLITE_INTEGER else { return (storageClass, 0) }
        return (storageClass, sqlite3_value_int64(value))
    }

    /// The text of `column`, read by byte length (embedded NUL characters survive). A column
    /// that is not TEXT is converted by SQLite, which may allocate: hold the connection's lock.
    @inlinable
    package func text(at column: Int32) -> String {
        String.read(from: handle, at: column)
    }

    /// The bytes of `column`. A column that is not a BLOB is converted by SQLite, which may
    /// allocate: hold the connection's lock.
    @inlinable
    package func blob(at column: Int32) -> Blob {
        Blob.read(from: handle, at: column)
    }

    /// The text of `column` when its storage class is TEXT, else nil: one look at the column for
    /// both, read by byte length (embedded NUL characters survive), with no conversion.
    @inlinable
    package func textIfStored(at column: Int32) -> String? {
        let value = sqlite3_column_value(handle, column)
        guard sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
        return ValueConversion.text(of: value)
    }

    /// The text of `column` when it is TEXT held as UTF-8, else nil: see ``utf8Text(of:)``.
    @inlinable
    package func utf8Text(at column: Int32) -> String? {
        let value = sqlite3_column_value(handle, column)
        guard sqlite3_value_type(value) == SQLITE_TEXT else { return nil }
        return Self.utf8Text(of: value)
    }

    /// The text of `value`, a TEXT value, read as the UTF-8 bytes it holds; nil when it holds
    /// another encoding. Unlike `sqlite3_value_text`, which adds a terminator to text that has
    /// none (a function's result) with the connection's allocator, this never allocates inside
    /// SQLite: it is safe while another thread uses the connection.
    @inlinable
    package static func utf8Text(of value: OpaquePointer?) -> String? {
        guard isUTF8(value) else { return nil }
        guard let bytes = sqlite3_value_blob(value) else { return "" }
        let count = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeRawBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Whether `value` holds UTF-8 (`sqlite3_value_encoding`; false under `SystemSQLite` with a
    /// library older than 3.41, which lacks it).
    @usableFromInline
    static func isUTF8(_ value: OpaquePointer?) -> Bool {
        #if SystemSQLite
            guard let encoding = NewerCFunctions.valueEncoding else { return false }
            return encoding(value) == SQLITE_UTF8
        #else
            return sqlite3_value_encoding(value) == SQLITE_UTF8
        #endif
    }
}
