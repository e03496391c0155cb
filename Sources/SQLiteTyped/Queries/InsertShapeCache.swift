/// Rendered `INSERT` text by shape: the table, the conflict clause and the column templates.
/// Shapes whose values are SQL expressions rather than bound values are not cached.
enum InsertShapeCache {
    /// The SQL for the shape, rendering it with `render` the first time, and whether every
    /// setter's value is a single bound value (a shape that is cached).
    static func sql(
        table: String, database: String?, conflict: OnConflict?, setters: SetterList, render: () -> String
    ) -> (sql: String, allBound: Bool) {
        let columnCount = setters.count
        guard RecentLookup.isSupported, columnCount <= 64 else { return (render(), false) }
        // The closures below reach the setters through a pointer: capturing the list itself
        // would copy it (and its first setter) for every insert.
        return withUnsafePointer(to: setters) { setters in
            withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 2 * (columnCount + 2) + 1) { buffer in
                var shape = ShapeWords(buffer)
                shape.add(table)
                if let database { shape.add(database) } else { shape.add("") }
                switch setters.pointee.first?.value.isBound {
                case false?: return (render(), false)
                case true?: shape.add(setters.pointee.first?.column.template ?? "")
                case nil: break
                }
                let allBound = setters.pointee.rest.withUnsafeBufferPointer { rest in
                    for index in rest.indices {
                        guard rest[index].value.isBound else { return false }
                        shape.add(rest[index].column.template)
                    }
                    return true
                }
                guard allBound else { return (render(), false) }
                shape.add(conflict.map { UInt64(truncatingIfNeeded: $0.rawValue.utf8.count &+ 1) } ?? 0)
                let sql = ShapeCache.inserts.lookup(
                    shape: shape,
                    strings: {
                        var strings = [table, database ?? ""]
                        setters.pointee.forEach { strings.append($0.column.template) }
                        return strings
                    }, render: render
                ).sql
                return (sql, true)
            }
        }
    }
}
