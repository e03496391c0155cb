/// Finds the column of each coding key among the result columns of one run (a fetch, a
/// lookup, one `row.decode()`), made from the statement's column names once per run.
///
/// A type reads its keys in the order it declares them, which is the order of its table's
/// columns for `SELECT *` and for its own inserts: so the column at the key's position in the
/// row is compared first, and the columns are searched only when it differs.
struct KeyLookup {
    /// The column names in the range read, in order.
    let names: [String]
    /// The absolute index of the first of ``names``.
    let base: Int
    let naming: ColumnNaming
    /// Whether a key reads the column of its own name (default keys, no mapping): then the
    /// key's string is compared with the names as it is.
    private let plain: Bool
    /// For a custom decoding strategy, the key each column holds.
    private let convertedKeys: [String]?

    init(names: [String], base: Int = 0, naming: ColumnNaming) {
        self.names = names
        self.base = base
        self.naming = naming
        if case .useDefaultKeys = naming.decoding, naming.mapping.isEmpty {
            plain = true
        } else {
            plain = false
        }
        convertedKeys = naming.convertsColumns ? names.map { naming.key(forColumn: $0) } : nil
    }

    /// The absolute column index of `key`, the row's key at `position`, or -1 when the result
    /// has no such column.
    func index(for key: String, at position: Int) -> Int {
        if plain {
            if names.indices.contains(position), names[position] == key { return base + position }
            return names.firstIndex(of: key).map { base + $0 } ?? -1
        }
        if let convertedKeys {
            if convertedKeys.indices.contains(position), convertedKeys[position] == key { return base + position }
            return convertedKeys.firstIndex(of: key).map { base + $0 } ?? -1
        }
        for column in naming.decodedColumns(forKey: key) {
            if names.indices.contains(position), names[position] == column { return base + position }
            if let offset = names.firstIndex(of: column) { return base + offset }
        }
        return -1
    }

    /// The column name `key` is read from, for error messages.
    func columnName(for key: String) -> String {
        let index = index(for: key, at: -1)
        if index >= 0 { return names[index - base] }
        return naming.decodedColumns(forKey: key).first ?? key
    }

    /// The keys the columns hold, for `allKeys`.
    var keys: [String] {
        convertedKeys ?? names.map { naming.key(forColumn: $0) }
    }
}
