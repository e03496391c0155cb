import SQLiteCore

extension CreateTableDefinition {
    /// Adds the column whose quoted name is `template` (an expression's template), for the
    /// umbrella module's `add(expression:)`, which knows the typed tier's expressions. A
    /// template that is not a single column name adds no column: the `create` throws
    /// ``SchemaChanger/Error/invalidColumnDefinition(_:)``.
    package func addColumn(template: String, declaredType: String, nullable: Bool) {
        let tokens = SQLTokenizer.tokenize(template)
        guard tokens.count == 1, tokens[0].kind == .quoted || tokens[0].kind == .word, let name = tokens[0].identifier
        else {
            if problem == nil { problem = "expression is not a column name: \(template)" }
            return
        }
        add(column: ColumnDefinition(name: name, declaredType: declaredType, nullable: nullable))
    }
}
