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

    /// The SQL for the shape, rendering it with `render` the first time.
    ///
    /// The shape's words are the bits of the table and database names and of each column
    /// template, then the conflict clause; they are hashed and compared without copying setters.
    static func sql(
        table: String, database: String?, conflict: OnConflict?, setters: SetterList, render: () -> String
    ) -> String {
        let columnCount = setters.count
        guard RecentLookup.isSupported, columnCount <= 64 else { return render() }
        let wordCount = 2 * (columnCount + 2) + 1
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: wordCount) { words -> String in
            var position = 0
            func add(_ string: String) {
                let bits = RecentLookup.bits(of: string)
                words[position] = bits.low
                words[position + 1] = bits.high
                position += 2
            }
            add(table)
            add(database ?? "")
            if let first = setters.first {
                guard case .binding = first.value else { return render() }
                add(first.column.template)
            }
            let rest = setters.rest
            for index in rest.indices {
                guard case .binding = rest[index].value else { return render() }
                add(rest[index].column.template)
            }
            words[position] = conflict.map { UInt64(truncatingIfNeeded: $0.rawValue.utf8.count &+ 1) } ?? 0
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for word in words { hash = (hash ^ word) &* 0x100_0000_01b3 }
            lock.lock()
            let entry = entries[hash]
            lock.unlock()
            if let entry, entry.words.count == wordCount,
                entry.words.withUnsafeBufferPointer({ $0.elementsEqual(words) })
            {
                return entry.sql
            }
            let sql = render()
            var strings = [table, database ?? ""]
            setters.forEach { strings.append($0.column.template) }
            let newEntry = Entry(words: Array(words), strings: strings, sql: sql)
            lock.lock()
            if entries.count >= 256 { entries.removeAll(keepingCapacity: true) }
            entries[hash] = newEntry
            lock.unlock()
            return sql
        }
    }
}
