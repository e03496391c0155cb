import Foundation

/// Reads column values of the current row by absolute index: straight from a live statement
/// through Core's `RowReader` (no copies beyond the value itself), from a typed-tier `Row`, or
/// from encoded values. Read a live statement only while its decoder decodes the row.
struct ColumnReader {
    enum Source {
        case statement(OpaquePointer)
        case row(Row)
        case values([SQLValue])
    }

    let source: Source

    // Measured: without the decoding side's @inline(__always), fetch-record codable 2.20 -> 3.86 x raw C, decode-row 2.29 -> 3.95, point-lookup record 2.13 -> 2.95 (callgrind --quick).
    /// The raw statement, when reading a live statement.
    @inline(__always)
    var handle: OpaquePointer? {
        if case .statement(let handle) = source { return handle }
        return nil
    }

    /// Column `index` of a live statement's current row when it holds TEXT (one look at the
    /// column for both its storage class and its text); nil for anything else, or when not
    /// reading a statement.
    @inline(__always)
    func storedText(at index: Int) -> String? {
        guard case .statement(let handle) = source else { return nil }
        return RowReader(handle).textIfStored(at: Int32(truncatingIfNeeded: index))
    }

    /// Column `index` as a ``SQLValue``.
    func value(at index: Int) -> SQLValue {
        switch source {
        case .statement(let handle):
            return ValueConversion.stored(sqlite3_column_value(handle, Int32(truncatingIfNeeded: index)))
        case .row(let row):
            if let statement = row.liveStatement {
                return ColumnReader(source: .statement(statement.handle)).value(at: index)
            }
            return row.copiedValue(at: index) ?? .null
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
