/// A remembered column lookup: the bits of the template's `String` value and the index.
@usableFromInline
struct RecentLookup {
    @usableFromInline var low: UInt64
    @usableFromInline var high: UInt64
    @usableFromInline var index: Int

    @usableFromInline
    init(low: UInt64, high: UInt64, index: Int) {
        self.low = low
        self.high = high
        self.index = index
    }

    /// The two words of a `String` value: equal words mean the same string (the same small
    /// string, or the same storage object, which ``ColumnMap/recentTemplates`` keeps alive).
    @inlinable
    static func bits(of string: String) -> (low: UInt64, high: UInt64) {
        guard isSupported else { return (0, 0) }
        // Read in place through a pointer to the borrowed string: a bit cast would copy it,
        // retaining and releasing its storage on every column read.
        return withUnsafePointer(to: string) { pointer in
            UnsafeRawPointer(pointer).withMemoryRebound(to: UInt64.self, capacity: 2) { ($0[0], $0[1]) }
        }
    }

    /// Whether `String` is two words here (64-bit platforms); elsewhere every lookup hashes.
    @inlinable
    static var isSupported: Bool { MemoryLayout<String>.size == 16 }
}
