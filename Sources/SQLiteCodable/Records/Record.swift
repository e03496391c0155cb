import Foundation

/// A Codable type stored as the rows of one table: declare it, and the connection saves,
/// finds, updates, deletes, counts and creates its table.
///
/// ```swift
/// struct Item: Record {
///     var id: Int64 = 0                // 0 (or nil) means "not inserted yet"
///     var name: String
///     var price: Double
/// }
/// try db.createTable(for: Item.self)
/// var item = Item(name: "Pen", price: 1.5)
/// try db.save(&item)                   // INSERT; item.id is now the new rowid
/// let pen = try Item.find(item.id, in: db)
/// ```
///
/// Every requirement has a default: the table is the type name in snake case (`Item` →
/// `"item"`), the primary key an auto-increment `"id"`, keys are used as column names, and
/// no timestamps are kept.
public protocol Record: Codable {
    /// The table's name. Default: the type name in snake case (`TodoItem` → `"todo_item"`).
    static var tableName: String { get }

    /// The primary key column and whether SQLite assigns it. Default: `.autoIncrement("id")`.
    static var primaryKey: RecordKey { get }

    /// Column names for coding keys that are not stored under their own (or strategy-converted)
    /// name: `["displayName": "name"]`. Default: none.
    static var columnMapping: [String: String] { get }

    /// Key and date strategies for the record's columns. Default: ``CodingOptions/init(keyEncodingStrategy:keyDecodingStrategy:dateStrategy:nilEncodingStrategy:)``.
    static var codingOptions: CodingOptions { get }

    /// Whether the table keeps `created_at` and `updated_at` columns, set on insert and on each
    /// update (declare `createdAt`/`updatedAt` properties, with the snake-case options or a
    /// mapping, to read them). Default: `false`.
    static var timestamps: Bool { get }

    /// The database of this type's calls that name none (`try item.save()`,
    /// `Item.findAll()`), before ``databaseName`` and the default. Default: `nil`.
    ///
    /// ```swift
    /// struct AuditEntry: Record {
    ///     static let database: RecordDatabase? = RecordDatabase(auditQueue)
    ///     ...
    /// }
    /// ```
    static var database: RecordDatabase? { get }

    /// The name of the registered database (``RecordDatabase/register(_:named:)-(Connection,_)``)
    /// of this type's calls that name none, when ``database`` is nil. Default: `nil`, the
    /// default database.
    static var databaseName: String? { get }

    /// Whether the first use of the type on a connection creates its table, or adds the
    /// columns and indexes it lacks (see `Connection.syncTable(for:)`). Default: `false`.
    static var createsTableOnFirstUse: Bool { get }

    /// Declarations of columns that need more than their derived definition: a type, a
    /// `UNIQUE`, `DEFAULT`, `CHECK`, `COLLATE`, a foreign key... Properties not declared keep
    /// their derived column. Default: none.
    ///
    /// ```swift
    /// static var columns: [RecordColumn] {
    ///     [RecordColumn("email", unique: true, collate: .nocase),
    ///      RecordColumn("authorID", references: .record(Author.self, onDelete: .cascade))]
    /// }
    /// ```
    static var columns: [RecordColumn] { get }

    /// The indexes of the table, created with it (and by `Connection.syncTable(for:)`). Default: none.
    static var indexes: [RecordIndex] { get }

    /// The ``Stored`` `NSNumber` properties kept as `REAL` (ActiveSQLite's `doubleTypes()`),
    /// by property (coding key) name; every other stored `NSNumber` is an `INTEGER`. Names of
    /// other properties are ignored. Default: none.
    ///
    /// ```swift
    /// struct Product: Record {
    ///     var id: Int64 = 0
    ///     @Stored var price: NSNumber = 0      // REAL
    ///     @Stored var stock: NSNumber = 0      // INTEGER
    ///     static let doubleProperties = ["price"]
    /// }
    /// ```
    static var doubleProperties: [String] { get }
}

extension Record {
    /// The type name in snake case.
    public static var tableName: String { SnakeCase.convert("\(Self.self)") }

    /// `.autoIncrement("id")`.
    public static var primaryKey: RecordKey { .autoIncrement() }

    /// No mapping.
    public static var columnMapping: [String: String] { [:] }

    /// Default options.
    public static var codingOptions: CodingOptions { CodingOptions() }

    /// No timestamps.
    public static var timestamps: Bool { false }

    /// None: ``databaseName``, or the default database.
    public static var database: RecordDatabase? { nil }

    /// None: the default database.
    public static var databaseName: String? { nil }

    /// `false`: the table is created by ``Connection/createTable(for:ifNotExists:)`` or by you.
    public static var createsTableOnFirstUse: Bool { false }

    /// No declarations: every column is derived from its property.
    public static var columns: [RecordColumn] { [] }

    /// No indexes.
    public static var indexes: [RecordIndex] { [] }

    /// None: every ``Stored`` `NSNumber` is an `INTEGER`.
    public static var doubleProperties: [String] { [] }

    /// The record's table, for typed-tier queries: `Item.table.filter(price > 10)`.
    public static var table: Table { Table(tableName) }

    /// A column of the record's table qualified with the table's name (`"item"."price"`), for
    /// joins: `Item.column("price") as SQLExpression<Double>`.
    public static func column<V>(_ name: String) -> SQLExpression<V> {
        Expression(tableName.quotedIdentifier + "." + name.quotedIdentifier, [])
    }

    /// The join condition of a foreign key: this record's `column` holds the primary key of
    /// `parent`. `Book.foreignKey("author_id", to: Author.self)` is
    /// `("book"."author_id" = "author"."id")`.
    public static func foreignKey<Parent: Record>(_ column: String, to parent: Parent.Type) -> SQLExpression<Bool> {
        Expression(
            "(" + tableName.quotedIdentifier + "." + column.quotedIdentifier + " = "
                + Parent.tableName.quotedIdentifier + "." + Parent.primaryKey.column.quotedIdentifier + ")", [])
    }
}

/// The primary key of a ``Record``.
public struct RecordKey: Sendable, Equatable {
    /// The key's column name.
    public var column: String

    /// Whether SQLite assigns the key (an `INTEGER PRIMARY KEY`): a record whose key is 0 or
    /// nil (or ``newRecordMarker``) is new, and inserting it assigns the new rowid.
    public var isAutoIncrement: Bool

    /// A key value that also means "not saved yet" for an auto-increment key, besides 0 and
    /// nil: -1 for SQLiteDB's `SQLTable` models (`var id = -1`). Default: none.
    public var newRecordMarker: Int64?

    /// An `INTEGER PRIMARY KEY` that SQLite assigns, in `column` (default `"id"`): a record whose
    /// key is 0 or nil is new. With a `newRecordMarker`, that value also means "not saved yet":
    /// saving such a record inserts it and sets its key to the new rowid. SQLiteDB's convention
    /// is -1:
    ///
    /// ```swift
    /// struct Category: Record {
    ///     static let primaryKey = RecordKey.autoIncrement("id", newRecordMarker: -1)
    ///     var id = -1
    ///     var name = ""
    /// }
    /// var category = Category(name: "Tools")
    /// try category.save()        // INSERT; category.id is the new rowid
    /// try category.save()        // UPDATE ... WHERE "id" = ?
    /// ```
    public static func autoIncrement(_ column: String = "id", newRecordMarker: Int64? = nil) -> RecordKey {
        RecordKey(column: column, isAutoIncrement: true, newRecordMarker: newRecordMarker)
    }

    /// A key the record sets itself (a code, a UUID...), in `column`.
    public static func column(_ column: String) -> RecordKey {
        RecordKey(column: column, isAutoIncrement: false, newRecordMarker: nil)
    }
}

/// Errors of record operations that SQLite itself does not report.
public enum RecordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The record's encoded columns have no primary key column.
    case missingPrimaryKey(type: String, column: String)
    /// The table for a record type cannot be derived from the type (or its declarations).
    case schema(type: String, reason: String)
    /// A call that names no database found none: no default database was set, or no database
    /// is registered under `name` (the type's ``Record/databaseName``).
    case noDatabase(type: String, name: String?)
    /// A column named in an update, a finder or an order is not a column of the table (nor a
    /// property mapped to one). Nothing was run.
    case unknownColumn(type: String, table: String, column: String)
    /// `ALTER TABLE ADD COLUMN` cannot add the declared column to an existing table. Nothing was changed.
    case unsupportedAlteration(type: String, table: String, column: String, reason: String)
    /// The table of a type that creates its table on first use is missing (or lacks columns
    /// or indexes) on a connection that only reads: a queue's `read`, a read that began before a
    /// pool's writer made the table, or a database opened read-only. Nothing was changed.
    case tableNotSynced(type: String, table: String)

    /// A readable explanation naming the record type.
    public var description: String {
        switch self {
        case .missingPrimaryKey(let type, let column):
            "\(type) has no value for its primary key column \"\(column)\""
        case .schema(let type, let reason):
            "cannot derive a table for \(type): \(reason)"
        case .noDatabase(let type, nil):
            "no default database for \(type): call RecordDatabase.setDefault(_:), or give the type a database"
        case .noDatabase(let type, let name?):
            "no database registered as \"\(name)\" (the databaseName of \(type)): call RecordDatabase.register(_:named:)"
        case .unknownColumn(let type, let table, let column):
            "\"\(column)\" is not a column of table \"\(table)\" (\(type)), nor a property mapped to one"
        case .unsupportedAlteration(let type, let table, let column, let reason):
            "cannot add column \"\(column)\" of \(type) to the existing table \"\(table)\": \(reason)"
        case .tableNotSynced(let type, let table):
            "the table \"\(table)\" of \(type) is missing or incomplete, and this connection only reads (inside a "
                + "read of a queue, a pool read that began before the table was made, or a read-only database), so it "
                + "cannot create it: call syncTable(for: \(type).self) or \(type).syncTable(), or use \(type) once in "
                + "a write, before reading it inside read"
        }
    }
}
