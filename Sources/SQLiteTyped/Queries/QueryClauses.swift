/// The clauses of a query under construction; ``QueryType`` values carry one and every builder
/// method returns a copy with a clause changed.
public struct QueryClauses: Sendable {
    /// The clauses, shared between copies until one of them changes (copy on write): a query
    /// value is copied at every builder call and every read of `clauses`, and one reference
    /// costs less to copy than the dozen strings and arrays it holds.
    private final class Storage: @unchecked Sendable {
        struct Fields {
            var select: (distinct: Bool, columns: [Expression<Void>])
            var from: (name: String, alias: String?, database: String?)
            var join: [JoinClause] = []
            var filters: Expression<Bool?>?
            var group: (by: [Expression<Void>], having: Expression<Bool?>?)?
            var order: [Expression<Void>] = []
            var limit: (length: Int, offset: Int?)?
            var compound: [(keyword: String, query: Expression<Void>)] = []
            var with: [CommonTableExpression] = []
        }

        // Measured: dynamic exclusivity checks on these cost about 3 % on point-lookup typed (callgrind).
        @exclusivity(unchecked) var fields: Fields

        init(_ fields: Fields) {
            self.fields = fields
        }
    }

    private var storage: Storage

    /// The storage, copied first when another query shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) { storage = Storage(storage.fields) }
        return storage
    }

    /// The select list and whether it is `DISTINCT`.
    var select: (distinct: Bool, columns: [Expression<Void>]) {
        _read { yield storage.fields.select }
        _modify { yield &uniqueStorage().fields.select }
    }

    /// The table the query reads: its name, alias and database.
    var from: (name: String, alias: String?, database: String?) {
        _read { yield storage.fields.from }
        _modify { yield &uniqueStorage().fields.from }
    }

    /// The joined tables, in order.
    var join: [JoinClause] {
        _read { yield storage.fields.join }
        _modify { yield &uniqueStorage().fields.join }
    }

    /// The `WHERE` condition, the `AND` of every filter.
    var filters: Expression<Bool?>? {
        _read { yield storage.fields.filters }
        _modify { yield &uniqueStorage().fields.filters }
    }

    /// `GROUP BY` terms and the `HAVING` condition.
    var group: (by: [Expression<Void>], having: Expression<Bool?>?)? {
        _read { yield storage.fields.group }
        _modify { yield &uniqueStorage().fields.group }
    }

    /// `ORDER BY` terms.
    var order: [Expression<Void>] {
        _read { yield storage.fields.order }
        _modify { yield &uniqueStorage().fields.order }
    }

    /// `LIMIT` and `OFFSET`.
    var limit: (length: Int, offset: Int?)? {
        _read { yield storage.fields.limit }
        _modify { yield &uniqueStorage().fields.limit }
    }

    /// Compound parts: `UNION`, `UNION ALL`, `INTERSECT`, `EXCEPT`.
    var compound: [(keyword: String, query: Expression<Void>)] {
        _read { yield storage.fields.compound }
        _modify { yield &uniqueStorage().fields.compound }
    }

    /// Common table expressions (`WITH`).
    var with: [CommonTableExpression] {
        _read { yield storage.fields.with }
        _modify { yield &uniqueStorage().fields.with }
    }

    init(_ name: String, alias: String?, database: String?) {
        storage = Storage(.init(select: (false, [Expression(literal: "*")]), from: (name, alias, database)))
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
