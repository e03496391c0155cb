/// Where a ``Row`` reads its values: the statement's current row while it is current (read by
/// index, no copy), or a copy of the values once the statement has moved on.
///
/// Not `Sendable`: the copy is written without a lock when the statement moves on (or when
/// `pluck` reuses a source no row refers to any more), by the code that has the statement.
@usableFromInline
final class RowSource {
    /// The statement the row came from.
    @usableFromInline
    let statement: Statement

    /// The statement's raw handle.
    @usableFromInline
    let handle: OpaquePointer

    // Measured: dynamic exclusivity checks on this class's properties (read on every column
    // read) cost point-lookup typed 39.9M -> 56.4M and fetch-positional typed 139.8M -> 228.8M
    // instructions (callgrind, --quick): over budget.
    /// The row's values once copied (``isCopied``): ``cellCount`` cells in raw memory, so a
    /// read loads a cell without retaining an array. Written only while no row reads them (when
    /// the source is made, or reused once no row refers to it).
    @usableFromInline
    @exclusivity(unchecked)
    var cells: UnsafeMutablePointer<SQLValue>?

    /// How many of ``cells`` hold values.
    @usableFromInline
    @exclusivity(unchecked)
    var cellCount = 0

    /// How many cells ``cells`` has room for.
    @exclusivity(unchecked)
    private var cellCapacity = 0

    /// Whether ``cells`` holds the row: one byte to test on every read.
    @usableFromInline
    @exclusivity(unchecked)
    var isCopied = false

    /// Where the next read looks first among the column map's keys: after the column the
    /// previous read found, as columns are usually read in the order selected, row after row.
    /// A hint only (the keys' text decides).
    @usableFromInline
    @exclusivity(unchecked)
    var nextKey = 0

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

    /// The copied value of column `index`, nil past the last column (only once ``isCopied``).
    @inlinable
    func cell(at index: Int) -> SQLValue? {
        guard let cells, index >= 0, index < cellCount else { return nil }
        return cells[index]
    }

    /// Copies the current row so the statement can step on.
    func materialize() {
        if isCopied { return }
        copyCurrentRow()
    }

    /// Copies the statement's current row over the values of the row this source held,
    /// reusing their storage: for a source that no row refers to any more.
    func rematerialize() {
        copyCurrentRow()
    }

    /// Whether any copied cell holds text or a blob (else the cells need no deinitializing).
    @exclusivity(unchecked)
    private var cellsHoldObjects = false

    private func copyCurrentRow() {
        let count = statement.columnCount
        if let cells, cellsHoldObjects { cells.deinitialize(count: cellCount) }
        cellCount = 0
        cellsHoldObjects = false
        if count > cellCapacity {
            cells?.deallocate()
            cells = .allocate(capacity: count)
            cellCapacity = count
        }
        if let cells {
            let row = RowReader(handle)
            for index in 0..<count {
                let column = Int32(truncatingIfNeeded: index)
                let cell: SQLValue
                // One look at the column for an integer, the usual value, and its storage class.
                let (storageClass, integer) = row.integerOrStorageClass(at: column)
                switch storageClass {
                case SQLITE_INTEGER: cell = .integer(integer)
                case SQLITE_FLOAT: cell = .real(row.real(at: column) ?? 0)
                case SQLITE_TEXT:
                    cell = .text(row.text(at: column))
                    cellsHoldObjects = true
                case SQLITE_BLOB:
                    cell = .blob(row.blob(at: column))
                    cellsHoldObjects = true
                default: cell = .null
                }
                (cells + index).initialize(to: cell)
            }
        }
        cellCount = count
        nextKey = 0
        isCopied = true
    }
}
