import Foundation

/// Reads column values of the current row by absolute index: straight from a live statement
/// (no copies beyond the value itself), from a typed-tier `Row`, or from encoded values.
struct ColumnReader {
    enum Source {
        case statement(OpaquePointer)
        case row(Row)
        case values([ColumnValue])
    }

    let source: Source

    /// The raw statement, when reading a live statement.
    @inline(__always)
    var handle: OpaquePointer? {
        if case .statement(let handle) = source { return handle }
        return nil
    }

    /// Column `index` of a live statement's current row as SQLite's value object (one call
    /// into SQLite for both its type and its contents), or nil when not reading a statement.
    /// Read it straight away, while the statement stays on the row.
    @inline(__always)
    func storedValue(at index: Int) -> OpaquePointer? {
        guard case .statement(let handle) = source else { return nil }
        return sqlite3_column_value(handle, Int32(truncatingIfNeeded: index))
    }

    /// Column `index` of a live statement's current row when it holds an INTEGER, in one call
    /// into SQLite; nil for anything else (another storage class, or not a live statement).
    @inline(__always)
    func storedInteger(at index: Int) -> Int64? {
        guard case .statement(let handle) = source else { return nil }
        return RowReader(handle).integer(at: Int32(truncatingIfNeeded: index))
    }

    /// Column `index` of a live statement's current row when it holds a REAL, in one call into
    /// SQLite; nil for anything else.
    @inline(__always)
    func storedReal(at index: Int) -> Double? {
        guard case .statement(let handle) = source else { return nil }
        return RowReader(handle).real(at: Int32(truncatingIfNeeded: index))
    }

    /// The text of a TEXT value object, by byte length (embedded NUL characters survive).
    static func text(of value: OpaquePointer) -> String {
        guard let text = sqlite3_value_text(value) else { return "" }
        let count = Int(sqlite3_value_bytes(value))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Column `index` as a ``ColumnValue``.
    func value(at index: Int) -> ColumnValue {
        switch source {
        case .statement(let handle):
            let column = Int32(truncatingIfNeeded: index)
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER: return .integer(sqlite3_column_int64(handle, column))
            case SQLITE_FLOAT: return .real(sqlite3_column_double(handle, column))
            case SQLITE_TEXT: return .text(String.read(from: handle, at: column))
            case SQLITE_BLOB: return .blob(Blob.read(from: handle, at: column).bytes)
            default: return .null
            }
        case .row(let row):
            return ColumnValue(binding: row.binding(at: index)) ?? .null
        case .values(let values):
            return index < values.count ? values[index] : .null
        }
    }

    /// Whether column `index` is NULL.
    @inline(__always)
    func isNull(at index: Int) -> Bool {
        if let handle { return RowReader(handle).isNull(at: Int32(truncatingIfNeeded: index)) }
        return value(at: index) == .null
    }
}
