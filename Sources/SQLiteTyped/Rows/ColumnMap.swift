/// How a statement's result columns are found by expression: computed once per prepared
/// statement (kept in the typed tier's place of its tier store) and shared by every row it
/// produces.
///
/// Not `Sendable`: besides its immutable lookup tables it holds the memo of the lookups of the
/// row being read (``recent``, ``position``) and the spare row copy of `pluck`, written without
/// a lock by whoever has the statement checked out. A ``Row`` holding it is not `Sendable`
/// either.
///
/// A map is for the statement's columns of one ``Statement/columnsGeneration``: when SQLite
/// re-prepares the statement with other columns (after a schema change), Core empties the
/// statement's tier store and the next run builds a new map (see `Connection.columnMap`). Rows
/// made with the old one keep it.
///
/// Keys are expression templates: `"id"`, `"users"."id"`, `count(*)`. An unqualified name that
/// several joined tables share is ambiguous and reported with its candidates.
@usableFromInline
final class ColumnMap {
    /// Template → column index.
    let exact: [String: Int]
    /// Unqualified template → the qualified templates it could mean.
    let ambiguous: [String: [String]]
    /// Every key, in column order, for error messages.
    let names: [String]
    /// The statement's column names the map was built from, in order.
    let columnNames: [String]

    /// For a map that split a joined `SELECT *` by the column counts of its tables: the
    /// statement's re-prepare count when it did. A change to one of the tables re-prepares the
    /// statement, and may move a column from one table to the next while the result's names
    /// stay the same, so such a map is rebuilt after any re-prepare. Nil for other maps.
    let probedAtReprepare: Int32?

    /// Whether the map still describes `statement`'s columns as its current run left them.
    /// (The statement's tier store keeps it for one generation of the columns; a map that
    /// probed table column counts also goes stale on any re-prepare.)
    func isCurrent(for statement: Statement) -> Bool {
        guard let probedAtReprepare else { return true }
        return probedAtReprepare == sqlite3_stmt_status(statement.handle, SQLITE_STMTSTATUS_REPREPARE, 0)
    }

    /// The bits of every key in ``names`` with its index (empty past 64 columns), so that
    /// ``index(of:)`` finds a column whose expression shares its template's storage (the
    /// usual case: the expression the query selected) by comparing two words per column,
    /// without hashing. Immutable; ``names`` keeps the strings alive.
    @usableFromInline
    let keyBits: UnsafeMutablePointer<RecentLookup>

    /// How many entries ``keyBits`` holds.
    @usableFromInline
    let keyBitsCount: Int

    /// The most lookups a row remembers by position (see ``recent``).
    static let recentCapacity = 64

    /// The last lookups in access order, so reading the same columns row after row compares
    /// the expression's template with the one at the same position of the previous row by its
    /// bits (an identity check, no hashing, no reference counting). Raw memory, so that the
    /// check loads two words without retaining an array. Touched only while the statement is
    /// checked out.
    @usableFromInline
    let recent: UnsafeMutablePointer<RecentLookup>

    /// How many entries of ``recent`` are filled.
    @usableFromInline
    @exclusivity(unchecked)
    var recentCount = 0

    /// The templates of ``recent``, kept alive so that their storage cannot be reused by
    /// another string with the same bits.
    @exclusivity(unchecked)
    var recentTemplates: [String] = []

    /// The position of the next lookup in ``recent`` within the current row.
    @usableFromInline
    @exclusivity(unchecked)
    var position = 0

    /// What a higher tier keeps for the rows of this run (``Row/runAttachment``); touched as
    /// ``recent`` is.
    @exclusivity(unchecked)
    var attachment: AnyObject?

    /// The source of the row `pluck` copied last, reused for the next one once no row refers
    /// to it (saving two allocations a lookup). Touched only while the statement is checked
    /// out; a row holding it keeps it from being reused.
    @exclusivity(unchecked)
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

    init(
        exact: [String: Int], ambiguous: [String: [String]], names: [String], columnNames: [String],
        probedAtReprepare: Int32? = nil
    ) {
        self.exact = exact
        self.ambiguous = ambiguous
        self.names = names
        self.columnNames = columnNames
        self.probedAtReprepare = probedAtReprepare
        var keyBits: [RecentLookup] = []
        if RecentLookup.isSupported, names.count <= 64 {
            keyBits.reserveCapacity(names.count)
            for name in names {
                guard let index = exact[name] else { continue }
                let bits = RecentLookup.bits(of: name)
                keyBits.append(RecentLookup(low: bits.low, high: bits.high, index: index))
            }
        }
        self.keyBits = .allocate(capacity: max(keyBits.count, 1))
        self.keyBits.initialize(from: keyBits, count: keyBits.count)
        keyBitsCount = keyBits.count
        recent = .allocate(capacity: ColumnMap.recentCapacity)
    }

    deinit {
        recent.deallocate()
        keyBits.deallocate()
    }

    /// The column index of the key whose storage `template` shares (the expression the query
    /// selected), by comparing two words per column; nil when there is none.
    @inlinable
    func sharedKeyIndex(of template: String) -> Int? {
        sharedKey(of: template, from: 0)?.index
    }

    /// The position in ``keyBits`` and the column index of the key whose storage `template`
    /// shares, trying position `start` first (where the next column read in select order is);
    /// nil when there is none.
    @inlinable
    @inline(__always)
    func sharedKey(of template: String, from start: Int) -> (position: Int, index: Int)? {
        guard RecentLookup.isSupported else { return nil }
        let bits = RecentLookup.bits(of: template)
        if start < keyBitsCount {
            let key = keyBits[start]
            if key.low == bits.low && key.high == bits.high { return (start, key.index) }
        }
        for offset in 0..<keyBitsCount {
            let key = keyBits[offset]
            if key.low == bits.low && key.high == bits.high { return (offset, key.index) }
        }
        return nil
    }

    /// The column index for `template`, from the immutable tables only (no memo).
    @usableFromInline
    func index(of template: String) throws(QueryError) -> Int {
        if let index = sharedKeyIndex(of: template) { return index }
        if let index = exact[template] { return index }
        if let similar = ambiguous[template] { throw .ambiguousColumn(name: template, similar: similar) }
        throw .noSuchColumn(name: template, columns: names)
    }

    /// The column index for `template` while stepping through live rows: a comparison of
    /// the template's bits against the lookup made at the same position of the previous row.
    @inlinable
    func liveIndex(of template: String) throws(QueryError) -> Int {
        let slot = position
        position = slot &+ 1
        let bits = RecentLookup.bits(of: template)
        if RecentLookup.isSupported, slot < recentCount {
            let lookup = recent[slot]
            if lookup.low == bits.low && lookup.high == bits.high { return lookup.index }
        }
        return try slowLiveIndex(of: template, slot: slot, bits: bits)
    }

    @usableFromInline
    func slowLiveIndex(of template: String, slot: Int, bits: (low: UInt64, high: UInt64)) throws(QueryError) -> Int {
        let index = try self.index(of: template)
        let lookup = RecentLookup(low: bits.low, high: bits.high, index: index)
        if slot < recentCount {
            recent[slot] = lookup
            recentTemplates[slot] = template
        } else if slot == recentCount, slot < ColumnMap.recentCapacity {
            (recent + slot).initialize(to: lookup)
            recentTemplates.append(template)
            recentCount = slot + 1
        }
        return index
    }

    /// Builds the map for `clauses` run as `statement`, for its current columns (call it after
    /// the run's first step); `probe` returns the column count of a joined table
    /// (`SELECT * FROM <table>`), or nil when it cannot be determined.
    static func build(
        clauses: QueryClauses, statement: Statement, probe probeTable: (String) -> Int?
    ) -> ColumnMap {
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
        return ColumnMap(
            exact: exact, ambiguous: ambiguous, names: names, columnNames: columnNames,
            probedAtReprepare: probed ? sqlite3_stmt_status(statement.handle, SQLITE_STMTSTATUS_REPREPARE, 0) : nil)
    }

    /// The map of raw SQL's rows: each column found by its quoted result name (the first of
    /// columns with the same name).
    static func build(rawStatement statement: Statement) -> ColumnMap {
        let columnNames = statement.columnNames
        let names = columnNames.map(SQLText.quote)
        var exact: [String: Int] = [:]
        for (index, name) in names.enumerated() where exact[name] == nil { exact[name] = index }
        return ColumnMap(
            exact: exact, ambiguous: [:], names: names, columnNames: columnNames)
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
