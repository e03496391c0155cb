import Foundation

/// Rendered `INSERT` text by statement shape (table, conflict clause and column templates), so
/// an insert in a loop does not rebuild its SQL. Shapes are recognized by the bits of the
/// template strings, which an entry keeps alive; shapes whose values are SQL expressions
/// rather than bound values are not cached.
enum InsertShapeCache {
    private final class Entry: @unchecked Sendable {
        let words: [UInt64]
        let strings: [String]
        let sql: String

        init(words: [UInt64], strings: [String], sql: String) {
            self.words = words
            self.strings = strings
            self.sql = sql
        }
    }

    private nonisolated(unsafe) static var entries: [UInt64: Entry] = [:]
    private static let lock = NSLock()

    /// The words identifying a shape: the strings' bits, then the conflict clause.
    private static func forEachWord(
        _ strings: [String], _ conflict: OnConflict?, _ body: (UInt64) -> Void
    ) {
        for string in strings {
            let bits = RecentLookup.bits(of: string)
            body(bits.low)
            body(bits.high)
        }
        body(conflict.map { UInt64(truncatingIfNeeded: $0.rawValue.utf8.count &+ 1) } ?? 0)
    }

    /// The SQL for the shape, rendering it with `render` the first time.
    static func sql(
        table: String, database: String?, conflict: OnConflict?, setters: [Setter], render: () -> String
    ) -> String {
        guard RecentLookup.isSupported, setters.count <= 64 else { return render() }
        var strings: [String] = [table, database ?? ""]
        strings.reserveCapacity(setters.count + 2)
        for setter in setters {
            guard case .binding = setter.value else { return render() }
            strings.append(setter.column.template)
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        var count = 0
        forEachWord(strings, conflict) { word in
            hash = (hash ^ word) &* 0x100_0000_01b3
            count += 1
        }
        lock.lock()
        let entry = entries[hash]
        lock.unlock()
        if let entry, entry.words.count == count {
            var matches = true
            var position = 0
            forEachWord(strings, conflict) { word in
                if matches, entry.words[position] != word { matches = false }
                position += 1
            }
            if matches { return entry.sql }
        }
        let sql = render()
        var words: [UInt64] = []
        words.reserveCapacity(count)
        forEachWord(strings, conflict) { words.append($0) }
        let newEntry = Entry(words: words, strings: strings, sql: sql)
        lock.lock()
        if entries.count >= 256 { entries.removeAll(keepingCapacity: true) }
        entries[hash] = newEntry
        lock.unlock()
        return sql
    }
}
