import CSQLiteAmalgamation

/// The numbers of a live statement's current row over a range of columns, read in one call
/// into SQLite per row (`csqlite_read_numbers`), so decoding an integer or a double field
/// loads two values from memory instead of calling into SQLite.
///
/// Owned by one ``RowDecoder`` (which frees the storage); loaded at the start of each row it
/// decodes, while the statement stays on that row.
struct RowNumbers {
    /// The absolute index of the first column read.
    let base: Int
    /// How many columns each row reads.
    let capacity: Int
    private let types: UnsafeMutablePointer<UInt8>
    private let integers: UnsafeMutablePointer<Int64>
    private let reals: UnsafeMutablePointer<Double>
    /// How many columns the current row read (0 before the first row, or without a row).
    private(set) var count = 0

    init(base: Int, capacity: Int) {
        self.base = base
        self.capacity = capacity
        types = .allocate(capacity: Swift.max(capacity, 1))
        integers = .allocate(capacity: Swift.max(capacity, 1))
        reals = .allocate(capacity: Swift.max(capacity, 1))
    }

    /// Frees the storage; the value must not be used afterwards.
    func deallocate() {
        types.deallocate()
        integers.deallocate()
        reals.deallocate()
    }

    /// Reads the current row of `handle`.
    @inline(__always)
    mutating func load(_ handle: OpaquePointer) {
        count = Int(
            csqlite_read_numbers(
                handle, Int32(truncatingIfNeeded: base), Int32(truncatingIfNeeded: capacity), types, integers, reals))
    }

    /// The storage class of column `index` (absolute), or nil when it was not read.
    @inline(__always)
    private func type(at index: Int) -> Int32? {
        let offset = index &- base
        guard offset >= 0, offset < count else { return nil }
        return Int32(types[offset])
    }

    /// Column `index` (absolute) when it holds an INTEGER, else nil.
    @inline(__always)
    func integer(at index: Int) -> Int64? {
        guard type(at: index) == SQLITE_INTEGER else { return nil }
        return integers[index &- base]
    }

    /// Column `index` (absolute) when it holds a REAL, else nil.
    @inline(__always)
    func real(at index: Int) -> Double? {
        guard type(at: index) == SQLITE_FLOAT else { return nil }
        return reals[index &- base]
    }
}
