/// Where a ``Row`` reads its values: the statement's current row while it is current (read by
/// index, no copy), or a copy of the values once the statement has moved on.
@usableFromInline
final class RowSource: @unchecked Sendable {
    /// The statement the row came from.
    @usableFromInline
    let statement: Statement

    /// The statement's raw handle.
    @usableFromInline
    let handle: OpaquePointer

    /// The row's values once copied; nil while the row is the statement's current row.
    @usableFromInline
    @exclusivity(unchecked)
    var values: [StoredCell]?

    /// Whether ``values`` holds the row: one byte to test on every read, where testing the
    /// optional array would retain and release it.
    @usableFromInline
    @exclusivity(unchecked)
    var isCopied = false

    init(statement: Statement) {
        self.statement = statement
        self.handle = statement.handle
    }

    /// Copies the current row so the statement can step on.
    func materialize() {
        if values != nil { return }
        copyCurrentRow(into: [])
    }

    /// Copies the statement's current row over the values of the row this source held,
    /// reusing their storage: for a source that no row refers to any more.
    func rematerialize() {
        var cells = values ?? []
        values = nil
        cells.removeAll(keepingCapacity: true)
        copyCurrentRow(into: cells)
    }

    private func copyCurrentRow(into cells: [StoredCell]) {
        var cells = cells
        let count = statement.columnCount
        cells.reserveCapacity(count)
        for index in 0..<count {
            let column = Int32(truncatingIfNeeded: index)
            var integer: Int64 = 0
            switch csqlite_column_int64(handle, column, &integer) {
            case SQLITE_INTEGER: cells.append(.integer(integer))
            case SQLITE_FLOAT: cells.append(.real(sqlite3_column_double(handle, column)))
            case SQLITE_TEXT: cells.append(.text(String.read(from: handle, at: column)))
            case SQLITE_BLOB: cells.append(.blob(Blob.read(from: handle, at: column)))
            default: cells.append(.null)
            }
        }
        values = cells
        isCopied = true
    }
}
