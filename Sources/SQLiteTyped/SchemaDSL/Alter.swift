extension SchemaType {
    /// `ALTER TABLE "name" RENAME TO "new"`.
    ///
    /// ```swift
    /// try db.run(users.rename(Table("users_old")))   // ALTER TABLE "users" RENAME TO "users_old"
    /// ```
    public func rename(_ to: Self) -> String {
        "ALTER TABLE " + qualifiedTableName + " RENAME TO " + SQLText.quote(to.clauses.from.name)
    }
}

extension Table {
    /// `ALTER TABLE "t" ADD COLUMN ...` for a `NOT NULL` column, which SQLite requires to have
    /// a default value.
    ///
    /// ```swift
    /// try db.run(users.addColumn(suffix, defaultValue: "SR"))
    /// // ALTER TABLE "users" ADD COLUMN "suffix" TEXT NOT NULL DEFAULT ('SR')
    /// ```
    public func addColumn<V: Value>(_ name: Expression<V>, check: BooleanExpression? = nil, defaultValue: V) -> String {
        addColumn(
            ColumnDefinition(
                name, V.declaredDatatype, nullable: false, unique: false, check: check, defaultValue: defaultValue))
    }

    /// Adds a nullable column, with an optional check and default value.
    ///
    /// ```swift
    /// try db.run(users.addColumn(suffix, check: ["JR", "SR"].contains(suffix)))
    /// // ALTER TABLE "users" ADD COLUMN "suffix" TEXT CHECK (("suffix" IN ('JR', 'SR')))
    /// ```
    public func addColumn<V: Value>(_ name: Expression<V?>, check: BooleanExpression? = nil, defaultValue: V? = nil)
        -> String
    {
        addColumn(
            ColumnDefinition(
                name, V.declaredDatatype, nullable: true, unique: false, check: check,
                defaultValue: defaultValue.map(bound)))
    }

    /// Adds a `NOT NULL` column referencing another table (it needs a default value).
    public func addColumn<V: Value>(
        _ name: Expression<V>, check: BooleanExpression? = nil, defaultValue: V, references table: QueryType,
        _ other: Expression<V>
    ) -> String {
        var definition = ColumnDefinition(
            name, V.declaredDatatype, nullable: false, unique: false, check: check, defaultValue: defaultValue)
        definition.references = (table.qualifiedTableName, other.template)
        return addColumn(definition)
    }

    /// Adds a nullable column referencing another table:
    /// `ALTER TABLE "posts" ADD COLUMN "user_id" INTEGER REFERENCES "users" ("id")`.
    public func addColumn<V: Value>(
        _ name: Expression<V?>, check: BooleanExpression? = nil, references table: QueryType, _ other: Expression<V>
    ) -> String {
        var definition = ColumnDefinition(name, V.declaredDatatype, nullable: true, unique: false, check: check)
        definition.references = (table.qualifiedTableName, other.template)
        return addColumn(definition)
    }

    /// Adds a `NOT NULL` text column with a collation (it needs a default value).
    public func addColumn(
        _ name: Expression<String>, check: BooleanExpression? = nil, defaultValue: String, collate: Collation
    ) -> String {
        var definition = ColumnDefinition(
            name, String.declaredDatatype, nullable: false, unique: false, check: check, defaultValue: defaultValue)
        definition.collate = collate
        return addColumn(definition)
    }

    /// Adds a nullable text column with a collation:
    /// `ALTER TABLE "users" ADD COLUMN "name" TEXT COLLATE RTRIM`.
    public func addColumn(
        _ name: Expression<String?>, check: BooleanExpression? = nil, defaultValue: String? = nil, collate: Collation
    ) -> String {
        var definition = ColumnDefinition(
            name, String.declaredDatatype, nullable: true, unique: false, check: check,
            defaultValue: defaultValue.map(bound))
        definition.collate = collate
        return addColumn(definition)
    }

    private func addColumn(_ definition: ColumnDefinition) -> String {
        "ALTER TABLE " + qualifiedTableName + " ADD COLUMN " + definition.sql
    }
}
