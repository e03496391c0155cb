import Foundation

/// A record type's table under a name of its own in a join: the way to join a table to itself,
/// and to name each side's columns.
///
/// ```swift
/// let e = Employee.alias("e")
/// let m = Employee.alias("m")
/// let managerID = SQLExpression<Int64?>("manager_id")
/// let id = SQLExpression<Int64>("id")
/// let pairs: [(Employee?, Employee?)] = try e.join(.leftOuter, m, on: e[managerID] == m[id])
///     .fetchAll(Employee.self, Employee.self, in: db)
/// // SELECT "e".*, "m".* FROM "employee" AS "e" LEFT OUTER JOIN "employee" AS "m" ON ("e"."manager_id" = "m"."id")
/// ```
///
/// An alias whose name is the table's own (``Record/alias(_:)`` without a name) renders
/// without `AS`.
public struct RecordAlias<R: Record>: Sendable {
    /// The name the table goes by in the query.
    public let name: String

    /// The alias `name` of `R`'s table.
    init(_ type: R.Type = R.self, name: String) {
        self.name = name
    }

    /// The typed-tier table this alias stands for: `"employee" AS "e"`, or `"employee"`.
    public var table: Table {
        let table = Table(R.tableName)
        return name == R.tableName ? table : table.alias(name)
    }

    /// `column` qualified with the alias: `e[managerID]` renders `"e"."manager_id"`.
    public subscript<V>(column: SQLExpression<V>) -> SQLExpression<V> {
        table[column]
    }

    /// The column `name` qualified with the alias: `e.column("name") as SQLExpression<String>`.
    public func column<V>(_ name: String) -> SQLExpression<V> {
        table[SQLExpression<V>(name)]
    }

    /// The alias's primary key column: `m.primaryKey` renders `"m"."id"`.
    public func primaryKey<V>() -> SQLExpression<V> {
        column(R.primaryKey.column)
    }
}

extension Record {
    /// The record's table under the alias `name` (its own name when nil), for joins.
    ///
    /// ```swift
    /// let e = Employee.alias("e")
    /// ```
    public static func alias(_ name: String? = nil) -> RecordAlias<Self> {
        RecordAlias(Self.self, name: name ?? tableName)
    }
}
