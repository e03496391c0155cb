#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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

    /// Column `index` as `Data`, its bytes copied once from `sqlite3_column_blob` (TEXT is read as
    /// its bytes, NULL as empty `Data`).
    @inlinable
    public subscript(index: Int) -> Data {
        let column = Int32(truncatingIfNeeded: index)
        return statement.connection.lock.withLock { Data.read(from: handle, at: column) }
    }

    /// Column `index` as whichever ``Binding`` its storage class maps to, `nil` for NULL:
    /// `Int64`, `Double`, `String` or ``Blob``.
    @inlinable
    public subscript(index: Int) -> Binding? {
        binding(at: index)
    }

    /// Column `index` read by Core's conversion table: throws for a value `T` cannot hold
    /// without loss, where the subscripts take SQLite's own conversion.
    ///
    /// A REAL that is a whole number reads as an integer (3.0 is 3), another REAL throws; TEXT
    /// that is wholly a number reads as SQLite converts it (`'42'` is 42, `'1e3'` is the integer 1
    /// and the real 1000) and other text (`'abc'`, `'0x10'`, `'12abc'`) throws `SQLITE_MISMATCH`;
    /// an integer out of `T`'s range throws `SQLITE_RANGE`; NULL throws `SQLITE_MISMATCH` (read
    /// it with ``isNull(_:)`` or the `Binding?` subscript). The full table is in the Core guide.
    ///
    /// ```swift
    /// let age = try statement.row.get(UInt8.self, at: 2)
    /// let photo = try statement.row.get(Data.self, at: 3)
    /// ```
    @inlinable
    public func get<T: Binding>(_ type: T.Type = T.self, at index: Int) throws -> T {
        let value: T?
        do throws(ConversionFailure) {
            value = try statement.connection.lock.withLock { () throws(ConversionFailure) -> T? in
                try ValueConversion.read(T.self, from: handle, at: Int32(truncatingIfNeeded: index))
            }
        } catch {
            throw getFailure(error, index, T.self)
        }
        guard let value else { throw getFailure(.mismatch(found: "NULL"), index, T.self) }
        return value
    }

    /// The error ``get(_:at:)`` throws for `failure` in column `index`.
    @usableFromInline
    func getFailure(_ failure: ConversionFailure, _ index: Int, _ type: Any.Type) -> Result {
        let result = failure.result(column: "column \(index)", requested: type)
        return Result.misuse(result.message, code: result.code, statement: statement)
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
        ValueConversion.stored(sqlite3_column_value(handle, Int32(truncatingIfNeeded: index))).binding
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
