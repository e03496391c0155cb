/// Collects the column definitions and table constraints of a `CREATE TABLE`; passed to the
/// block of ``Table/create(temporary:ifNotExists:withoutRowid:block:)``.
///
/// ```swift
/// try db.run(users.create { t in
///     t.column(id, primaryKey: true)        // "id" INTEGER PRIMARY KEY NOT NULL
///     t.column(email, unique: true)         // "email" TEXT NOT NULL UNIQUE
///     t.column(name)                        // "name" TEXT
/// })
/// ```
///
/// A non-optional expression's column is `NOT NULL`; an optional one's is not.
public final class TableBuilder {
    /// The definitions, in order.
    var definitions: [String] = []

    init() {}

    /// What a `FOREIGN KEY` does when the referenced row is updated or deleted.
    public enum Dependency: String, Sendable {
        /// `NO ACTION`.
        case noAction = "NO ACTION"
        /// `RESTRICT`.
        case restrict = "RESTRICT"
        /// `SET NULL`.
        case setNull = "SET NULL"
        /// `SET DEFAULT`.
        case setDefault = "SET DEFAULT"
        /// `CASCADE`.
        case cascade = "CASCADE"
    }

    // MARK: - Columns

    // The overloads are SQLite.swift's, with one difference: `check:` takes a
    // `BooleanExpression` (an `Expression<Bool>` or an `Expression<Bool?>`), so each of its
    // pairs of overloads (one per check type) is one overload here.

    /// A column, optionally `UNIQUE`, with a `CHECK` and a default expression.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: BooleanExpression? = nil,
        defaultValue: Expression<V>? = nil
    ) {
        add(name, V.declaredDatatype, nullable: false, unique: unique, check: check, defaultValue: defaultValue)
    }

    /// A column with a default value: `"name" TEXT DEFAULT ('Anonymous')`.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: BooleanExpression? = nil, defaultValue: V
    ) {
        add(name, V.declaredDatatype, nullable: false, unique: unique, check: check, defaultValue: bound(defaultValue))
    }

    /// A `PRIMARY KEY` column (`primaryKey: true`), or an ordinary one (`false`).
    public func column<V: Value>(
        _ name: Expression<V>, primaryKey: Bool, check: BooleanExpression? = nil,
        defaultValue: Expression<V>? = nil
    ) {
        add(
            name, V.declaredDatatype, primaryKey: primaryKey ? .default : nil, nullable: false, check: check,
            defaultValue: defaultValue)
    }

    /// An integer primary key, with `.autoincrement` for `PRIMARY KEY AUTOINCREMENT`.
    ///
    /// For every value type stored as an integer (SQLite.swift requires `Datatype == Int64`).
    public func column<V: Value>(_ name: Expression<V>, primaryKey: PrimaryKey, check: BooleanExpression? = nil)
    where V.Datatype: IntegerDatatype {
        add(name, V.declaredDatatype, primaryKey: primaryKey, nullable: false, check: check)
    }

    /// A column referencing another table's column: `"user_id" INTEGER NOT NULL REFERENCES "users" ("id")`.
    ///
    /// For any value type (SQLite.swift requires `Datatype == Int64`), so text keys can be
    /// referenced too.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: BooleanExpression? = nil, references table: QueryType,
        _ other: Expression<V>
    ) {
        add(name, V.declaredDatatype, nullable: false, unique: unique, check: check, references: (table, other))
    }

    /// A primary key column referencing another table's column:
    /// `"id" INTEGER PRIMARY KEY NOT NULL REFERENCES "users" ("id")`.
    public func column<V: Value>(
        _ name: Expression<V>, primaryKey: Bool, check: BooleanExpression? = nil, references table: QueryType,
        _ other: Expression<V>
    ) {
        add(
            name, V.declaredDatatype, primaryKey: primaryKey ? .default : nil, nullable: false, check: check,
            references: (table, other))
    }

    /// A text column with a collation: `"email" TEXT NOT NULL COLLATE NOCASE`.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: BooleanExpression? = nil,
        defaultValue: Expression<V>? = nil, collate: Collation
    ) where V.Datatype == String {
        add(
            name, V.declaredDatatype, nullable: false, unique: unique, check: check, defaultValue: defaultValue,
            collate: collate)
    }

    /// A text column with a collation and a default value.
    public func column<V: Value>(
        _ name: Expression<V>, unique: Bool = false, check: BooleanExpression? = nil, defaultValue: V,
        collate: Collation
    ) where V.Datatype == String {
        add(
            name, V.declaredDatatype, nullable: false, unique: unique, check: check,
            defaultValue: bound(defaultValue), collate: collate)
    }

    // MARK: Optional columns

    /// A nullable column, optionally `UNIQUE`, with a `CHECK` and a default expression.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: BooleanExpression? = nil,
        defaultValue: Expression<V>? = nil
    ) {
        add(name, V.declaredDatatype, nullable: true, unique: unique, check: check, defaultValue: defaultValue)
    }

    /// A nullable column whose default is an optional expression:
    /// `t.column(nickname, defaultValue: name)` renders `"nickname" TEXT DEFAULT ("name")`.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: BooleanExpression? = nil,
        defaultValue: Expression<V?>
    ) {
        add(name, V.declaredDatatype, nullable: true, unique: unique, check: check, defaultValue: defaultValue)
    }

    /// A nullable column with a default value.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: BooleanExpression? = nil, defaultValue: V
    ) {
        add(name, V.declaredDatatype, nullable: true, unique: unique, check: check, defaultValue: bound(defaultValue))
    }

    /// A nullable column referencing another table's column: `"manager_id" INTEGER REFERENCES "users" ("id")`.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: BooleanExpression? = nil, references table: QueryType,
        _ other: Expression<V>
    ) {
        add(name, V.declaredDatatype, nullable: true, unique: unique, check: check, references: (table, other))
    }

    /// A nullable primary key column referencing another table's column.
    public func column<V: Value>(
        _ name: Expression<V?>, primaryKey: Bool, check: BooleanExpression? = nil, references table: QueryType,
        _ other: Expression<V>
    ) {
        add(
            name, V.declaredDatatype, primaryKey: primaryKey ? .default : nil, nullable: true, check: check,
            references: (table, other))
    }

    /// A nullable text column with a collation: `"name" TEXT COLLATE RTRIM`.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: BooleanExpression? = nil,
        defaultValue: Expression<V>? = nil, collate: Collation
    ) where V.Datatype == String {
        add(
            name, V.declaredDatatype, nullable: true, unique: unique, check: check, defaultValue: defaultValue,
            collate: collate)
    }

    /// A nullable text column with a collation and an optional default expression.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: BooleanExpression? = nil,
        defaultValue: Expression<V?>, collate: Collation
    ) where V.Datatype == String {
        add(
            name, V.declaredDatatype, nullable: true, unique: unique, check: check, defaultValue: defaultValue,
            collate: collate)
    }

    /// A nullable text column with a collation and a default value.
    public func column<V: Value>(
        _ name: Expression<V?>, unique: Bool = false, check: BooleanExpression? = nil, defaultValue: V,
        collate: Collation
    ) where V.Datatype == String {
        add(
            name, V.declaredDatatype, nullable: true, unique: unique, check: check,
            defaultValue: bound(defaultValue), collate: collate)
    }

    // MARK: - Table constraints

    /// `PRIMARY KEY ("a", "b")` over one or more columns (each may carry `.asc`/`.desc`).
    public func primaryKey(_ column: Expressible, _ more: Expressible...) {
        definitions.append("PRIMARY KEY (" + SQLText.join(", ", [column] + more).asSQL() + ")")
    }

    /// `UNIQUE ("a", "b")` over the columns.
    public func unique(_ columns: Expressible...) {
        unique(columns)
    }

    /// `UNIQUE (...)` over a list of columns.
    public func unique(_ columns: [Expressible]) {
        definitions.append("UNIQUE (" + SQLText.join(", ", columns).asSQL() + ")")
    }

    /// `CHECK (condition)`, wrapping the condition in parentheses of its own as SQLite.swift
    /// does: `t.check(balance >= 0)` renders `CHECK (("balance" >= 0.0))`.
    public func check(_ condition: BooleanExpression) {
        definitions.append("CHECK (" + condition.asSQL() + ")")
    }

    /// `FOREIGN KEY ("a") REFERENCES "t" ("b")` with optional `ON UPDATE`/`ON DELETE` actions.
    public func foreignKey<T: Value>(
        _ column: Expression<T>, references table: QueryType, _ other: Expression<T>,
        update: Dependency? = nil, delete: Dependency? = nil
    ) {
        foreignKey([column], references: table, [other], update: update, delete: delete)
    }

    /// A foreign key on a nullable column.
    public func foreignKey<T: Value>(
        _ column: Expression<T?>, references table: QueryType, _ other: Expression<T>,
        update: Dependency? = nil, delete: Dependency? = nil
    ) {
        foreignKey([column], references: table, [other], update: update, delete: delete)
    }

    /// A foreign key over two columns:
    /// `t.foreignKey((a, b), references: other, (x, y))` renders
    /// `FOREIGN KEY ("a", "b") REFERENCES "other" ("x", "y")`.
    public func foreignKey<T: Value, U: Value>(
        _ composite: (Expression<T>, Expression<U>), references table: QueryType,
        _ other: (Expression<T>, Expression<U>), update: Dependency? = nil, delete: Dependency? = nil
    ) {
        foreignKey(
            [composite.0, composite.1], references: table, [other.0, other.1], update: update, delete: delete)
    }

    /// A foreign key over three columns.
    public func foreignKey<T: Value, U: Value, V: Value>(
        _ composite: (Expression<T>, Expression<U>, Expression<V>), references table: QueryType,
        _ other: (Expression<T>, Expression<U>, Expression<V>), update: Dependency? = nil,
        delete: Dependency? = nil
    ) {
        foreignKey(
            [composite.0, composite.1, composite.2], references: table, [other.0, other.1, other.2],
            update: update, delete: delete)
    }

    /// A foreign key over a list of columns: `FOREIGN KEY ("a", "b") REFERENCES "t" ("x", "y")`.
    public func foreignKey(
        _ columns: [Expressible], references table: QueryType, _ others: [Expressible],
        update: Dependency? = nil, delete: Dependency? = nil
    ) {
        var text = "FOREIGN KEY (" + SQLText.join(", ", columns).asSQL() + ") REFERENCES "
        text += table.referenceName + " (" + SQLText.join(", ", others).asSQL() + ")"
        if let update { text += " ON UPDATE " + update.rawValue }
        if let delete { text += " ON DELETE " + delete.rawValue }
        definitions.append(text)
    }

    /// Adds one column definition, rendered in SQLite.swift's order: type, primary key, NOT NULL,
    /// UNIQUE, CHECK, DEFAULT, REFERENCES, COLLATE.
    func add<T>(
        _ name: Expression<T>, _ datatype: String, primaryKey: PrimaryKey? = nil, nullable: Bool,
        unique: Bool = false, check: Expressible?, defaultValue: Expressible? = nil,
        references: (table: QueryType, column: Expressible)? = nil, collate: Collation? = nil
    ) {
        var text = name.template + " " + datatype
        if let primaryKey { text += primaryKey == .autoincrement ? " PRIMARY KEY AUTOINCREMENT" : " PRIMARY KEY" }
        if !nullable { text += " NOT NULL" }
        if unique { text += " UNIQUE" }
        // A column check is written as SQLite.swift writes it: `CHECK ("age" > 0)`, the
        // condition's own parentheses enough; one without them (`NOT ...`) gets a pair.
        if let check { text += " CHECK " + SQLText.parenthesized(check.asSQL()) }
        if let defaultValue { text += " DEFAULT (" + defaultValue.asSQL() + ")" }
        if let references {
            text += " REFERENCES " + references.table.referenceName + " (" + references.column.expression.template + ")"
        }
        if let collate { text += " COLLATE " + collate.description }
        definitions.append(text)
    }
}

extension QueryType {
    /// The table as a `REFERENCES` clause names it: its alias or name, without its database
    /// (SQLite does not allow one there).
    var referenceName: String {
        SQLText.quote(clauses.from.alias ?? clauses.from.name)
    }
}

/// `PRIMARY KEY` or `PRIMARY KEY AUTOINCREMENT`, for ``TableBuilder/column(_:primaryKey:check:)``.
public enum PrimaryKey: Sendable {
    /// `PRIMARY KEY`.
    case `default`
    /// `PRIMARY KEY AUTOINCREMENT` (integer primary keys only).
    case autoincrement
}
