/// The values of one encoded row, in storage the encoder writes in place: a value replacing
/// an integer, a real or NULL (the usual row, where each column keeps its kind) is stored
/// without destroying the old one first.
///
/// An insert made from the row keeps a reference to the buffer and binds from it
/// (``EncodedValues``); the encoder writes only into a buffer nothing else refers to, and
/// copies it otherwise (copy on write, as an array's storage), so a buffer another value
/// refers to never changes. The buffer itself is not `Sendable`: only ``EncodedValues``, which
/// reads it, is.
final class ColumnValueBuffer {
    private(set) var base: UnsafeMutablePointer<SQLValue>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 16) {
        self.capacity = Swift.max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    /// A buffer of its own with the same values.
    func copy() -> ColumnValueBuffer {
        let copy = ColumnValueBuffer(capacity: capacity)
        copy.base.initialize(from: base, count: count)
        copy.count = count
        return copy
    }

    /// The values as an array.
    var array: [SQLValue] { Array(UnsafeBufferPointer(start: base, count: count)) }

    /// The value at `index` (less than ``count``).
    subscript(index: Int) -> SQLValue { base[index] }

    /// Replaces the value at `index` (less than ``count``).
    func set(_ index: Int, _ value: SQLValue) {
        let slot = base + index
        if slot.pointee.isTrivial {
            slot.initialize(to: value)
        } else {
            slot.pointee = value
        }
    }

    func append(_ value: SQLValue) {
        if count == capacity {
            let grown = UnsafeMutablePointer<SQLValue>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: value)
        count += 1
    }

    /// Drops the values from `newCount` on.
    func truncate(to newCount: Int) {
        guard newCount < count else { return }
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// Binds the first `count` values in order, leaving out the one at `skip` (-1 for none), from
    /// parameter 1 on; returns `SQLITE_OK` or the first failing code.
    func bind(to handle: OpaquePointer, count: Int, skipping skip: Int = -1) -> Int32 {
        var parameter: Int32 = 1
        for index in 0..<Swift.min(count, self.count) where index != skip {
            let code = base[index].bind(to: handle, at: parameter)
            if code != SQLITE_OK { return code }
            parameter += 1
        }
        return SQLITE_OK
    }
}

extension SQLValue {
    /// Whether the value holds no reference (an integer, a real or NULL).
    var isTrivial: Bool {
        switch self {
        case .null, .integer, .real: true
        case .text, .blob: false
        }
    }
}
