/// The simple `SELECT` a connection rendered last (kept in its ``TypedConnectionState``), so
/// that the same query built again in a loop (`pluck(items.filter(id == x))`) finds its SQL
/// without computing its shape's words.
///
/// The query is recognized by identity: the select list's array storage and the words of the
/// table's and the filter's strings, plus the few flags and numbers of the clauses. The entry
/// keeps the query's clauses, and so that array and those strings, alive: no other list or
/// string can take their storage while it is remembered, so equal identities mean equal
/// contents. Only queries whose
/// bindings all come from the filter are remembered (no grouping, no ordering, and a select
/// list that binds nothing), so a hit's bindings are the filter's. Immutable.
final class LastSelectShape {
    private let key: Key
    let sql: String
    /// The clauses holding what the key's words identify, kept alive.
    private let clauses: QueryClauses

    /// What identifies a query, given its strings and select list kept alive.
    private struct Key {
        var columns: UInt = 0
        var columnCount = 0
        var name = StringWords("")
        var alias = StringWords("")
        var database = StringWords("")
        var filter = StringWords("")
        var flags: UInt8 = 0
        var limit = 0
        var offset = 0

        /// The key of `clauses` limited to `limit`, nil for a query that is not remembered.
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

    /// The entry remembering `sql` as the text of `clauses` limited to `limit`, nil for a query
    /// that is not remembered.
    init?(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)?, sql: String) {
        guard let key = Key(clauses, limit: limit) else { return nil }
        self.key = key
        self.sql = sql
        self.clauses = clauses
    }

    /// Whether the entry is for `clauses` limited to `limit`: the key's parts compared one by
    /// one, cheapest and likeliest to differ first.
    func matches(_ clauses: QueryClauses, limit: (length: Int, offset: Int?)?) -> Bool {
        guard StringWords.isSupported else { return false }
        let filterMatches: Bool
        if let filters = clauses.filters {
            filterMatches = key.flags & 8 != 0 && StringWords(filters.template) == key.filter
        } else {
            filterMatches = key.flags & 8 == 0
        }
        guard filterMatches,
            clauses.select.columns.withUnsafeBufferPointer({
                UInt(bitPattern: $0.baseAddress) == key.columns && $0.count == key.columnCount
            }),
            clauses.select.distinct == (key.flags & 1 != 0),
            StringWords(clauses.from.name) == key.name
        else { return false }
        if let alias = clauses.from.alias {
            guard key.flags & 2 != 0, StringWords(alias) == key.alias else { return false }
        } else if key.flags & 2 != 0 {
            return false
        }
        if let database = clauses.from.database {
            guard key.flags & 4 != 0, StringWords(database) == key.database else { return false }
        } else if key.flags & 4 != 0 {
            return false
        }
        if let limit {
            guard key.flags & 16 != 0, limit.length == key.limit else { return false }
            if let offset = limit.offset {
                guard key.flags & 32 != 0, offset == key.offset else { return false }
            } else if key.flags & 32 != 0 {
                return false
            }
        } else if key.flags & 16 != 0 {
            return false
        }
        return clauses.join.isEmpty && clauses.compound.isEmpty && clauses.with.isEmpty && clauses.group == nil
            && clauses.order.isEmpty
    }
}
