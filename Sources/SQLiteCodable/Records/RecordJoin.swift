import Foundation

/// A join of record tables, of any kind and any number of tables, whose rows read as tuples of
/// optional records: one element per table, `nil` where an outer join found no row on that
/// side.
///
/// ```swift
/// let p = Parent.alias("p")
/// let c = Child.alias("c")
/// let rows: [(Parent?, Child?)] = try p.join(.leftOuter, c, on: c[parentID] == p[id])
///     .filter(p[name] != "")
///     .order(p[name], c[id])
///     .fetchAll(Parent.self, Child.self, in: db)
/// // SELECT "p".*, "c".* FROM "parent" AS "p" LEFT OUTER JOIN "child" AS "c" ON ("c"."parent_id" = "p"."id")
/// //   WHERE ("p"."name" != '') ORDER BY "p"."name", "c"."id"
/// ```
///
/// Start from an alias (``Record/alias(_:)``) or a record type, then add tables with `join`:
/// `.inner`, `.leftOuter`, `.rightOuter`, `.fullOuter`, or `.cross` without a condition.
/// `filter`, `order` and `limit` apply to the whole join; name columns through the aliases
/// (`p[name]`), since several tables may have a column of that name. A table joined twice (a
/// self-join) needs an alias for at least one side.
///
/// ``fetchAll(_:in:)-(_,Connection)`` and ``fetchOne(_:in:)-(_,Connection)`` name the record type of each side, in order, and
/// return tuples of those types; a list that does not match the join's tables is an error. A
/// side is `nil` when its primary key column is `NULL` in the row (or, for a table without one
/// among its columns, when all its columns are). Right and full outer joins need SQLite 3.39 or
/// later.
public struct RecordJoin: Sendable {
    /// The typed-tier query of the join, before its select list.
    public let query: Table
    /// The name and the table of each side, in order.
    let sides: [(name: String, table: String)]

    // MARK: - Joining

    /// Adds `other` with a join of kind `type` on `condition`.
    ///
    /// ```swift
    /// let rows = try Book.alias().join(.inner, Author.self, on: Book.foreignKey("author_id", to: Author.self))
    ///     .join(.leftOuter, Publisher.self, on: Book.foreignKey("publisher_id", to: Publisher.self))
    ///     .fetchAll(Book.self, Author.self, Publisher.self, in: db)
    /// ```
    public func join<N: Record>(_ type: JoinType, _ other: RecordAlias<N>, on condition: SQLExpression<Bool>)
        -> RecordJoin
    {
        join(type, other, on: SQLExpression<Bool?>(condition))
    }

    /// Adds `other` with a join of kind `type` on an optional condition.
    public func join<N: Record>(_ type: JoinType, _ other: RecordAlias<N>, on condition: SQLExpression<Bool?>)
        -> RecordJoin
    {
        RecordJoin(query: query.join(type, other.table, on: condition), sides: sides + [(other.name, N.tableName)])
    }

    /// Adds record type `other`'s table, under its own name, with a join of kind `type` on `condition`.
    public func join<N: Record>(_ type: JoinType, _ other: N.Type, on condition: SQLExpression<Bool>) -> RecordJoin {
        join(type, N.alias(), on: condition)
    }

    /// Adds record type `other`'s table, under its own name, on an optional condition.
    public func join<N: Record>(_ type: JoinType, _ other: N.Type, on condition: SQLExpression<Bool?>) -> RecordJoin {
        join(type, N.alias(), on: condition)
    }

    /// Adds `other` without a condition: `.cross` pairs every row with every row of `other`.
    ///
    /// ```swift
    /// let grid = try Size.alias().join(.cross, Color.self).fetchAll(Size.self, Color.self, in: db)
    /// ```
    public func join<N: Record>(_ type: JoinType, _ other: RecordAlias<N>) -> RecordJoin {
        RecordJoin(query: query.join(type, other.table), sides: sides + [(other.name, N.tableName)])
    }

    /// Adds record type `other`'s table, under its own name, without a condition (`.cross`).
    public func join<N: Record>(_ type: JoinType, _ other: N.Type) -> RecordJoin {
        join(type, N.alias())
    }

    // MARK: - Narrowing

    /// Keeps the rows `predicate` selects (added to an earlier filter with `AND`).
    public func filter(_ predicate: SQLExpression<Bool>) -> RecordJoin {
        RecordJoin(query: query.filter(predicate), sides: sides)
    }

    /// Keeps the rows `predicate` selects (added to an earlier filter with `AND`).
    public func filter(_ predicate: SQLExpression<Bool?>) -> RecordJoin {
        RecordJoin(query: query.filter(predicate), sides: sides)
    }

    /// Orders the rows by `terms` (replacing an earlier order).
    public func order(_ terms: Expressible...) -> RecordJoin {
        order(terms)
    }

    /// Orders the rows by `terms` (replacing an earlier order).
    func order(_ terms: [Expressible]) -> RecordJoin {
        RecordJoin(query: query.order(terms), sides: sides)
    }

    /// Returns at most `length` rows (all of them when nil).
    public func limit(_ length: Int?) -> RecordJoin {
        RecordJoin(query: query.limit(length), sides: sides)
    }

    /// Returns at most `length` rows, after skipping `offset`.
    public func limit(_ length: Int, offset: Int) -> RecordJoin {
        RecordJoin(query: query.limit(length, offset: offset), sides: sides)
    }

    // MARK: - SQL

    /// The `SELECT` this join runs: every column of each side, in order.
    var expression: SQLExpression<Void> {
        query.select(sides.map { SQLExpression<Void>(literal: $0.name.quotedIdentifier + ".*") }).expression
    }

    /// The `SELECT` this join runs, with its values inlined (for logs and tests).
    public var sql: String { expression.asSQL() }

    /// Throws when two sides go by one name (their columns could not be told apart), or when
    /// `tables` (the tables of the record types a fetch names) are not the join's.
    func check(tables: [String]) throws(Result) {
        var seen = Set<String>()
        for side in sides where !seen.insert(side.name).inserted {
            throw Result.misuse("the join names two tables \"\(side.name)\": give one of them an alias (\(sql))")
        }
        guard tables == sides.map(\.table) else {
            throw Result.misuse(
                "the join's tables are \(sides.map(\.table)), but the records to read are of \(tables) (\(sql))")
        }
    }
}

extension RecordJoin {
    /// A join starting from `alias`'s table.
    init<R: Record>(_ alias: RecordAlias<R>) {
        self.init(query: alias.table, sides: [(alias.name, R.tableName)])
    }
}

extension RecordAlias {
    /// A join starting from this alias: adds `other` with a join of kind `type` on `condition`.
    ///
    /// ```swift
    /// let e = Employee.alias("e"), m = Employee.alias("m")
    /// let rows = try e.join(.leftOuter, m, on: e[managerID] == m[id]).fetchAll(Employee.self, Employee.self, in: db)
    /// ```
    public func join<N: Record>(_ type: JoinType, _ other: RecordAlias<N>, on condition: SQLExpression<Bool>)
        -> RecordJoin
    {
        RecordJoin(self).join(type, other, on: condition)
    }

    /// A join starting from this alias, on an optional condition.
    public func join<N: Record>(_ type: JoinType, _ other: RecordAlias<N>, on condition: SQLExpression<Bool?>)
        -> RecordJoin
    {
        RecordJoin(self).join(type, other, on: condition)
    }

    /// A join starting from this alias, adding record type `other`'s table under its own name.
    public func join<N: Record>(_ type: JoinType, _ other: N.Type, on condition: SQLExpression<Bool>) -> RecordJoin {
        RecordJoin(self).join(type, other, on: condition)
    }

    /// A join starting from this alias, adding record type `other`'s table on an optional condition.
    public func join<N: Record>(_ type: JoinType, _ other: N.Type, on condition: SQLExpression<Bool?>) -> RecordJoin {
        RecordJoin(self).join(type, other, on: condition)
    }

    /// A join starting from this alias, adding `other` without a condition (`.cross`).
    public func join<N: Record>(_ type: JoinType, _ other: RecordAlias<N>) -> RecordJoin {
        RecordJoin(self).join(type, other)
    }

    /// A join starting from this alias, adding record type `other`'s table without a condition.
    public func join<N: Record>(_ type: JoinType, _ other: N.Type) -> RecordJoin {
        RecordJoin(self).join(type, other)
    }
}
