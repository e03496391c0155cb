/// The current row of a ``Statement``, read by column index without copying the row.
///
/// Obtain it from ``Statement/row`` after ``Statement/step()`` returned `true`; the type you ask
/// for picks the reader, following SQLite's own conversions (NULL reads as 0, "" or an empty
/// blob; use the `Binding?` subscript or ``isNull(_:)`` to tell NULL apart):
///
/// ```swift
/// let statement = try db.prepare("SELECT id, email, score FROM users")
/// while try statement.step() {
///     let row = statement.row
///     let id: Int64 = row[0]
///     let email: String = row[1]
///     let score: Double = row[2]
/// }
/// ```
///
/// A row can be read while another thread uses the same connection: numbers and UTF-8 text are
/// read as they are stored, and whatever SQLite must convert or allocate for (other storage
/// classes read as text, other encodings, blobs) is read with the connection's lock held.
public struct Cursor {
    /// The raw statement the row belongs to.
    public let handle: OpaquePointer

    /// The number of columns.
    public let columnCount: Int

    @usableFromInline
    let statement: Statement

    // Measured: these getters out of line cost 5.7 % on fetch-positional core (callgrind).
    @inlinable
    init(statement: Statement) {
        self.statement = statement
        self.handle = statement.handle
        self.columnCount = statement.columnCount
    }

    /// Column `index` as a 64-bit integer (`sqlite3_column_int64`).
    @inlinable
    public subscript(index: Int) -> Int64 {
        sqlite3_column_int64(handle, Int32(truncatingIfNeeded: index))
    }

    /// Column `index` as an `Int`.
    @inlinable
    public subscript(index: Int) -> Int {
        Int(truncatingIfNeeded: sqlite3_column_int64(handle, Int32(truncatingIfNeeded: index)))
    }

    /// Column `index` as a double (`sqlite3_column_double`).
    @inlinable
    public subscript(index: Int) -> Double {
        sqlite3_column_double(handle, Int32(truncatingIfNeeded: index))
    }

    /// Column `index` as a Boolean: any non-zero integer is `true`.
    @inlinable
    public subscript(index: Int) -> Bool {
        sqlite3_column_int64(handle, Int32(truncatingIfNeeded: index)) != 0
    }

    /// Column `index` as text, read by byte length (embedded NUL characters survive).
    @inlinable
    public subscript(index: Int) -> String {
        let column = Int32(truncatingIfNeeded: index)
        if let text = RowReader(handle).utf8Text(at: column) { return text }
        // Converting (another storage class, another encoding) allocates inside SQLite.
        return statement.connection.lock.withLock { String.read(from: handle, at: column) }
    }

    /// Column `index` as a blob.
    @inlinable
    public subscript(index: Int) -> Blob {
        let column = Int32(truncatingIfNeeded: index)
        return statement.connection.lock.withLock { Blob.read(from: handle, at: column) }
    }

    /// Column `index` as whichever ``Binding`` its storage class maps to, `nil` for NULL:
    /// `Int64`, `Double`, `String` or ``Blob``.
    @inlinable
    public subscript(index: Int) -> Binding? {
        binding(at: index)
    }

    /// Column `index` read through `T`'s own reader; throws for a value `T` cannot hold.
    ///
    /// A number type (`Int64`, `Int`, `Double`, `Bool`, the other integers) reads TEXT that is
    /// wholly a number as SQLite converts it (`'42'` is 42, `'1e3'` is the integer 1 and the
    /// real 1000), and throws `SQLITE_MISMATCH` for other text (`'abc'`, `'0x10'`, `'12abc'`),
    /// which the subscripts read as SQLite's 0 or partial number.
    @inlinable
    public func get<T: Binding>(_ type: T.Type = T.self, at index: Int) throws -> T {
        try statement.connection.lock.withLock { () throws(Result) -> T in
            let column = Int32(truncatingIfNeeded: index)
            if Self.readsNumber(T.self), sqlite3_column_type(handle, column) == SQLITE_TEXT,
                !RowReader.holdsNumber(sqlite3_column_value(handle, column))
            {
                throw Result.misuse(
                    "column \(index) holds \(NumericText.describeNonNumber(String.read(from: handle, at: column))), "
                        + "which cannot be read as \(T.self)",
                    code: SQLITE_MISMATCH)
            }
            return try T.read(from: handle, at: column)
        }
    }

    /// Whether `T` reads a number from a column (through `sqlite3_column_int64` or `_double`).
    @inlinable
    static func readsNumber<T: Binding>(_ type: T.Type) -> Bool {
        T.self == Int64.self || T.self == Int.self || T.self == Double.self || T.self == Bool.self
            || T.self == UInt64.self || T.self == UInt.self || T.self is any NarrowInteger.Type
    }

    /// Whether column `index` of the current row is NULL.
    @inlinable
    public func isNull(_ index: Int) -> Bool {
        sqlite3_column_type(handle, Int32(truncatingIfNeeded: index)) == SQLITE_NULL
    }

    /// The storage class of column `index` in the current row.
    @inlinable
    public func type(at index: Int) -> ColumnType {
        ColumnType(sqlite3_column_type(handle, Int32(truncatingIfNeeded: index)))
    }

    /// Column `index` as the ``Binding`` its storage class maps to, `nil` for NULL.
    @inlinable
    public func binding(at index: Int) -> Binding? {
        statement.connection.lock.withLock { lockedBinding(at: index) }
    }

    /// ``binding(at:)`` with the connection's lock held by the caller.
    @usableFromInline
    func lockedBinding(at index: Int) -> Binding? {
        let column = Int32(truncatingIfNeeded: index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_INTEGER: return sqlite3_column_int64(handle, column)
        case SQLITE_FLOAT: return sqlite3_column_double(handle, column)
        case SQLITE_TEXT: return String.read(from: handle, at: column)
        case SQLITE_BLOB: return Blob.read(from: handle, at: column)
        default: return nil
        }
    }

    /// All the columns of the current row, read under one taking of the connection's lock.
    public var values: [Binding?] {
        statement.connection.lock.withLock { (0..<columnCount).map { lockedBinding(at: $0) } }
    }
}

extension Cursor: Sequence {
    /// Iterates the current row's values, in column order.
    public func makeIterator() -> IndexingIterator<[Binding?]> {
        values.makeIterator()
    }
}
