/// The clauses of a query under construction; ``QueryType`` values carry one and every builder
/// method returns a copy with a clause changed.
public struct QueryClauses: Sendable {
    /// The clauses, shared between copies until one of them changes (copy on write): a query
    /// value is copied at every builder call and every read of `clauses`, and one reference
    /// costs less to copy than the dozen strings and arrays it holds.
    private final class Storage: @unchecked Sendable {
        // Measured: dynamic exclusivity checks on these cost about 3 % on point-lookup typed (callgrind).
        @exclusivity(unchecked) var select: (distinct: Bool, columns: [Expression<Void>])
        @exclusivity(unchecked) var from: (name: String, alias: String?, database: String?)
        @exclusivity(unchecked) var join: [JoinClause] = []
        @exclusivity(unchecked) var group: (by: [Expression<Void>], having: Expression<Bool?>?)?
        @exclusivity(unchecked) var order: [Expression<Void>] = []
        @exclusivity(unchecked) var limit: (length: Int, offset: Int?)?
        @exclusivity(unchecked) var compound: [(keyword: String, query: Expression<Void>)] = []
        @exclusivity(unchecked) var with: [CommonTableExpression] = []

        init(
            select: (distinct: Bool, columns: [Expression<Void>]),
            from: (name: String, alias: String?, database: String?)
        ) {
            self.select = select
            self.from = from
        }

        func copy() -> Storage {
            let copy = Storage(select: select, from: from)
            copy.join = join
            copy.group = group
            copy.order = order
            copy.limit = limit
            copy.compound = compound
            copy.with = with
            return copy
        }
    }

    private var storage: Storage

    /// The storage, copied first when another query shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        return storage
    }

    /// The select list and whether it is `DISTINCT`.
    var select: (distinct: Bool, columns: [Expression<Void>]) {
        _read { yield storage.select }
        _modify { yield &uniqueStorage().select }
    }

    /// The table the query reads: its name, alias and database.
    var from: (name: String, alias: String?, database: String?) {
        _read { yield storage.from }
        _modify { yield &uniqueStorage().from }
    }

    /// The joined tables, in order.
    var join: [JoinClause] {
        _read { yield storage.join }
        _modify { yield &uniqueStorage().join }
    }

    /// The `WHERE` condition, the `AND` of every filter. Kept outside the shared storage: a
    /// query filtered anew in a loop (`items.filter(id == x)`) copies no other clause.
    var filters: Expression<Bool?>?

    /// `GROUP BY` terms and the `HAVING` condition.
    var group: (by: [Expression<Void>], having: Expression<Bool?>?)? {
        _read { yield storage.group }
        _modify { yield &uniqueStorage().group }
    }

    /// `ORDER BY` terms.
    var order: [Expression<Void>] {
        _read { yield storage.order }
        _modify { yield &uniqueStorage().order }
    }

    /// `LIMIT` and `OFFSET`.
    var limit: (length: Int, offset: Int?)? {
        _read { yield storage.limit }
        _modify { yield &uniqueStorage().limit }
    }

    /// Compound parts: `UNION`, `UNION ALL`, `INTERSECT`, `EXCEPT`.
    var compound: [(keyword: String, query: Expression<Void>)] {
        _read { yield storage.compound }
        _modify { yield &uniqueStorage().compound }
    }

    /// Common table expressions (`WITH`).
    var with: [CommonTableExpression] {
        _read { yield storage.with }
        _modify { yield &uniqueStorage().with }
    }

    init(_ name: String, alias: String?, database: String?) {
        storage = Storage(select: (false, [Expression(literal: "*")]), from: (name, alias, database))
    }
}

/// One `JOIN` of a query.
struct JoinClause: Sendable {
    /// `INNER`, `LEFT OUTER`, ...
    var type: JoinType
    /// The joined table as it appears after `JOIN`: `"users" AS "managers"`.
    var table: String
    /// The name columns of the joined table are qualified with: `"managers"`.
    var namespace: String
    /// The `ON` condition.
    var condition: Expression<Void>
}

/// One named query of a `WITH` clause.
struct CommonTableExpression: Sendable {
    var alias: String
    var columns: [Expression<Void>]?
    var recursive: Bool
    var hint: MaterializationHint?
    var query: Expression<Void>
}
