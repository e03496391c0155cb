/// The `INSERT` text of inserts built from setters, found when the insert runs: by shape (the
/// table, the conflict clause and the column templates) in the connection's insert shape cache
/// when every setter binds one value, else rendered (SQL values, such as `count <- count + 1`,
/// are part of the text).
enum InsertShapeCache {
    /// The most columns a cached shape has.
    static var maximumColumns: Int { 64 }

    /// The SQL of an insert of `setters` into `target` and the number of parameters it binds,
    /// from `cache` (the connection's, with its lock held) or rendered.
    static func statement(in state: TypedConnectionState, _ target: InsertTarget, _ setters: SetterList) -> (
        sql: String, parameterCount: Int
    ) {
        let cache = state.insertShapes
        let count = setters.count
        guard StringWords.isSupported, count <= maximumColumns else {
            return (target.render(setters), setters.parameterCount)
        }
        var shape = cache.newShape(words: 2 * (count + 2) + 1, numbers: 1)
        shape.add(target.name)
        shape.add(optional: target.database)
        guard setters.addBoundColumns(to: &shape) else { return (target.render(setters), setters.parameterCount) }
        // The conflict clause itself (each has a number of its own), and whether a database
        // was named.
        shape.add(target.conflict.shapeCode | (target.database == nil ? 0 : 0x100))
        // Every setter binds one value: one parameter each.
        if let sql = cache.cachedSQL(shape) { return (sql, count) }
        var strings = [target.name, target.database ?? ""]
        setters.forEach { strings.append($0.column.template) }
        return (cache.add(shape, strings: strings, render: { target.render(setters) }), count)
    }
}

/// Where an insert writes: the table and the conflict clause, from which its text is rendered.
struct InsertTarget: Sendable {
    let name: String
    let database: String?
    let conflict: OnConflict?

    /// The target of an insert whose text is given.
    static let none = InsertTarget(name: "", database: nil, conflict: nil)

    /// The table's name with its database: `"database"."name"`.
    var qualifiedName: String {
        SQLText.qualified(name, database)
    }

    /// `INSERT [OR ...] INTO "table" ("a", "b") VALUES (?, ?)` for `setters`, or
    /// `DEFAULT VALUES` for none.
    func render(_ setters: SetterList) -> String {
        var sql = "INSERT"
        if let conflict { sql += " OR " + conflict.rawValue }
        sql += " INTO " + qualifiedName
        if setters.count == 0 { return sql + " DEFAULT VALUES" }
        var columns: [String] = []
        var placeholders: [String] = []
        setters.forEach { setter in
            columns.append(setter.column.template)
            placeholders.append(setter.value.template)
        }
        return sql + " (" + columns.joined(separator: ", ") + ") VALUES (" + placeholders.joined(separator: ", ") + ")"
    }
}

extension SetterList {
    /// Adds the template of each setter's column to `shape`, in order; false, having stopped,
    /// at a setter whose value is not a single bound value. The setters are read in place:
    /// copying one would retain its strings.
    fileprivate func addBoundColumns(to shape: inout ShapeWords) -> Bool {
        if hasHead {
            guard head.value.isBound else { return false }
            shape.add(head.column.template)
        }
        return rest.withUnsafeBufferPointer { rest in
            for index in rest.indices {
                guard rest[index].value.isBound else { return false }
                shape.add(rest[index].column.template)
            }
            return true
        }
    }
}

extension Optional where Wrapped == OnConflict {
    /// A number of its own for each conflict clause (0 for none), for an insert's shape.
    var shapeCode: UInt64 {
        switch self {
        case nil: 0
        case .replace?: 1
        case .rollback?: 2
        case .abort?: 3
        case .fail?: 4
        case .ignore?: 5
        }
    }
}
