/// Incremental I/O on one BLOB (or TEXT) value stored in a table, without loading it whole
/// (`sqlite3_blob_open` and friends).
///
/// ```swift
/// try db.run("INSERT INTO files (data) VALUES (zeroblob(1_000_000))")
/// let blob = try db.openBlob(table: "files", column: "data", row: db.lastInsertRowid)
/// try blob.write([1, 2, 3], at: 0)
/// let head = try blob.read(count: 3, at: 0)   // [1, 2, 3]
/// blob.close()
/// ```
///
/// The size of the value is fixed while it is open: writes cannot grow it (create it with
/// `zeroblob(n)` first). A change to the row by any other means invalidates the handle and
/// further calls throw `SQLITE_ABORT`.
public final class IncrementalBlob: @unchecked Sendable {
    private var handle: OpaquePointer?
    private let connection: ConnectionHandle

    init(connection: ConnectionHandle, handle: OpaquePointer) {
        self.connection = connection
        self.handle = handle
    }

    deinit {
        close()
    }

    /// The size of the value in bytes.
    public var count: Int {
        connection.lock.withLock { handle.map { Int(sqlite3_blob_bytes($0)) } ?? 0 }
    }

    /// Reads `count` bytes starting at `offset`; throws when the range is outside the value.
    public func read(count: Int, at offset: Int = 0) throws -> [UInt8] {
        try connection.lock.withLock { () throws(Result) -> [UInt8] in
            let blob = try openHandle()
            let (length, start) = try range(count, offset, in: blob)
            var bytes = [UInt8](repeating: 0, count: count)
            let code = bytes.withUnsafeMutableBytes { sqlite3_blob_read(blob, $0.baseAddress, length, start) }
            try connection.check(code)
            return bytes
        }
    }

    /// Writes `bytes` starting at `offset`; throws when they do not fit inside the value or the
    /// blob was opened read-only.
    public func write(_ bytes: [UInt8], at offset: Int = 0) throws {
        try connection.lock.withLock { () throws(Result) in
            let blob = try openHandle()
            let (length, start) = try range(bytes.count, offset, in: blob)
            let code = bytes.withUnsafeBytes { sqlite3_blob_write(blob, $0.baseAddress, length, start) }
            try connection.check(code)
        }
    }

    /// Points the handle at the same column of another row, cheaper than opening anew.
    public func reopen(row: Int64) throws {
        try connection.lock.withLock { () throws(Result) in
            try connection.check(sqlite3_blob_reopen(try openHandle(), row))
        }
    }

    /// Closes the handle (also done when it is released); later calls throw `SQLITE_MISUSE`.
    public func close() {
        connection.lock.withLock {
            if let handle { sqlite3_blob_close(handle) }
            handle = nil
        }
    }

    private func openHandle() throws(Result) -> OpaquePointer {
        try connection.checkOpen()
        guard let handle else { throw Result.misuse("the blob handle is closed") }
        return handle
    }

    private func range(_ count: Int, _ offset: Int, in blob: OpaquePointer) throws(Result) -> (Int32, Int32) {
        let size = Int(sqlite3_blob_bytes(blob))
        guard count >= 0, offset >= 0, offset <= size, count <= size - offset else {
            throw Result.misuse(
                "bytes \(offset)..<\(offset + count) are outside the \(size)-byte value", code: SQLITE_RANGE)
        }
        return (Int32(count), Int32(offset))
    }
}

extension Connection {
    /// Opens the value in `column` of the row with rowid `row` of `table` for incremental I/O.
    ///
    /// - Parameters:
    ///   - table: the table holding the value.
    ///   - column: the column holding the value.
    ///   - row: the rowid of the row holding the value.
    ///   - database: the schema name (`"main"`, `"temp"`, or an attached database).
    ///   - readOnly: open without write access (the default is read-write).
    /// - Throws: ``Result`` when the table, column or row does not exist, or the column is
    ///   indexed or part of a foreign key (SQLite refuses incremental writes there).
    public func openBlob(
        table: String, column: String, row: Int64, database: String = "main", readOnly: Bool = false
    ) throws -> IncrementalBlob {
        try withOpenLock { () throws(Result) -> IncrementalBlob in
            var blob: OpaquePointer?
            let code = sqlite3_blob_open(handle, database, table, column, row, readOnly ? 0 : 1, &blob)
            guard code == SQLITE_OK, let blob else {
                let error = connection.error(code: code, statement: nil)
                if let blob { sqlite3_blob_close(blob) }
                throw error
            }
            return IncrementalBlob(connection: connection, handle: blob)
        }
    }
}
