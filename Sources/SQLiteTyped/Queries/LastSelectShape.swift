import CSQLiteAmalgamation
import SQLiteCore

/// The simple `SELECT` a thread rendered last, recognized by identity so that the same query
/// built again in a loop (`pluck(items.filter(id == x))`) finds its SQL without computing its
/// shape words: the select list's array storage (kept alive here, so its address cannot be
/// reused by another list), the table's and the filter's template words, and the few flags and
/// numbers of the clauses.
///
/// Only shapes whose bindings all come from the filter are remembered, so a hit's bindings are
/// the filter's. One immutable entry per thread, in the thread's slot (`csqlite_thread_slot`):
/// read without a lock, and released when the thread exits.
enum LastSelectShape {
    private static let slot = CSQLITE_THREAD_SLOT_SELECT_SHAPE

    /// One remembered shape, with what keeps its words meaningful.
    private final class Entry {
        let key: Key
        let sql: String
        /// The select list and strings whose storage the key's words identify, kept alive.
        let columns: [Expression<Void>]
        let strings: [String]

        init(key: Key, sql: String, columns: [Expression<Void>], strings: [String]) {
            self.key = key
            self.sql = sql
            self.columns = columns
            self.strings = strings
        }
    }

    /// What identifies a shape, given its strings and select list kept alive.
    private struct Key: Equatable {
        var columns: UInt = 0
        var columnCount = 0
        var name = StringWords("")
        var alias = StringWords("")
        var database = StringWords("")
        var filter = StringWords("")
        var flags: UInt8 = 0
        var limit = 0
        var offset = 0

        init?(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)?) {
            guard StringWords.isSupported, clauses.join.isEmpty, clauses.compound.isEmpty, clauses.with.isEmpty,
                clauses.group == nil, clauses.order.isEmpty
            else { return nil }
            let columns = clauses.select.columns
            self.columns = UInt(bitPattern: columns.withUnsafeBufferPointer { $0.baseAddress })
            columnCount = columns.count
            let from = clauses.from
            name = StringWords(from.name)
            if let alias = from.alias {
                self.alias = StringWords(alias)
                flags |= 2
            }
            if let database = from.database {
                self.database = StringWords(database)
                flags |= 4
            }
            if let filters = clauses.filters {
                filter = StringWords(filters.template)
                flags |= 8
            }
            if clauses.select.distinct { flags |= 1 }
            if let limit {
                flags |= 16
                self.limit = limit.length
                if let offset = limit.offset {
                    flags |= 32
                    self.offset = offset
                }
            }
        }
    }

    /// The SQL of `clauses` when they are the shape this thread remembered last.
    static func sql(for clauses: QueryClauses, limit: (length: Int, offset: Int?)?) -> String? {
        guard let key = Key(clauses, limit: limit), let raw = csqlite_thread_slot(slot) else { return nil }
        return Unmanaged<Entry>.fromOpaque(raw)._withUnsafeGuaranteedRef { entry in
            entry.key == key ? entry.sql : nil
        }
    }

    /// Remembers `sql` as the text of `clauses` limited to `limit`, for this thread.
    static func remember(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)?, sql: String) {
        guard let key = Key(clauses, limit: limit) else { return }
        let from = clauses.from
        let strings = [from.name, from.alias ?? "", from.database ?? "", clauses.filters?.template ?? ""]
        ThreadSlot.put(Entry(key: key, sql: sql, columns: clauses.select.columns, strings: strings), in: slot)
    }
}
