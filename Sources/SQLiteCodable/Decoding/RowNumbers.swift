import CSQLiteAmalgamation

/// The numbers of a live statement's current row over a range of columns, read in place from
/// the cells SQLite keeps for the row (`csqlite_row_cells`, one call per row): decoding an
/// integer or a double field checks the cell's flags and loads its value, without a call into
/// SQLite. Any other cell (text, blob, NULL, an integer kept for a REAL column) reads as nil here
/// and is read through the API by the caller.
///
/// Owned by one ``RowDecoder``; loaded at the start of each row it decodes, while the statement
/// stays on that row (the cells are SQLite's until the statement steps again).
struct RowNumbers {
    /// The absolute index of the first column read.
    let base: Int
    /// How many columns each row reads.
    let capacity: Int
    /// The cell of column `base` of the current row (never read while `count` is 0).
    private var cells: UnsafeRawPointer
    /// How many columns the current row has from `base` on (0 before the first row, or without
    /// a row).
    private(set) var count = 0
    /// The bytes of those columns' cells.
    private var byteCount = 0

    init(base: Int, capacity: Int) {
        self.base = base
        self.capacity = capacity
        var available: Int32 = 0
        cells = csqlite_row_cells(nil, 0, 0, &available)
    }

    /// Where column `index` (absolute) has its cell among those of the columns from `base` on,
    /// in bytes: what a key's lookup keeps, so that a field reads its cell with one addition. A
    /// column before `base` gives a negative offset, which reads as no cell.
    static func cellOffset(ofColumn index: Int, base: Int) -> Int {
        (index - base) * Int(CSQLITE_CELL_SIZE)
    }

    /// Reads where the current row of `handle` keeps its cells.
    @inline(__always)
    mutating func load(_ handle: OpaquePointer) {
        var available: Int32 = 0
        cells = csqlite_row_cells(
            handle, Int32(truncatingIfNeeded: base), Int32(truncatingIfNeeded: capacity), &available)
        count = Int(available)
        byteCount = count &* Int(CSQLITE_CELL_SIZE)
    }

    /// The cell at `offset` bytes (``cellOffset(ofColumn:base:)``) and its flags, or nil when it
    /// was not read (a negative offset included).
    @inline(__always)
    private func cell(atOffset offset: Int) -> (cell: UnsafeRawPointer, flags: Int32)? {
        guard UInt(bitPattern: offset) < UInt(bitPattern: byteCount) else { return nil }
        let cell = cells + offset
        return (cell, Int32(cell.load(fromByteOffset: Int(CSQLITE_CELL_FLAGS_OFFSET), as: UInt16.self)))
    }

    /// The cell at `offset` bytes when it holds an INTEGER, else nil.
    @inline(__always)
    func integer(atCellOffset offset: Int) -> Int64? {
        guard let (cell, flags) = cell(atOffset: offset), flags & CSQLITE_CELL_INTEGER_MASK == CSQLITE_CELL_INTEGER
        else { return nil }
        return cell.load(as: Int64.self)
    }

    /// The cell at `offset` bytes when it holds a REAL, else nil.
    @inline(__always)
    func real(atCellOffset offset: Int) -> Double? {
        guard let (cell, flags) = cell(atOffset: offset), flags & CSQLITE_CELL_REAL_MASK == CSQLITE_CELL_REAL else {
            return nil
        }
        return cell.load(as: Double.self)
    }

    /// Column `index` (absolute) when it holds an INTEGER, else nil.
    @inline(__always)
    func integer(at index: Int) -> Int64? {
        integer(atCellOffset: RowNumbers.cellOffset(ofColumn: index, base: base))
    }

    /// Column `index` (absolute) when it holds a REAL, else nil.
    @inline(__always)
    func real(at index: Int) -> Double? {
        real(atCellOffset: RowNumbers.cellOffset(ofColumn: index, base: base))
    }
}
