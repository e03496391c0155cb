/// Rendered `SELECT` text by shape, for simple queries (no join, compound part or `WITH`)
/// run in a loop such as `pluck(items.filter(id == x))`, from the connection's select shape
/// cache: the shape is made of the table, the select list, the filter, grouping, ordering and
/// limit. The query rendered last is recognized first by identity (``LastSelectShape``).
enum SelectShapeCache {
    /// The statement for `clauses`: its text from `state` (the connection's, with its lock
    /// held) when the shape was seen before, and its bindings in rendering order.
    ///
    /// `limit` replaces the query's own limit when given (`pluck` asks for one row), so that
    /// the caller need not copy the clauses to change it.
    static func render(
        _ clauses: QueryClauses, limit: (length: Int, offset: Int?)?? = nil, in state: TypedConnectionState
    ) -> Expression<Void> {
        let limit = limit ?? clauses.limit
        // The query built last time, again (a lookup in a loop): no shape words at all.
        if let last = state.lastSelect, last.matches(clauses, limit: limit) {
            return Expression(last.sql, clauses.filters?.bindings ?? [])
        }
        let columns = clauses.select.columns
        let groupBy = clauses.group?.by ?? []
        let order = clauses.order
        guard StringWords.isSupported, clauses.join.isEmpty, clauses.compound.isEmpty, clauses.with.isEmpty,
            columns.count <= 64, groupBy.count <= 64, order.count <= 64
        else {
            var limited = clauses
            limited.limit = limit
            return fullRender(limited)
        }
        let capacity = 2 * (3 + columns.count + 1 + groupBy.count + 1 + order.count) + 10
        var shape = state.selectShapes.newShape(words: capacity, numbers: 6)
        shape.add(clauses.from.name)
        shape.add(clauses.from.alias ?? "")
        shape.add(clauses.from.database ?? "")
        var flags: UInt64 = 0
        if clauses.select.distinct { flags |= 1 }
        if clauses.from.alias != nil { flags |= 2 }
        if clauses.from.database != nil { flags |= 4 }
        if clauses.filters != nil { flags |= 8 }
        if clauses.group != nil { flags |= 16 }
        if clauses.group?.having != nil { flags |= 32 }
        if limit != nil { flags |= 64 }
        if limit?.offset != nil { flags |= 128 }
        shape.add(flags)
        shape.add(UInt64(columns.count))
        for column in columns { shape.add(column.template) }
        if let filters = clauses.filters { shape.add(filters.template) }
        if let group = clauses.group {
            shape.add(UInt64(group.by.count))
            for term in group.by { shape.add(term.template) }
            if let having = group.having { shape.add(having.template) }
        }
        shape.add(UInt64(order.count))
        for term in order { shape.add(term.template) }
        if let limit {
            shape.add(UInt64(bitPattern: Int64(limit.length)))
            if let offset = limit.offset { shape.add(UInt64(bitPattern: Int64(offset))) }
        }
        let sql: String
        if let cached = state.selectShapes.cachedSQL(shape) {
            sql = cached
        } else {
            var strings = [clauses.from.name, clauses.from.alias ?? "", clauses.from.database ?? ""]
            strings += columns.map(\.template)
            if let filters = clauses.filters { strings.append(filters.template) }
            strings += groupBy.map(\.template)
            if let having = clauses.group?.having { strings.append(having.template) }
            strings += order.map(\.template)
            sql = state.selectShapes.add(shape, strings: strings) {
                var limited = clauses
                limited.limit = limit
                return fullRender(limited).template
            }
        }
        // Usually only the filter has bindings: its array is then used as it is.
        let columnsBound = columns.contains { !$0.bindings.isEmpty }
        let groupBound = groupBy.contains { !$0.bindings.isEmpty } || !(clauses.group?.having?.bindings.isEmpty ?? true)
        let orderBound = order.contains { !$0.bindings.isEmpty }
        if !columnsBound, !groupBound, !orderBound {
            if let last = LastSelectShape(clauses, limit: limit, sql: sql) { state.lastSelect = last }
            return Expression(sql, clauses.filters?.bindings ?? [])
        }
        var bindings: [Binding?] = []
        for column in columns where !column.bindings.isEmpty { bindings += column.bindings }
        if let filters = clauses.filters { bindings += filters.bindings }
        for term in groupBy where !term.bindings.isEmpty { bindings += term.bindings }
        if let having = clauses.group?.having { bindings += having.bindings }
        for term in order where !term.bindings.isEmpty { bindings += term.bindings }
        return Expression(sql, bindings)
    }

    private static func fullRender(_ clauses: QueryClauses) -> Expression<Void> {
        var renderer = SQLRenderer()
        renderer.appendSelect(clauses)
        return renderer.expression
    }
}
