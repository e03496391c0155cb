import SQLiteCore

/// How the result columns of one run of a statement are found by expression: the run's
/// ``ColumnKeys`` and where its next lookup starts. Made after the run's first step and shared
/// by the rows of that run; the next run makes its own.
///
/// Not `Sendable`: ``attachment`` and the scan position are written without a lock by whoever
/// reads the run's rows.
@usableFromInline
final class ColumnMap {
    /// The keys of the run's columns, derived from Core's layout.
    let columns: ColumnKeys

    /// The column after the latest one ``index(of:)`` found, where its next scan starts.
    private var nextColumn = 0

    /// What a higher tier keeps for the rows of this run (``Row/runAttachment``).
    var attachment: AnyObject?

    init(_ columns: ColumnKeys) {
        self.columns = columns
    }

    /// Core's layout of the statement's columns for this run.
    var layout: ColumnLayout { columns.layout }

    /// The column index for `template`.
    @usableFromInline
    func index(of template: String) throws(QueryError) -> Int {
        // The first column whose key is the template: usually the very expression the query
        // selected, whose string `==` compares by its bits first. Rows are mostly read in
        // column order, so the scan starts after the previous hit (a key that differs costs a
        // full string comparison). A hit is the first column with that key when the scan
        // passed every earlier column or no two keys are equal.
        let start = nextColumn
        let found = columns.keys.withUnsafeBufferPointer { keys -> Int? in
            let count = keys.count
            var index = start < count ? start : 0
            for _ in 0..<count {
                if keys[index] == template {
                    return start == 0 || index < start || columns.keysAreDistinct ? index : nil
                }
                index = index + 1 == count ? 0 : index + 1
            }
            return nil
        }
        if let found {
            nextColumn = found + 1
            return found
        }
        let keys = columns.keys
        if let index = keys.firstIndex(of: template) { return index }
        if let index = columns.otherNames.exact[template] { return index }
        if let similar = columns.otherNames.ambiguous[template] {
            throw .ambiguousColumn(name: template, similar: similar)
        }
        throw .noSuchColumn(name: template, columns: keys)
    }
}

/// The keys of a statement's result columns for one query, derived from Core's
/// ``ColumnLayout``: Core keeps the keys of a column generation with its layout
/// (``Statement/columnsDerived(_:)``), except those of a joined `SELECT *`, which depend on the
/// other tables' column counts and are made per run.
///
/// Keys are expression templates: `"id"`, `"users"."id"`, `count(*)`. A column is found first
/// among the keys in column order (the expressions the query selected, compared as strings),
/// then by the other names it answers to: the unqualified name of a qualified column, or the
/// column's own result name (an `AS` alias). An unqualified name that several joined tables
/// share is ambiguous and reported with its candidates. Immutable.
final class ColumnKeys: Sendable {
    /// Core's layout of the statement's columns.
    let layout: ColumnLayout

    /// The key of each column, in column order: the template of each selected expression, or
    /// the qualified name of each column a `*` expanded to (`"users"."id"`); the quoted result
    /// names for raw SQL.
    let keys: [String]

    /// Whether no two of ``keys`` are equal (the query selected no expression twice).
    let keysAreDistinct: Bool

    /// The names a column answers to besides its key, and those shared by several columns.
    fileprivate let otherNames: OtherNames

    /// The keys of raw SQL's rows: each column found by its quoted result name (the first of
    /// columns with the same name).
    init(rawLayout layout: ColumnLayout) {
        self.layout = layout
        keys = layout.names.map(SQLText.quote)
        keysAreDistinct = Set(keys).count == keys.count
        otherNames = OtherNames(exact: [:], ambiguous: [:])
    }

    /// The keys of `columns`, the selected expressions, with no `*` among them and one per
    /// column of `layout`.
    init(selected columns: [String], layout: ColumnLayout) {
        self.layout = layout
        keys = columns
        keysAreDistinct = Set(keys).count == keys.count
        otherNames = OtherNames(keys: keys, fromStar: [], layout: layout)
    }

    /// The keys of `clauses` run as a statement with columns `layout`, a `*` among its selected
    /// expressions expanded; `probe` returns the column count of a joined table
    /// (`SELECT * FROM <table>`), or nil when it cannot be determined.
    init(clauses: QueryClauses, layout: ColumnLayout, probe: (String) -> Int?) {
        self.layout = layout
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

        for column in clauses.select.columns {
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
        keysAreDistinct = Set(keys).count == keys.count
        otherNames = OtherNames(keys: keys, fromStar: fromStar, layout: layout)
    }

    /// Whether these keys were made for `columns`, the templates a query selected.
    func matches(selected columns: [Expression<Void>]) -> Bool {
        keys.count == columns.count && zip(keys, columns).allSatisfy { $0 == $1.template }
    }
}

/// The names the columns of a run answer to besides their keys: the unqualified name of a
/// qualified column and a column's own result name when only one column answers to it
/// (``exact``), else the qualified keys it could mean (``ambiguous``).
private struct OtherNames: Sendable {
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
