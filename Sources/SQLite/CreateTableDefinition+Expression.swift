import SQLiteCore
import SQLiteSchema
import SQLiteTyped

// `SchemaChanger`'s table definitions taking the typed tier's expressions, as SQLite.swift's do.
// It lives in the umbrella module, the one that has both tiers, so that SQLiteSchema depends on
// SQLiteCore alone.
extension CreateTableDefinition {
    /// Adds a `NOT NULL` column named and typed like `expression`, as SQLite.swift does.
    ///
    /// ```swift
    /// try changer.create(table: "users") { table in
    ///     table.add(expression: Expression<String>("email"))   // "email" TEXT NOT NULL
    ///     table.add(expression: Expression<Int?>("age"))        // "age" INTEGER
    /// }
    /// ```
    ///
    /// An expression that is not a column name (`Expression<Int>(literal: "1 + 1")`) adds no
    /// column: the `create` throws ``SchemaChanger/Error/invalidColumnDefinition(_:)``.
    public func add<T: Value>(expression: Expression<T>) {
        addColumn(template: expression.template, declaredType: T.declaredDatatype, nullable: false)
    }

    /// Adds a nullable column named and typed like `expression`.
    public func add<T: Value>(expression: Expression<T?>) {
        addColumn(template: expression.template, declaredType: T.declaredDatatype, nullable: true)
    }
}
