import SQLiteCore

/// The numbers of a live statement's current row over a range of columns, read through Core's
/// ``RowReader``: decoding an integer or a double field reads the column's storage class and
/// value in one look. Any other column (text, blob, NULL, an integer kept for a REAL column)
/// reads as nil here and is read by the caller's full path.
///
/// Owned by one ``RowDecoder``; loaded at the start of each row it decodes, while the statement
/// stays on that row.
struct RowNumbers {
    /// The absolute index of the first column read.
    let base: Int
    /// How many columns each row reads.
    let capacity: Int
    /// The statement of the current row (nil before the first row).
    private var handle: OpaquePointer?
    /// How many columns the current row has from `base` on (0 before the first row, or without
    /// a row).
    private(set) var count = 0

    init(base: Int, capacity: Int) {
        self.base = base
        self.capacity = capacity
    }

    /// Where column `index` (absolute) is among the columns from `base` on: what a key's lookup
    /// keeps. A column before `base` gives a negative offset, which reads as no value.
    static func cellOffset(ofColumn index: Int, base: Int) -> Int {
        index - base
    }

    /// Starts reading the current row of `handle`.
    @inline(__always)
    mutating func load(_ handle: OpaquePointer) {
        self.handle = handle
        count = max(0, min(capacity, Int(sqlite3_data_count(handle)) - base))
    }

    /// The column at `offset` (``cellOffset(ofColumn:base:)``) when it was read and holds an
    /// INTEGER, else nil.
    @inline(__always)
    func integer(atCellOffset offset: Int) -> Int64? {
        guard let handle, UInt(bitPattern: offset) < UInt(bitPattern: count) else { return nil }
        return RowReader(handle).integer(at: Int32(truncatingIfNeeded: base &+ offset))
    }

    /// The column at `offset` when it was read and holds a REAL, else nil.
    @inline(__always)
    func real(atCellOffset offset: Int) -> Double? {
        guard let handle, UInt(bitPattern: offset) < UInt(bitPattern: count) else { return nil }
        return RowReader(handle).real(at: Int32(truncatingIfNeeded: base &+ offset))
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
