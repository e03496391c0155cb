import Foundation

/// Reads column values of the current row by absolute index: straight from a live statement
/// through Core's `RowReader`, from a typed-tier `Row` (in place while it is current, else its
/// copied values), or from encoded values. A live statement is read only while its decoder
/// decodes the row (see ``RowDecoder``).
struct ColumnReader {
    enum Source {
        case statement(OpaquePointer)
        case row(Row)
        case values([SQLValue])
    }

    /// The statement read in place, for a statement's reader.
    private let statement: OpaquePointer?
    /// The row, for a typed-tier row's reader.
    private let row: Row?
    /// The values, for encoded values.
    private let values: [SQLValue]

    init(source: Source) {
        switch source {
        case .statement(let handle): (statement, row, values) = (handle, nil, [])
        case .row(let row): (statement, self.row, values) = (nil, row, [])
        case .values(let values): (statement, row, self.values) = (nil, nil, values)
        }
    }

    /// Whether the reader reads a statement in place, whose row changes with each step.
    var readsInPlace: Bool { statement != nil }

    /// The statement read in place, if the reader reads one.
    var statementHandle: OpaquePointer? { statement }

    /// The raw statement the current row is read from in place, if any.
    private var liveHandle: OpaquePointer? {
        statement ?? row?.liveHandle
    }

    /// Column `index` when it holds an INTEGER; nil for anything else, or no column (-1).
    func integer(at index: Int) -> Int64? {
        guard index >= 0 else { return nil }
        if let handle = liveHandle { return RowReader(handle).integer(at: Int32(truncatingIfNeeded: index)) }
        if case .integer(let integer) = value(at: index) { return integer }
        return nil
    }

    /// Column `index` when it holds a REAL; nil for anything else, or no column (-1).
    func real(at index: Int) -> Double? {
        guard index >= 0 else { return nil }
        if let handle = liveHandle { return RowReader(handle).real(at: Int32(truncatingIfNeeded: index)) }
        if case .real(let real) = value(at: index) { return real }
        return nil
    }

    /// Column `index` when it holds TEXT; nil for anything else, or no column (-1).
    func text(at index: Int) -> String? {
        guard index >= 0 else { return nil }
        if let handle = liveHandle { return RowReader(handle).textIfStored(at: Int32(truncatingIfNeeded: index)) }
        if case .text(let text) = value(at: index) { return text }
        return nil
    }

    /// Column `index` as a ``SQLValue``.
    func value(at index: Int) -> SQLValue {
        if let handle = liveHandle {
            let reader = RowReader(handle)
            let column = Int32(truncatingIfNeeded: index)
            let (storageClass, integer) = reader.integerOrStorageClass(at: column)
            switch storageClass {
            case SQLITE_INTEGER: return .integer(integer)
            case SQLITE_FLOAT: return .real(reader.number(at: column).value)
            case SQLITE_TEXT: return .text(reader.text(at: column))
            case SQLITE_BLOB: return .blob(reader.blob(at: column))
            default: return .null
            }
        }
        if let row { return row.copiedValue(at: index) ?? .null }
        return values.indices.contains(index) ? values[index] : .null
    }

    /// Whether column `index` is NULL.
    func isNull(at index: Int) -> Bool {
        if let handle = liveHandle { return RowReader(handle).isNull(at: Int32(truncatingIfNeeded: index)) }
        return value(at: index) == .null
    }
}
