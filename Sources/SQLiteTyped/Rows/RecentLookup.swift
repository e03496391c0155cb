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
        let words = StringWords(string)
        return (words.low, words.high)
    }

    /// Whether `String` is two words here (64-bit platforms); elsewhere every lookup hashes.
    @inlinable
    static var isSupported: Bool { StringWords.isSupported }
}
