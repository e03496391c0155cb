import Foundation

/// A column declared in ``Record/columns``, for what the derived definition lacks: a type,
/// `PRIMARY KEY AUTOINCREMENT`, `UNIQUE`, `NOT NULL` (or its absence), `DEFAULT`, `CHECK`,
/// `COLLATE`, `REFERENCES`. Properties not declared keep their derived column.
///
/// ```swift
/// struct Book: Record {
///     var id: Int64 = 0
///     var authorID: Int64
///     var title: String
///     var pages: Int
///
///     static let columnMapping = ["authorID": "author_id"]
///     static var columns: [RecordColumn] {
///         [RecordColumn("id", autoIncrement: true),
///          RecordColumn("authorID", references: .record(Author.self, onDelete: .cascade)),
///          RecordColumn("title", unique: true, collate: .nocase),
///          RecordColumn("pages", defaultValue: .value(1), check: SQLExpression<Int>("pages") > 0)]
///     }
/// }
/// ```
///
/// A column is named as in the table, or by its property (mapped as the record maps it).
/// The primary key is always the column of ``Record/primaryKey``: declaring `primaryKey: true`
/// on another column throws, and `autoIncrement` needs an auto-increment key.
public struct RecordColumn: Sendable {
    /// A column's declared SQL type.
    public struct SQLType: RawRepresentable, Sendable, Hashable, ExpressibleByStringLiteral {
        /// The type as written in `CREATE TABLE`.
        public var rawValue: String

        /// A type named `rawValue` (`"VARCHAR(20)"`, `"DATETIME"`...).
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// A type written as a string literal: `type: "DATETIME"`.
        public init(stringLiteral value: String) {
            self.init(rawValue: value)
        }

        /// `INTEGER`.
        public static let integer = SQLType(rawValue: "INTEGER")
        /// `REAL`.
        public static let real = SQLType(rawValue: "REAL")
        /// `TEXT`.
        public static let text = SQLType(rawValue: "TEXT")
        /// `BLOB`.
        public static let blob = SQLType(rawValue: "BLOB")
        /// `NUMERIC`.
        public static let numeric = SQLType(rawValue: "NUMERIC")
        /// `BOOLEAN`.
        public static let boolean = SQLType(rawValue: "BOOLEAN")
    }

    /// A column's `DEFAULT`: a value (written as a literal, as the record stores it) or an expression.
    public struct Default: Sendable {
        enum Kind: Sendable {
            case value((any Encodable & Sendable)?)
            case expression(String)
        }

        let kind: Kind

        /// A constant value, stored as the record stores its property (a date by the date
        /// strategy...), written as an SQL literal: `DEFAULT 'Anonymous'`.
        public static func value(_ value: (any Encodable & Sendable)?) -> Default {
            Default(kind: .value(value))
        }

        /// An expression, its values written as literals: `DEFAULT (strftime('%s', 'now'))`.
        /// `ALTER TABLE ADD COLUMN` cannot add a column with such a default.
        public static func expression(_ expression: Expressible) -> Default {
            Default(kind: .expression(expression.asSQL()))
        }

        /// SQL of your own, written as it is between parentheses: `.sql("CURRENT_TIMESTAMP")`.
        /// Never build it from user input.
        public static func sql(_ sql: String) -> Default {
            Default(kind: .expression(sql))
        }
    }

    /// The column, or its property.
    public var name: String
    /// The SQL type; nil for the derived one.
    public var type: SQLType?
    /// Whether the column is the primary key (it must be ``Record/primaryKey``'s column, which
    /// is the primary key anyway).
    public var primaryKey: Bool
    /// `PRIMARY KEY AUTOINCREMENT`: SQLite never reuses the key of a deleted row. Needs an
    /// auto-increment ``Record/primaryKey`` in this column.
    public var autoIncrement: Bool
    /// `UNIQUE`.
    public var unique: Bool
    /// `NOT NULL` (`true`), nullable (`false`), or derived from the property's optionality (nil).
    public var notNull: Bool?
    /// The `DEFAULT`, if any.
    public var defaultValue: Default?
    /// The `CHECK` condition as SQL, if any.
    public var check: String?
    /// The `COLLATE` sequence, if any.
    public var collation: Collation?
    /// The `REFERENCES` clause, if any.
    public var references: RecordForeignKey?

    /// A column declaration; every argument but the name defaults to the derived definition.
    ///
    /// `check` takes a typed condition (its values written as literals), `checkSQL` SQL of
    /// your own (never built from user input); both given, both apply.
    public init(
        _ name: String, type: SQLType? = nil, primaryKey: Bool = false, autoIncrement: Bool = false,
        unique: Bool = false, notNull: Bool? = nil, defaultValue: Default? = nil, check: (any BooleanExpression)? = nil,
        checkSQL: String? = nil, collate: Collation? = nil, references: RecordForeignKey? = nil
    ) {
        self.name = name
        self.type = type
        self.primaryKey = primaryKey || autoIncrement
        self.autoIncrement = autoIncrement
        self.unique = unique
        self.notNull = notNull
        self.defaultValue = defaultValue
        let conditions = [check?.asSQL(), checkSQL].compactMap { $0 }
        self.check =
            conditions.isEmpty
            ? nil : conditions.count == 1 ? conditions[0] : conditions.map { "(\($0))" }.joined(separator: " AND ")
        self.collation = collate
        self.references = references
    }
}
