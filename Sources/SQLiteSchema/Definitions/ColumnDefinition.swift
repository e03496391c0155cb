/// A column of a table, as read by ``SchemaReader/columnDefinitions(table:)`` or written for
/// ``SchemaChanger``.
///
/// ```swift
/// let email = ColumnDefinition(name: "email", type: .TEXT, nullable: false, unique: true,
///                              defaultValue: .stringLiteral(""), collation: "NOCASE")
/// email.toSQL()   // "email" TEXT DEFAULT '' NOT NULL UNIQUE COLLATE "NOCASE"
/// ```
///
/// Two definitions are equal when SQLite.swift would call them equal: same ``name``,
/// ``primaryKey``, ``type``, ``nullable``, ``unique``, ``defaultValue`` and ``references``. The
/// details beyond those (``declaredType``, ``collation``, ``generated``, ``hidden``, ``checks``)
/// are not compared: `ColumnDefinition(name: "created", type: .NUMERIC)` equals the column read
/// from `created DATETIME`.
public struct ColumnDefinition: Equatable, Hashable, Sendable {
    /// The type affinity SQLite gives a column from its declared type: the storage class it
    /// prefers for the values stored in it.
    public enum Affinity: String, Equatable, Hashable, Sendable, CaseIterable, CustomStringConvertible {
        /// Prefers 64-bit integers (declared types containing `INT`).
        case INTEGER
        /// Prefers integers or reals when the text looks like a number (`NUMERIC`, `DECIMAL`,
        /// `BOOLEAN`, `DATE`, ... and anything unrecognised).
        case NUMERIC
        /// Prefers floating point (`REAL`, `FLOAT`, `DOUBLE`).
        case REAL
        /// Prefers text (`CHAR`, `CLOB`, `TEXT`).
        case TEXT
        /// Stores values as given (`BLOB` or no declared type).
        case BLOB

        /// The affinity SQLite derives from `declaredType`, by its rules in order: `INT` gives
        /// INTEGER; `CHAR`, `CLOB` or `TEXT` give TEXT; `BLOB` or nothing gives BLOB; `REAL`,
        /// `FLOA` or `DOUB` give REAL; anything else NUMERIC.
        ///
        /// ```swift
        /// ColumnDefinition.Affinity(declaredType: "VARCHAR(80)")       // .TEXT
        /// ColumnDefinition.Affinity(declaredType: "FLOATING POINT")    // .INTEGER ("POINT" holds INT)
        /// ```
        public init(declaredType: String) {
            let type = declaredType.uppercased()
            if type.contains("INT") {
                self = .INTEGER
            } else if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") {
                self = .TEXT
            } else if type.contains("BLOB") || type.trimmingSQLWhitespace().isEmpty {
                self = .BLOB
            } else if type.contains("REAL") || type.contains("FLOA") || type.contains("DOUB") {
                self = .REAL
            } else {
                self = .NUMERIC
            }
        }

        /// The affinity's name, e.g. `INTEGER`.
        public var description: String { rawValue }
    }

    /// What SQLite does when a constraint of the column is violated (`ON CONFLICT`).
    public enum OnConflict: String, Equatable, Hashable, Sendable, CaseIterable {
        /// Roll back the whole transaction.
        case ROLLBACK
        /// Undo the statement and fail (SQLite's default).
        case ABORT
        /// Fail, keeping the statement's earlier changes.
        case FAIL
        /// Skip the offending row.
        case IGNORE
        /// Delete the conflicting rows, then insert.
        case REPLACE
    }

    /// The column's part in the table's primary key.
    ///
    /// Keys compare as in SQLite.swift, by ``autoIncrement`` and ``onConflict`` only: the
    /// second column of a composite key equals `PrimaryKey(autoIncrement: false)`, whatever its
    /// ``position``.
    public struct PrimaryKey: Equatable, Hashable, Sendable {
        /// Whether the key is `AUTOINCREMENT` (rowids are never reused).
        public var autoIncrement: Bool
        /// The key's conflict clause, if any.
        public var onConflict: OnConflict?
        /// The column's 1-based position in the primary key: 1 for a one-column key; 1, 2, ...
        /// for the columns of a composite key.
        public var position: Int
        /// Whether the key is declared `DESC` (a one-column key only).
        public var descending: Bool

        /// A one-column primary key, `AUTOINCREMENT` unless told otherwise (as in SQLite.swift).
        ///
        /// ```swift
        /// ColumnDefinition.PrimaryKey().toSQL()                      // PRIMARY KEY AUTOINCREMENT
        /// ColumnDefinition.PrimaryKey(autoIncrement: false).toSQL()  // PRIMARY KEY
        /// ```
        public init(autoIncrement: Bool = true, onConflict: OnConflict? = nil) {
            self.init(autoIncrement: autoIncrement, onConflict: onConflict, position: 1, descending: false)
        }

        /// The column's part in a composite primary key: its 1-based `position` in the key.
        ///
        /// ```swift
        /// ColumnDefinition(name: "tag", primaryKey: .init(position: 2), type: .TEXT)
        /// ```
        public init(position: Int, descending: Bool = false, onConflict: OnConflict? = nil) {
            self.init(autoIncrement: false, onConflict: onConflict, position: position, descending: descending)
        }

        /// A primary key part with every property given.
        public init(autoIncrement: Bool, onConflict: OnConflict?, position: Int, descending: Bool) {
            self.autoIncrement = autoIncrement
            self.onConflict = onConflict
            self.position = position
            self.descending = descending
        }

        /// Whether two keys have the same ``autoIncrement`` and ``onConflict``.
        public static func == (lhs: PrimaryKey, rhs: PrimaryKey) -> Bool {
            lhs.autoIncrement == rhs.autoIncrement && lhs.onConflict == rhs.onConflict
        }

        /// Hashes what `==` compares.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(autoIncrement)
            hasher.combine(onConflict)
        }

        /// The column constraint, e.g. `PRIMARY KEY AUTOINCREMENT`.
        public func toSQL() -> String {
            var sql = "PRIMARY KEY"
            if descending { sql += " DESC" }
            if let onConflict { sql += " ON CONFLICT \(onConflict.rawValue)" }
            if autoIncrement { sql += " AUTOINCREMENT" }
            return sql
        }
    }

    /// A generated column's expression and how its values are kept.
    public struct Generated: Equatable, Hashable, Sendable {
        /// The expression computing the value, as written (without the parentheses around it).
        public var expression: String
        /// `true` for `STORED` (computed on write, kept in the table), `false` for `VIRTUAL`
        /// (computed on read).
        public var stored: Bool

        /// A generated column computing `expression`.
        public init(expression: String, stored: Bool = false) {
            self.expression = expression
            self.stored = stored
        }

        /// The column constraint, e.g. `GENERATED ALWAYS AS (price * qty) STORED`.
        public func toSQL() -> String {
            "GENERATED ALWAYS AS (\(expression)) \(stored ? "STORED" : "VIRTUAL")"
        }
    }

    /// The column's name.
    public var name: String
    /// The column's part in the primary key, `nil` when it takes none.
    public var primaryKey: PrimaryKey?
    /// The affinity SQLite derives from ``declaredType``.
    public var type: Affinity
    /// The type exactly as declared, e.g. `VARCHAR(80)`; empty when none was declared.
    public var declaredType: String
    /// Whether NULL is allowed (no `NOT NULL` constraint).
    public var nullable: Bool
    /// Whether the column carries a one-column `UNIQUE` constraint.
    public var unique: Bool
    /// The default value; ``LiteralValue/NULL`` when there is none.
    public var defaultValue: LiteralValue
    /// The column's one-column foreign key, if any (a column of a multi-column key has none
    /// here: see ``TableDefinition/foreignKeys``).
    public var references: ForeignKey?
    /// The collation for comparing the column's text (`BINARY`, `NOCASE`, `RTRIM`, or a custom
    /// one); `nil` when none was declared (SQLite then uses `BINARY`).
    public var collation: String?
    /// The expression of a generated column, `nil` for an ordinary one.
    public var generated: Generated?
    /// Whether the column is a hidden column of a virtual table.
    public var hidden: Bool
    /// The expressions of the `CHECK` constraints written on the column itself.
    public var checks: [String]

    /// A column definition. The declared type defaults to the affinity's name.
    ///
    /// ```swift
    /// let id = ColumnDefinition(name: "id", primaryKey: .init(autoIncrement: true), type: .INTEGER)
    /// id.toSQL()   // "id" INTEGER PRIMARY KEY AUTOINCREMENT
    /// ```
    public init(
        name: String, primaryKey: PrimaryKey? = nil, type: Affinity, declaredType: String? = nil,
        nullable: Bool = true, unique: Bool = false, defaultValue: LiteralValue = .NULL,
        references: ForeignKey? = nil, collation: String? = nil, generated: Generated? = nil,
        hidden: Bool = false, checks: [String] = []
    ) {
        self.name = name
        self.primaryKey = primaryKey
        self.type = type
        self.declaredType = declaredType ?? type.rawValue
        self.nullable = nullable
        self.unique = unique
        self.defaultValue = defaultValue
        self.references = references
        self.collation = collation
        self.generated = generated
        self.hidden = hidden
        self.checks = checks
    }

    /// A column declared with the type `declaredType`, its affinity derived as SQLite does.
    ///
    /// ```swift
    /// ColumnDefinition(name: "price", declaredType: "DECIMAL(10,2)").type   // .NUMERIC
    /// ```
    public init(
        name: String, declaredType: String, primaryKey: PrimaryKey? = nil, nullable: Bool = true,
        unique: Bool = false, defaultValue: LiteralValue = .NULL, references: ForeignKey? = nil,
        collation: String? = nil, generated: Generated? = nil
    ) {
        self.init(
            name: name, primaryKey: primaryKey, type: Affinity(declaredType: declaredType), declaredType: declaredType,
            nullable: nullable, unique: unique, defaultValue: defaultValue, references: references,
            collation: collation, generated: generated)
    }

    /// Whether two definitions have the same name, primary key, affinity, nullability,
    /// uniqueness, default value and foreign key (what SQLite.swift compares).
    public static func == (lhs: ColumnDefinition, rhs: ColumnDefinition) -> Bool {
        lhs.name == rhs.name && lhs.primaryKey == rhs.primaryKey && lhs.type == rhs.type
            && lhs.nullable == rhs.nullable && lhs.unique == rhs.unique && lhs.defaultValue == rhs.defaultValue
            && lhs.references == rhs.references
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(primaryKey)
        hasher.combine(type)
        hasher.combine(nullable)
        hasher.combine(unique)
        hasher.combine(defaultValue)
        hasher.combine(references)
    }

    /// The column definition as written in `CREATE TABLE` or `ALTER TABLE ADD COLUMN`: the
    /// name, the declared type and `DEFAULT`, then the constraints, in SQLite.swift's order.
    ///
    /// ```swift
    /// ColumnDefinition(name: "age", type: .INTEGER, nullable: false, defaultValue: .numericLiteral("0"))
    ///     .toSQL()   // "age" INTEGER DEFAULT 0 NOT NULL
    /// ```
    public func toSQL() -> String {
        toSQL(inlinePrimaryKey: true)
    }

    /// The column definition, with or without its `PRIMARY KEY` clause (left out when the
    /// table writes a composite key as a table constraint).
    func toSQL(inlinePrimaryKey: Bool) -> String {
        var parts = [name.quotedIdentifier]
        if !declaredType.isEmpty { parts.append(declaredType) }
        if defaultValue != .NULL { parts.append("DEFAULT \(defaultValue)") }
        if inlinePrimaryKey, let primaryKey { parts.append(primaryKey.toSQL()) }
        if !nullable { parts.append("NOT NULL") }
        if unique { parts.append("UNIQUE") }
        parts += checks.map { "CHECK (\($0))" }
        if let collation { parts.append("COLLATE \(collation.quotedIdentifier)") }
        if let references { parts.append(references.toSQL()) }
        if let generated { parts.append(generated.toSQL()) }
        return parts.joined(separator: " ")
    }
}
