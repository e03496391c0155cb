extension RowIterator {
    /// Every remaining row transformed by `transform`, skipping the rows it returns nil for;
    /// throws the first error of the iteration or of `transform`.
    ///
    /// ```swift
    /// let names: [String] = try db.prepareRowIterator(users).compactMap { $0[name] }
    /// ```
    public func compactMap<T>(_ transform: (Row) throws -> T?) throws -> [T] {
        var result: [T] = []
        while let row = try failableNext() {
            if let element = try transform(row) { result.append(element) }
        }
        return result
    }
}
