import SQLiteCore

extension Connection {
    /// Runs `sql` with `bindings` and maps each row through `transform`.
    func rows<T>(_ sql: String, _ bindings: [Binding?] = [], _ transform: (Cursor) throws -> T) throws
        -> [T]
    {
        let statement = try prepare(sql, bindings)
        var result: [T] = []
        while try statement.step() {
            result.append(try transform(statement.row))
        }
        return result
    }
}

extension Cursor {
    /// Column `index` as text, or `nil` when it is NULL.
    func optionalString(_ index: Int) -> String? {
        isNull(index) ? nil : self[index] as String
    }
}
