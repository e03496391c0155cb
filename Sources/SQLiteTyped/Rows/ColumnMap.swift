import SQLiteCore

/// How the result columns of one run of a statement are found by expression, made after the
/// run's first step from the query's clauses and Core's ``ColumnLayout`` of the statement, and
/// shared by the rows of that run. Nothing in it outlives the run: the next run makes its own
/// from the layout Core then reports, so a statement that SQLite re-prepared with other columns
/// (a schema change) never leaves stale positions behind.
///
/// Keys are expression templates: `"id"`, `"users"."id"`, `count(*)`. A column is found first
/// among the keys in column order (the expressions the query selected, compared as strings),
/// then by the other names it answers to: the unqualified name of a qualified column, or the
/// column's own result name (an `AS` alias). An unqualified name that several joined tables
/// share is ambiguous and reported with its candidates.
///
/// Not `Sendable`: ``attachment`` is written without a lock by whoever reads the run's rows.
@usableFromInline
final class ColumnMap {
    /// Core's layout of the statement's columns for this run.
    let layout: ColumnLayout

    /// The key of each column, in column order: the template of each selected expression, or
    /// the qualified name of each column a `*` expanded to (`"users"."id"`); the quoted result
    /// names for raw SQL.
    let keys: [String]

    /// Which columns of ``keys`` a `*` expanded to.
    private let expandedFromStar: Set<Int>

    /// The column of each key by a cheap hash of its text (``hash(_:)``), in open addressing:
    /// a column index, or -1 for an empty slot; a power of two long, at most half full.
    /// Hashing the text with the standard library's hasher would cost more than the rest of a
    /// read.
    private let slots: [Int32]

    /// The names a column answers to besides its key, and those shared by several columns,
    /// derived from the keys and the layout on the first lookup that needs them.
    private lazy var otherNames = OtherNames(keys: keys, fromStar: expandedFromStar, layout: layout)

    /// What a higher tier keeps for the rows of this run (``Row/runAttachment``).
    var attachment: AnyObject?

    /// The map of the raw SQL's rows: each column found by its quoted result name (the first
    /// of columns with the same name).
    init(rawLayout layout: ColumnLayout) {
        self.layout = layout
        keys = layout.names.map(SQLText.quote)
        expandedFromStar = []
        slots = ColumnMap.slots(keys)
        otherNames = OtherNames(exact: [:], ambiguous: [:])
    }

    /// The map of `clauses` run as a statement with columns `layout`; `probe` returns the
    /// column count of a joined table (`SELECT * FROM <table>`), or nil when it cannot be
    /// determined.
    init(clauses: QueryClauses, layout: ColumnLayout, probe: (String) -> Int?) {
        self.layout = layout
        let columns = clauses.select.columns
        let hasStar = columns.contains { column in
            column.template.utf8.withContiguousStorageIfAvailable { $0.last == UInt8(ascii: "*") } ?? true
        }
        if !hasStar, columns.count == layout.count {
            keys = columns.map(\.template)
            expandedFromStar = []
            slots = ColumnMap.slots(keys)
            return
        }
        let columnNames = layout.names
        var keys: [String] = []
        var fromStar = Set<Int>()
        let view = QueryClausesView(clauses)
        let sources: [(namespace: String, table: String)] =
            [(view.namespace, view.tableClause)] + clauses.join.map { ($0.namespace, $0.table) }

        func expand(_ source: (namespace: String, table: String), count: Int?) {
            let count = count ?? (columnNames.count - keys.count)
            for _ in 0..<count where keys.count < columnNames.count {
                fromStar.insert(keys.count)
                keys.append(source.namespace + "." + SQLText.quote(columnNames[keys.count]))
            }
        }

        for column in columns {
            guard keys.count < columnNames.count else { break }
            let template = column.template
            if template == "*" {
                if sources.count == 1 || !clauses.compound.isEmpty {
                    expand(sources[0], count: nil)
                } else {
                    for (offset, source) in sources.enumerated() {
                        expand(source, count: offset == sources.count - 1 ? nil : probe(source.table))
                    }
                }
            } else if template.hasSuffix(".*"), let source = sources.first(where: { $0.namespace + ".*" == template }) {
                expand(source, count: sources.count == 1 ? nil : probe(source.table))
            } else {
                keys.append(template)
            }
        }
        self.keys = keys
        expandedFromStar = fromStar
        slots = ColumnMap.slots(keys)
    }

    /// The hash of `key` that ``slots`` is arranged by: its length and the bytes before its
    /// last, which tell apart the names of one table (`"i0"`, `"i1"`; `"users"."email"`,
    /// `"users"."name"`).
    private static func hash(_ key: String) -> Int {
        key.utf8.withContiguousStorageIfAvailable { bytes in
            let count = bytes.count
            guard count >= 3 else { return count }
            return (count &* 31 &+ Int(bytes[count - 2])) &* 31 &+ Int(bytes[count - 3])
        } ?? key.utf8.count
    }

    /// The slots of `keys` (see ``slots``): the first column of each key.
    private static func slots(_ keys: [String]) -> [Int32] {
        var count = 4
        while count < keys.count * 2 { count *= 2 }
        var slots = [Int32](repeating: -1, count: count)
        let mask = count - 1
        for (index, key) in keys.enumerated() {
            var slot = hash(key) & mask
            while slots[slot] >= 0, keys[Int(slots[slot])] != key { slot = (slot + 1) & mask }
            if slots[slot] < 0 { slots[slot] = Int32(index) }
        }
        return slots
    }

    /// The column index for `template`.
    @usableFromInline
    func index(of template: String) throws(QueryError) -> Int {
        // The first column whose key is the template (usually the very expression the query
        // selected, whose string compares by identity), by its slot.
        let mask = slots.count - 1
        var slot = ColumnMap.hash(template) & mask
        while slots[slot] >= 0 {
            let index = Int(slots[slot])
            if keys[index] == template { return index }
            slot = (slot + 1) & mask
        }
        // Not a key, or (should the hash ever tell equal texts apart) any key: look at each.
        if let index = keys.firstIndex(of: template) { return index }
        if let index = otherNames.exact[template] { return index }
        if let similar = otherNames.ambiguous[template] { throw .ambiguousColumn(name: template, similar: similar) }
        throw .noSuchColumn(name: template, columns: keys)
    }
}

/// The names the columns of a run answer to besides their keys: the unqualified name of a
/// qualified column and a column's own result name when only one column answers to it
/// (``exact``), else the qualified keys it could mean (``ambiguous``).
private struct OtherNames {
    var exact: [String: Int]
    var ambiguous: [String: [String]]

    init(exact: [String: Int], ambiguous: [String: [String]]) {
        self.exact = exact
        self.ambiguous = ambiguous
    }

    init(keys: [String], fromStar: Set<Int>, layout: ColumnLayout) {
        var candidates: [String: [(qualified: String, index: Int)]] = [:]
        var keySet = Set<String>()
        for (index, key) in keys.enumerated() {
            keySet.insert(key)
            if fromStar.contains(index) {
                candidates[SQLText.quote(layout.names[index]), default: []].append((key, index))
                continue
            }
            if let dot = OtherNames.qualifiedColumnSeparator(key) {
                candidates[String(key[key.index(after: dot)...]), default: []].append((key, index))
            }
            // The column's own name (an `AS` alias, or SQLite's name for the expression).
            let own = SQLText.quote(layout.names[index])
            if own != key { candidates[own, default: []].append((key, index)) }
        }
        exact = [:]
        ambiguous = [:]
        for (unqualified, matches) in candidates where !keySet.contains(unqualified) {
            if Set(matches.map(\.index)).count == 1, let first = matches.first {
                exact[unqualified] = first.index
            } else {
                ambiguous[unqualified] = matches.map(\.qualified)
            }
        }
    }

    /// The position of the `.` between `"table"` and `"column"` in a qualified template, if it
    /// is one.
    private static func qualifiedColumnSeparator(_ template: String) -> String.Index? {
        guard template.hasSuffix("\"") else { return nil }
        var inQuotes = false
        var separator: String.Index?
        var position = template.startIndex
        while position < template.endIndex {
            let character = template[position]
            if character == "\"" {
                inQuotes.toggle()
            } else if !inQuotes {
                if character == "." { separator = position } else { return nil }
            }
            position = template.index(after: position)
        }
        return separator
    }
}

/// Read access to the naming helpers of ``QueryType`` from bare clauses.
private struct QueryClausesView: QueryType {
    var clauses: QueryClauses
    init(_ clauses: QueryClauses) { self.clauses = clauses }
    init(_ name: String, database: String?) { clauses = QueryClauses(name, alias: nil, database: database) }
}
