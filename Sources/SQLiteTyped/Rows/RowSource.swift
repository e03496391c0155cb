/// Where a ``Row`` reads its values: the statement's current row while it is current (read by
/// index, no copy), or a copy of the values once the statement has moved on.
///
/// Not `Sendable`: the copy is written without a lock when the statement moves on, by the code
/// that has the statement.
@usableFromInline
final class RowSource {
    /// The statement the row came from.
    @usableFromInline
    let statement: Statement

    /// The statement's raw handle.
    @usableFromInline
    let handle: OpaquePointer

    // Measured: with run-time exclusivity checks on these three, point-lookup typed costs 6.1M more instructions (6.5 %) and fetch-positional typed 3.0M more (callgrind, --quick).
    /// The row's values once copied (``isCopied``): ``cellCount`` cells in raw memory, so a
    /// read loads a cell without retaining an array. Written once, before any row reads them.
    @usableFromInline
    @exclusivity(unchecked)
    var cells: UnsafeMutablePointer<SQLValue>?

    /// How many of ``cells`` hold values.
    @usableFromInline
    @exclusivity(unchecked)
    var cellCount = 0

    /// Whether ``cells`` holds the row: one byte to test on every read.
    @usableFromInline
    @exclusivity(unchecked)
    var isCopied = false

    init(statement: Statement) {
        self.statement = statement
        self.handle = statement.handle
    }

    deinit {
        if let cells {
            cells.deinitialize(count: cellCount)
            cells.deallocate()
        }
    }

    // Measured: one of Row's inlinable reads (see the figures in Row).
    /// The copied value of column `index`, nil past the last column (only once ``isCopied``).
    @inlinable
    func cell(at index: Int) -> SQLValue? {
        guard let cells, index >= 0, index < cellCount else { return nil }
        return cells[index]
    }

    /// Copies the current row so the statement can step on.
    func materialize() {
        if isCopied { return }
        let count = statement.columnCount
        let cells = UnsafeMutablePointer<SQLValue>.allocate(capacity: max(count, 1))
        self.cells = cells
        let row = RowReader(handle)
        for index in 0..<count {
            let column = Int32(truncatingIfNeeded: index)
            let cell: SQLValue
            // One look at the column for an integer, the usual value, and its storage class.
            let (storageClass, integer) = row.integerOrStorageClass(at: column)
            switch storageClass {
            case SQLITE_INTEGER: cell = .integer(integer)
            case SQLITE_FLOAT: cell = .real(row.real(at: column) ?? 0)
            case SQLITE_TEXT: cell = .text(row.text(at: column))
            case SQLITE_BLOB: cell = .blob(row.blob(at: column))
            default: cell = .null
            }
            (cells + index).initialize(to: cell)
        }
        cellCount = count
        isCopied = true
    }
}
