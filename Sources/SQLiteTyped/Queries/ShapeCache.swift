/// Rendered statement text by shape, for statements built anew in a loop (`insert(...)`,
/// `pluck(table.filter(id == x))`): one cache per connection and kind of statement, kept in
/// the connection's ``TypedConnectionState`` and touched only with the connection's lock held
/// (so it has no lock of its own and is not `Sendable`).
///
/// A shape is a list of words made of the bits of the strings that make up the statement
/// (each string's two words: the same small string, or the same storage object) plus a few
/// numbers (flags, counts), so recognizing a shape neither renders nor hashes text. An entry
/// keeps its strings alive, so their storage cannot be reused by other strings while equal
/// bits still point to it: equal words always mean equal strings.
final class ShapeCache {
    /// One shape and its SQL. Immutable.
    final class Entry {
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

    /// How many shapes the cache keeps by their words (a power of two).
    static var slotCount: Int { 128 }

    /// The entries by the low bits of their hash: a collision replaces the older entry.
    @exclusivity(unchecked)
    private var entries = [Entry?](repeating: nil, count: ShapeCache.slotCount)

    /// The shape found or made last, tried before hashing (a loop builds one shape over and
    /// over): its words, in memory of the cache's own so that comparing them retains nothing,
    /// its SQL, and its entry, which keeps the strings of those words alive.
    private var lastWords: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked)
    private var lastCapacity = 16
    @exclusivity(unchecked)
    private var lastCount = -1
    @exclusivity(unchecked)
    private var lastSQL = ""
    @exclusivity(unchecked)
    private var lastEntry: Entry?

    /// SQL by the shape's text, for strings that are built anew for every statement (a template
    /// too long to be stored inline, such as `("users"."email" = ?)`): their bits never match,
    /// but their text does.
    @exclusivity(unchecked)
    private var byContent: [String: String] = [:]

    /// Memory for the words of the shape being looked up, reused (the cache is used under its
    /// connection's lock, by one caller at a time).
    private var scratch: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked)
    private var scratchCapacity = 64

    init() {
        lastWords = .allocate(capacity: lastCapacity)
        scratch = .allocate(capacity: scratchCapacity)
    }

    deinit {
        lastWords.deallocate()
        scratch.deallocate()
    }

    /// An empty shape with room for `words` words of which up to `numbers` are numbers, in
    /// the cache's scratch memory: valid until the next call.
    func newShape(words: Int, numbers: Int) -> ShapeWords {
        let capacity = words + numbers
        if capacity > scratchCapacity {
            scratch.deallocate()
            scratch = .allocate(capacity: capacity)
            scratchCapacity = capacity
        }
        return ShapeWords(UnsafeMutableBufferPointer(start: scratch, count: capacity))
    }

    /// The SQL of `shape` when the cache knows it: the shape handed out last, or the one in
    /// its slot.
    func cachedSQL(_ shape: ShapeWords) -> String? {
        let words = shape.words
        if words.count == lastCount, matchesLast(words) { return lastSQL }
        guard let entry = entries[ShapeCache.slot(of: words)], entry.matches(words) else { return nil }
        remember(entry)
        return entry.sql
    }

    /// The SQL of `shape`, which ``cachedSQL(_:)`` did not know: found by content, or rendered
    /// with `render` into a new entry; `strings` lists the strings whose bits are in the shape's
    /// words, in order.
    func add(_ shape: ShapeWords, strings: [String], render: () -> String) -> String {
        let slot = ShapeCache.slot(of: shape.words)
        let key = shape.contentKey(strings)
        let known = byContent[key]
        // The same text seen before with other strings, whose bits will not come back: no
        // rendering, and no new entry that would push out one whose strings do.
        if let known, entries[slot] != nil { return known }
        let sql = known ?? render()
        let entry = Entry(words: Array(shape.words), strings: strings, sql: sql)
        entries[slot] = entry
        remember(entry)
        if byContent.count >= ShapeCache.slotCount { byContent.removeAll(keepingCapacity: true) }
        byContent[key] = sql
        return sql
    }

    /// Whether `words` (as many as the last shape's) are the last shape's.
    @inline(__always)
    private func matchesLast(_ words: UnsafeMutableBufferPointer<UInt64>) -> Bool {
        let stored = lastWords
        for index in words.indices where stored[index] != words[index] { return false }
        return true
    }

    /// Makes `entry` the last shape.
    private func remember(_ entry: Entry) {
        let count = entry.words.count
        if count > lastCapacity {
            lastWords.deallocate()
            lastWords = .allocate(capacity: count)
            lastCapacity = count
        }
        entry.words.withUnsafeBufferPointer { words in
            if let base = words.baseAddress { lastWords.update(from: base, count: count) }
        }
        lastCount = count
        lastSQL = entry.sql
        lastEntry = entry
    }

    /// The slot of the shape `words`, from their hash.
    @inline(__always)
    private static func slot(of words: UnsafeMutableBufferPointer<UInt64>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for word in words { hash = (hash ^ word) &* 0x100_0000_01b3 }
        return Int(truncatingIfNeeded: (hash ^ (hash >> 29)) & UInt64(ShapeCache.slotCount - 1))
    }
}

/// Fills a word buffer for ``ShapeCache``: the bits of each string (equal bits are the same
/// string) and plain numbers (flags, counts, the conflict clause), which are also kept apart
/// for the shape's content key.
struct ShapeWords {
    /// The words, from the start; the numbers among them are also copied from the end,
    /// backwards, for the content key.
    let buffer: UnsafeMutableBufferPointer<UInt64>
    var count = 0
    private var numberCount = 0

    /// A shape in `buffer`, which has room for its words and again for its numbers.
    init(_ buffer: UnsafeMutableBufferPointer<UInt64>) {
        self.buffer = buffer
    }

    /// Adds the words of a string.
    mutating func add(_ string: String) {
        let words = StringWords(string)
        buffer[count] = words.low
        buffer[count + 1] = words.high
        count += 2
    }

    /// Adds `string`, or two zero words for nil (which equal no string's words when the
    /// caller also adds a flag telling nil apart).
    mutating func add(optional string: String?) {
        if let string {
            add(string)
        } else {
            buffer[count] = 0
            buffer[count + 1] = 0
            count += 2
        }
    }

    /// Adds a number (a flag, a count).
    mutating func add(_ word: UInt64) {
        buffer[count] = word
        count += 1
        numberCount += 1
        buffer[buffer.count - numberCount] = word
    }

    /// The words added so far.
    var words: UnsafeMutableBufferPointer<UInt64> {
        UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
    }

    /// The shape as text: `strings` (the strings added, in order, each after its length) and
    /// the numbers.
    func contentKey(_ strings: [String]) -> String {
        var key = ""
        for string in strings {
            key += String(string.utf8.count)
            key += ":"
            key += string
        }
        for index in 0..<numberCount {
            key += String(buffer[buffer.count - 1 - index])
            key += ","
        }
        return key
    }
}
