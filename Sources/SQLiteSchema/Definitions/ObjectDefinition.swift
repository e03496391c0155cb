/// One row of a schema table (`sqlite_schema`): a table, index, view or trigger, with its SQL.
///
/// ```swift
/// for trigger in try db.schema.objectDefinitions(type: .trigger) {
///     print(trigger.name, "on", trigger.tableName, trigger.sql ?? "")
/// }
/// ```
public struct ObjectDefinition: Equatable, Hashable, Sendable {
    /// The kind of schema object.
    public enum ObjectType: String, Equatable, Hashable, Sendable, CaseIterable {
        /// A table (virtual tables included).
        case table
        /// An index.
        case index
        /// A view.
        case view
        /// A trigger.
        case trigger
    }

    /// The kind of object.
    public var type: ObjectType
    /// The object's name.
    public var name: String
    /// The table the object belongs to: the table itself, the indexed table, the trigger's
    /// table or view, or the view itself.
    public var tableName: String
    /// The root b-tree page of a table or index; 0 for views, triggers and virtual tables.
    public var rootpage: Int64
    /// The SQL that created the object; `nil` for indexes SQLite made for constraints.
    public var sql: String?

    /// An object definition.
    public init(type: ObjectType, name: String, tableName: String, rootpage: Int64 = 0, sql: String? = nil) {
        self.type = type
        self.name = name
        self.tableName = tableName
        self.rootpage = rootpage
        self.sql = sql
    }

    /// Whether SQLite made the object itself (an `sqlite_` name, or no SQL).
    public var isInternal: Bool {
        name.hasPrefix("sqlite_") || sql == nil
    }

    /// The SQL that created the object, empty when there is none.
    public func toSQL() -> String { sql ?? "" }
}
