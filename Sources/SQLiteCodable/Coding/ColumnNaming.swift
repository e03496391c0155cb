/// How coding keys and column names correspond, combining a ``CodingOptions`` key strategy
/// with a record's explicit column mapping (key → column), which wins over the strategy.
struct ColumnNaming: Sendable {
    var encoding: KeyEncodingStrategy
    var decoding: KeyDecodingStrategy
    var mapping: [String: String]

    init(options: CodingOptions, mapping: [String: String] = [:]) {
        encoding = options.keyEncodingStrategy
        decoding = options.keyDecodingStrategy
        self.mapping = mapping
    }

    /// The column a key is encoded to.
    func encodedColumn(forKey key: String) -> String {
        if let mapped = mapping[key] { return mapped }
        switch encoding {
        case .useDefaultKeys: return key
        case .convertToSnakeCase: return SnakeCase.convert(key)
        case .custom(let convert): return convert(key)
        }
    }

    /// The column names a key is looked up under when decoding, most likely first; empty for
    /// a custom strategy, which converts the column names instead.
    func decodedColumns(forKey key: String) -> [String] {
        if let mapped = mapping[key] { return [mapped] }
        switch decoding {
        case .useDefaultKeys: return [key]
        case .convertFromSnakeCase:
            let snake = SnakeCase.convert(key)
            return snake == key ? [key] : [snake, key]
        case .custom: return [key]
        }
    }

    /// The key a column holds, for `allKeys` and the custom decoding strategy.
    func key(forColumn column: String) -> String {
        if let entry = mapping.first(where: { $0.value == column }) { return entry.key }
        switch decoding {
        case .useDefaultKeys: return column
        case .convertFromSnakeCase: return CamelCase.convert(column)
        case .custom(let convert): return convert(column)
        }
    }

    /// Whether column names must be converted to keys before lookup (custom strategy).
    var convertsColumns: Bool {
        if case .custom = decoding { return true }
        return false
    }
}

/// `created_at` → `createdAt`, as `JSONDecoder`'s snake-case strategy converts keys.
enum CamelCase {
    static func convert(_ name: String) -> String {
        guard name.contains("_") else { return name }
        let parts = name.split(separator: "_", omittingEmptySubsequences: true)
        guard let first = parts.first else { return name }
        var result = String(first)
        for part in parts.dropFirst() {
            result += part.prefix(1).uppercased() + part.dropFirst().lowercased()
        }
        return result
    }
}
