import Foundation

/// Rendered statement text by shape, for statements built in a loop (`insert(...)`,
/// `pluck(table.filter(id == x))`): the shape is a list of words made of the bits of the
/// template strings that make up the statement plus a few flags, so recognizing a shape
/// neither renders nor hashes text. An entry keeps its strings alive, so equal bits always
/// mean equal strings.
final class ShapeCache: @unchecked Sendable {
    /// `INSERT` statements.
    static let inserts = ShapeCache()
    /// `SELECT` statements.
    static let selects = ShapeCache()

    /// One shape and its SQL. Immutable: a thread may keep one it was handed (see
    /// ``InsertShapeCache``) while the cache replaces it.
    final class Entry: @unchecked Sendable {
        let words: [UInt64]
        let strings: [String]
        let sql: String

        init(words: [UInt64], strings: [String], sql: String) {
            self.words = words
            self.strings = strings
            self.sql = sql
        }

        /// Whether the entry is for the shape `words`, compared word by word (the generic
        /// `elementsEqual` costs several times more).
        @inline(__always)
        func matches(_ other: UnsafeMutableBufferPointer<UInt64>) -> Bool {
            guard words.count == other.count else { return false }
            return words.withUnsafeBufferPointer { stored in
                for index in stored.indices where stored[index] != other[index] { return false }
                return true
            }
        }
    }

    /// The entries by the low bits of their hash: a collision replaces the older entry.
    /// Guarded by `lock` (so without Swift's run-time exclusivity checks).
    @exclusivity(unchecked)
    private var entries = [Entry?](repeating: nil, count: ShapeCache.slotCount)
    private static let slotCount = 512
    private let lock = PlainLock()

    /// Shapes by content, for strings that are built anew for every statement (a template
    /// too long to be stored inline, such as `("users"."email" = ?)`): their bits never match,
    /// but their text does. Guarded by `lock`.
    @exclusivity(unchecked)
    private var byContent: [String: String] = [:]

    /// The SQL for the shape described by `shape`, rendering it with `render` the first time;
    /// `strings` lists the strings whose bits are in the shape's words.
    func sql(shape: ShapeWords, strings: () -> [String], render: () -> String) -> String {
        lookup(shape: shape, strings: strings, render: render).sql
    }

    /// ``sql(shape:strings:render:)`` with the entry that holds the SQL: the one found, or the
    /// one made for the shape; nil when the SQL was found by content (its strings' bits will
    /// not come back).
    func lookup(shape: ShapeWords, strings: () -> [String], render: () -> String) -> (sql: String, entry: Entry?) {
        let words = shape.words
        let slot = ShapeCache.slot(of: words)
        // The entry is checked in place under the lock, and copied out only when it matches.
        lock.lock()
        let hit = entries.withUnsafeBufferPointer { entries -> Entry? in
            guard let entry = entries[slot], entry.matches(words) else { return nil }
            return entry
        }
        lock.unlock()
        if let hit { return (hit.sql, hit) }
        return miss(slot, shape, strings, render)
    }

    /// The slot of the shape `words`, from their hash.
    @inline(__always)
    private static func slot(of words: UnsafeMutableBufferPointer<UInt64>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for word in words { hash = (hash ^ word) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: (hash ^ (hash >> 29)) & UInt64(ShapeCache.slotCount - 1))
    }

    /// A shape not in its slot: found by content, or rendered into a new entry in the slot.
    private func miss(
        _ slot: Int, _ shape: ShapeWords, _ strings: () -> [String], _ render: () -> String
    ) -> (sql: String, entry: Entry?) {
        // The same text seen before with other strings: no rendering, and no new entry that
        // would push out one whose strings do come back.
        let strings = strings()
        let key = shape.contentKey(strings)
        lock.lock()
        let known = key.flatMap { byContent[$0] }
        let slotIsFree = entries[slot] == nil
        lock.unlock()
        if let known, !slotIsFree { return (known, nil) }
        let sql = known ?? render()
        let newEntry = Entry(words: Array(shape.words), strings: strings, sql: sql)
        lock.lock()
        entries[slot] = newEntry
        if let key {
            if byContent.count >= ShapeCache.slotCount { byContent.removeAll(keepingCapacity: true) }
            byContent[key] = sql
        }
        lock.unlock()
        return (sql, newEntry)
    }
}

/// Fills a word buffer for ``ShapeCache``: the bits of each string (equal bits are the same
/// string) and plain numbers (flags, counts), which are also kept apart for the shape's
/// content key.
struct ShapeWords {
    let buffer: UnsafeMutableBufferPointer<UInt64>
    var count = 0
    /// The numbers added, in order (the first eight).
    private var numbers: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var numberCount = 0

    init(_ buffer: UnsafeMutableBufferPointer<UInt64>) {
        self.buffer = buffer
    }

    mutating func add(_ string: String) {
        let bits = RecentLookup.bits(of: string)
        buffer[count] = bits.low
        buffer[count + 1] = bits.high
        count += 2
    }

    mutating func add(_ word: UInt64) {
        buffer[count] = word
        count += 1
        if numberCount < 8 {
            withUnsafeMutableBytes(of: &numbers) {
                $0.storeBytes(of: word, toByteOffset: numberCount * 8, as: UInt64.self)
            }
        }
        numberCount += 1
    }

    /// The words added so far.
    var words: UnsafeMutableBufferPointer<UInt64> {
        UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
    }

    /// The shape as text: `strings` (the strings added, in order, each after its length) and
    /// the numbers, nil when there were too many numbers to keep.
    func contentKey(_ strings: [String]) -> String? {
        guard numberCount <= 8 else { return nil }
        var key = ""
        for string in strings {
            key += String(string.utf8.count)
            key += ":"
            key += string
        }
        withUnsafeBytes(of: numbers) { bytes in
            for index in 0..<numberCount {
                key += String(bytes.load(fromByteOffset: index * 8, as: UInt64.self))
                key += ","
            }
        }
        return key
    }
}
