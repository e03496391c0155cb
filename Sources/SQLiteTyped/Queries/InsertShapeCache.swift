/// Rendered `INSERT` text by shape: the table, the conflict clause and the column templates.
/// Shapes whose values are SQL expressions rather than bound values are not cached.
enum InsertShapeCache {
    /// The SQL for the shape, rendering it with `render` the first time.
    static func sql(
        table: String, database: String?, conflict: OnConflict?, setters: SetterList, render: () -> String
    ) -> String {
        let columnCount = setters.count
        guard RecentLookup.isSupported, columnCount <= 64 else { return render() }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * (columnCount + 2) + 1) { buffer in
            var shape = ShapeWords(buffer)
            shape.add(table)
            shape.add(database ?? "")
            if let first = setters.first {
                guard first.value.isBound else { return render() }
                shape.add(first.column.template)
            }
            let allBound = setters.rest.withUnsafeBufferPointer { rest in
                for index in rest.indices {
                    guard rest[index].value.isBound else { return false }
                    shape.add(rest[index].column.template)
                }
                return true
            }
            guard allBound else { return render() }
            shape.add(conflict.map { UInt64(truncatingIfNeeded: $0.rawValue.utf8.count &+ 1) } ?? 0)
            return ShapeCache.inserts.sql(
                shape: shape,
                strings: {
                    var strings = [table, database ?? ""]
                    setters.forEach { strings.append($0.column.template) }
                    return strings
                }, render: render)
        }
    }
}
