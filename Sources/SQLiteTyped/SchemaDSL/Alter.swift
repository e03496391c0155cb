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
    // The overloads are SQLite.swift's; as in ``TableBuilder``, `check:` takes a
    // `BooleanExpression`, one overload for each of SQLite.swift's pairs.

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
    /// // ALTER TABLE "users" ADD COLUMN "suffix" TEXT CHECK ("suffix" IN ('JR', 'SR'))
    /// ```
    public func addColumn<V: Value>(_ name: Expression<V?>, check: BooleanExpression? = nil, defaultValue: V? = nil)
        -> String
    {
        addColumn(
            ColumnDefinition(
                name, V.declaredDatatype, nullable: true, unique: false, check: check,
                defaultValue: defaultValue.map(bound)))
    }

    /// Adds a `NOT NULL` column referencing another table, as SQLite.swift renders it:
    /// `ALTER TABLE "posts" ADD COLUMN "user_id" INTEGER NOT NULL REFERENCES "users" ("id")`.
    ///
    /// The statement compiles as in SQLite.swift, but SQLite refuses to add a `NOT NULL` column
    /// without a default value, or a `UNIQUE` column: running it throws. Give a default with
    /// ``addColumn(_:check:defaultValue:references:_:)``, or add a nullable column.
    public func addColumn<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: BooleanExpression? = nil, references table: QueryType,
        _ other: Expression<V>
    ) -> String {
        var definition = ColumnDefinition(name, V.declaredDatatype, nullable: false, unique: unique, check: check)
        definition.references = (table.referenceName, other.template)
        return addColumn(definition)
    }

    /// Adds a `NOT NULL` column referencing another table, with the default value SQLite
    /// requires.
    public func addColumn<V: Value>(
        _ name: Expression<V>, check: BooleanExpression? = nil, defaultValue: V, references table: QueryType,
        _ other: Expression<V>
    ) -> String {
        var definition = ColumnDefinition(
            name, V.declaredDatatype, nullable: false, unique: false, check: check, defaultValue: defaultValue)
        definition.references = (table.referenceName, other.template)
        return addColumn(definition)
    }

    /// Adds a nullable column referencing another table:
    /// `ALTER TABLE "posts" ADD COLUMN "user_id" INTEGER REFERENCES "users" ("id")`.
    public func addColumn<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: BooleanExpression? = nil, references table: QueryType,
        _ other: Expression<V>
    ) -> String {
        var definition = ColumnDefinition(name, V.declaredDatatype, nullable: true, unique: unique, check: check)
        definition.references = (table.referenceName, other.template)
        return addColumn(definition)
    }

    /// Adds a `NOT NULL` text column with a collation (it needs a default value).
    public func addColumn<V: Value>(
        _ name: Expression<V>, check: BooleanExpression? = nil, defaultValue: V, collate: Collation
    ) -> String where V.Datatype == String {
        var definition = ColumnDefinition(
            name, V.declaredDatatype, nullable: false, unique: false, check: check, defaultValue: defaultValue)
        definition.collate = collate
        return addColumn(definition)
    }

    /// Adds a nullable text column with a collation:
    /// `ALTER TABLE "users" ADD COLUMN "name" TEXT COLLATE RTRIM`.
    public func addColumn<V: Value>(
        _ name: Expression<V?>, check: BooleanExpression? = nil, defaultValue: V? = nil, collate: Collation
    ) -> String where V.Datatype == String {
        var definition = ColumnDefinition(
            name, V.declaredDatatype, nullable: true, unique: false, check: check,
            defaultValue: defaultValue.map(bound))
        definition.collate = collate
        return addColumn(definition)
    }

    private func addColumn(_ definition: ColumnDefinition) -> String {
        "ALTER TABLE " + qualifiedTableName + " ADD COLUMN " + definition.sql
    }
}
