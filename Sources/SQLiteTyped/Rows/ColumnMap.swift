/// How a statement's result columns are found by expression: the key of each column, derived
/// once per prepared statement and column generation from Core's column names, and shared by
/// every row of its runs.
///
/// Not `Sendable`: besides its immutable keys it holds the spare row copy of `pluck` and a
/// higher tier's attachment, written without a lock by whoever has the statement checked out.
/// A ``Row`` holding it is not `Sendable` either.
///
/// A map is for the statement's columns of one ``Statement/columnsGeneration``: when SQLite
/// re-prepares the statement with other columns (after a schema change), Core empties the
/// statement's tier store and the next run builds a new map (see `Connection.columnMap`). Rows
/// made with the old one keep it. A map that split a joined `SELECT *` by the column counts of
/// its tables is made per run and never kept, as a change to one table can move a column to the
/// next while the result's names stay the same.
///
/// Keys are expression templates: `"id"`, `"users"."id"`, `count(*)`. A column is found first
/// among the keys (usually the very expression the query selected), then by the other names it
/// answers to: the unqualified name of a qualified column, or its own result name (an `AS`
/// alias). An unqualified name that several joined tables share is ambiguous and reported with
/// its candidates.
@usableFromInline
final class ColumnMap {
    /// The key of each column, in column order: the template of each selected expression, the
    /// qualified name of each column a `*` expanded to, or the quoted result name for raw SQL.
    @usableFromInline
    let keys: [String]
    /// Whether no two of ``keys`` are equal (the query selected no expression twice).
    @usableFromInline
    let keysAreDistinct: Bool
    /// Every name a column answers to → its index (the first column of equal keys).
    let exact: [String: Int]
    /// Unqualified template → the qualified templates it could mean.
    let ambiguous: [String: [String]]
    /// The statement's column names the map was built from, in order.
    let columnNames: [String]

    /// What a higher tier keeps for the rows of the statement's runs (``Row/runAttachment``).
    var attachment: AnyObject?

    /// The source of the row `pluck` copied last, reused for the next one once no row refers
    /// to it (saving two allocations a lookup). Touched only while the statement is checked
    /// out; a row holding it keeps it from being reused. Measured: a new copy for every `pluck`
    /// costs point-lookup typed 39.8M -> 42.9M instructions (2.36x raw C, budget 2.3).
    private var spareSource: RowSource?

    /// A copy of `statement`'s current row, in the spare source when it is free.
    func copiedRowSource(_ statement: Statement) -> RowSource {
        if isKnownUniquelyReferenced(&spareSource), let spare = spareSource, spare.statement === statement {
            spare.rematerialize()
            return spare
        }
        let source = RowSource(statement: statement)
        source.materialize()
        spareSource = source
        return source
    }

    init(keys: [String], exact: [String: Int], ambiguous: [String: [String]], columnNames: [String]) {
        self.keys = keys
        self.keysAreDistinct = Set(keys).count == keys.count
        self.exact = exact
        self.ambiguous = ambiguous
        self.columnNames = columnNames
    }

    /// The index of the column whose key is `template`, scanning from column `hint` (where the
    /// next column read in select order is) and setting `hint` past the column found; nil when
    /// no key is `template`, or when an equal key before the hint may come first.
    ///
    /// `String`'s `==` compares the two values' bits first, so the expression the query
    /// selected is recognized without reading its text.
    @inlinable
    func keyIndex(of template: String, hint: inout Int) -> Int? {
        keys.withUnsafeBufferPointer { keys -> Int? in
            let count = keys.count
            guard count > 0 else { return nil }
            let start = hint < count ? hint : 0
            var index = start
            repeat {
                if keys[index] == template {
                    // A hit after wrapping around passed every earlier column: the first one.
                    guard start == 0 || index < start || keysAreDistinct else { return nil }
                    hint = index &+ 1
                    return index
                }
                index = index &+ 1 == count ? 0 : index &+ 1
            } while index != start
            return nil
        }
    }

    /// The column index for `template`, scanning the keys from column `hint` first.
    @usableFromInline
    func index(of template: String, hint: inout Int) throws(QueryError) -> Int {
        if let index = keyIndex(of: template, hint: &hint) { return index }
        if let index = exact[template] { return index }
        if let similar = ambiguous[template] { throw .ambiguousColumn(name: template, similar: similar) }
        throw .noSuchColumn(name: template, columns: keys)
    }

    /// The column index for `template`.
    func index(of template: String) throws(QueryError) -> Int {
        var hint = 0
        return try index(of: template, hint: &hint)
    }

    /// Builds the map for `clauses` run as `statement`, for its current columns (call it after
    /// the run's first step); `probe` returns the column count of a joined table
    /// (`SELECT * FROM <table>`), or nil when it cannot be determined. `probed` tells whether it
    /// was called, in which case the map holds for this run only.
    static func build(
        clauses: QueryClauses, statement: Statement, probe probeTable: (String) -> Int?
    ) -> (map: ColumnMap, probed: Bool) {
        let columnNames = statement.columnNames
        var probed = false
        func probe(_ table: String) -> Int? {
            probed = true
            return probeTable(table)
        }
        var exact: [String: Int] = [:]
        var candidates: [String: [(qualified: String, index: Int)]] = [:]
        var names: [String] = []
        var index = 0

        func addQualified(_ namespace: String, _ name: String) {
            let unqualified = SQLText.quote(name)
            let qualified = namespace + "." + unqualified
            if exact[qualified] == nil { exact[qualified] = index }
            candidates[unqualified, default: []].append((qualified, index))
            names.append(qualified)
        }

        let sources: [(namespace: String, table: String)] =
            [(QueryClausesView(clauses).namespace, QueryClausesView(clauses).tableClause)]
            + clauses.join.map { ($0.namespace, $0.table) }

        func expand(_ source: (namespace: String, table: String), count: Int?) {
            let count = count ?? (columnNames.count - index)
            for _ in 0..<count where index < columnNames.count {
                addQualified(source.namespace, columnNames[index])
                index += 1
            }
        }

        for column in clauses.select.columns {
            guard index < columnNames.count else { break }
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
                if exact[template] == nil { exact[template] = index }
                names.append(template)
                if let dot = qualifiedColumnSeparator(template) {
                    let unqualified = String(template[template.index(after: dot)...])
                    candidates[unqualified, default: []].append((template, index))
                }
                // The column's own name (an `AS` alias, or SQLite's name for the expression).
                let own = SQLText.quote(columnNames[index])
                if own != template { candidates[own, default: []].append((template, index)) }
                index += 1
            }
        }

        var ambiguous: [String: [String]] = [:]
        for (unqualified, matches) in candidates where exact[unqualified] == nil {
            let distinct = Set(matches.map(\.index))
            if distinct.count == 1, let first = matches.first {
                exact[unqualified] = first.index
            } else {
                ambiguous[unqualified] = matches.map(\.qualified)
            }
        }
        return (ColumnMap(keys: names, exact: exact, ambiguous: ambiguous, columnNames: columnNames), probed)
    }

    /// The map of raw SQL's rows: each column found by its quoted result name (the first of
    /// columns with the same name).
    static func build(rawStatement statement: Statement) -> ColumnMap {
        let columnNames = statement.columnNames
        let names = columnNames.map(SQLText.quote)
        var exact: [String: Int] = [:]
        for (index, name) in names.enumerated() where exact[name] == nil { exact[name] = index }
        return ColumnMap(keys: names, exact: exact, ambiguous: [:], columnNames: columnNames)
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
