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
        addColumn(name, V.declaredDatatype, nullable: false, check: check, defaultValue: bound(defaultValue))
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
        addColumn(name, V.declaredDatatype, nullable: true, check: check, defaultValue: defaultValue.map(bound))
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
        addColumn(name, V.declaredDatatype, nullable: false, unique: unique, check: check, references: (table, other))
    }

    /// Adds a `NOT NULL` column referencing another table, with the default value SQLite
    /// requires.
    public func addColumn<V: Value>(
        _ name: Expression<V>, check: BooleanExpression? = nil, defaultValue: V, references table: QueryType,
        _ other: Expression<V>
    ) -> String {
        addColumn(
            name, V.declaredDatatype, nullable: false, check: check, defaultValue: bound(defaultValue),
            references: (table, other))
    }

    /// Adds a nullable column referencing another table:
    /// `ALTER TABLE "posts" ADD COLUMN "user_id" INTEGER REFERENCES "users" ("id")`.
    public func addColumn<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: BooleanExpression? = nil, references table: QueryType,
        _ other: Expression<V>
    ) -> String {
        addColumn(name, V.declaredDatatype, nullable: true, unique: unique, check: check, references: (table, other))
    }

    /// Adds a `NOT NULL` text column with a collation (it needs a default value).
    public func addColumn<V: Value>(
        _ name: Expression<V>, check: BooleanExpression? = nil, defaultValue: V, collate: Collation
    ) -> String where V.Datatype == String {
        addColumn(
            name, V.declaredDatatype, nullable: false, check: check, defaultValue: bound(defaultValue), collate: collate
        )
    }

    /// Adds a nullable text column with a collation:
    /// `ALTER TABLE "users" ADD COLUMN "name" TEXT COLLATE RTRIM`.
    public func addColumn<V: Value>(
        _ name: Expression<V?>, check: BooleanExpression? = nil, defaultValue: V? = nil, collate: Collation
    ) -> String where V.Datatype == String {
        addColumn(
            name, V.declaredDatatype, nullable: true, check: check, defaultValue: defaultValue.map(bound),
            collate: collate)
    }

    private func addColumn<T>(
        _ name: Expression<T>, _ datatype: String, nullable: Bool, unique: Bool = false, check: Expressible?,
        defaultValue: Expressible? = nil, references: (table: QueryType, column: Expressible)? = nil,
        collate: Collation? = nil
    ) -> String {
        let builder = TableBuilder()
        builder.add(
            name, datatype, nullable: nullable, unique: unique, check: check, defaultValue: defaultValue,
            references: references, collate: collate)
        return "ALTER TABLE " + qualifiedTableName + " ADD COLUMN " + builder.definitions[0]
    }
}
