import SQLiteCore
import SQLiteTyped

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
        add(expression.template, declaredType: T.declaredDatatype, nullable: false)
    }

    /// Adds a nullable column named and typed like `expression`.
    public func add<T: Value>(expression: Expression<T?>) {
        add(expression.template, declaredType: T.declaredDatatype, nullable: true)
    }

    /// Adds the column whose quoted name is `template`.
    private func add(_ template: String, declaredType: String, nullable: Bool) {
        let tokens = SQLTokenizer.tokenize(template)
        guard tokens.count == 1, tokens[0].kind == .quoted || tokens[0].kind == .word, let name = tokens[0].identifier
        else {
            if problem == nil { problem = "expression is not a column name: \(template)" }
            return
        }
        add(column: ColumnDefinition(name: name, declaredType: declaredType, nullable: nullable))
    }
}
