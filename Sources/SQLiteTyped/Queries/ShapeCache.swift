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

    private final class Entry: @unchecked Sendable {
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
        func matches(_ other: UnsafeMutableBufferPointer<UInt64>) -> Bool {
            guard words.count == other.count else { return false }
            return words.withUnsafeBufferPointer { stored in
                for index in stored.indices where stored[index] != other[index] { return false }
                return true
            }
        }
    }

    private var entries: [UInt64: Entry] = [:]
    /// The entry found or made last.
    private var lastEntry: Entry?
    private let lock = NSLock()

    /// The SQL for the shape described by `words`, rendering it with `render` the first time;
    /// `strings` lists the strings whose bits are in `words`.
    func sql(words: UnsafeMutableBufferPointer<UInt64>, strings: () -> [String], render: () -> String) -> String {
        // The shape met last first: a loop builds one shape over and over.
        lock.lock()
        let last = lastEntry
        lock.unlock()
        if let last, last.matches(words) { return last.sql }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for word in words { hash = (hash ^ word) &* 0x100_0000_01b3 }
        lock.lock()
        let entry = entries[hash]
        lock.unlock()
        if let entry, entry.matches(words) {
            lock.lock()
            lastEntry = entry
            lock.unlock()
            return entry.sql
        }
        let sql = render()
        let newEntry = Entry(words: Array(words), strings: strings(), sql: sql)
        lock.lock()
        if entries.count >= 256 { entries.removeAll(keepingCapacity: true) }
        entries[hash] = newEntry
        lastEntry = newEntry
        lock.unlock()
        return sql
    }
}

/// Fills a word buffer for ``ShapeCache``.
struct ShapeWords {
    let buffer: UnsafeMutableBufferPointer<UInt64>
    var count = 0

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
    }

    /// The words added so far.
    var words: UnsafeMutableBufferPointer<UInt64> {
        UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
    }
}
