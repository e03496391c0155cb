/// What an SQL statement being prepared is about to do, as ``Connection/authorizer(_:)``
/// sees it: one case for each of SQLite's action codes, with the action's arguments.
public enum AuthorizerAction: Sendable, Hashable {
    /// `SQLITE_CREATE_INDEX`.
    case createIndex(index: String, table: String)
    /// `SQLITE_CREATE_TABLE`.
    case createTable(table: String)
    /// `SQLITE_CREATE_TEMP_INDEX`.
    case createTempIndex(index: String, table: String)
    /// `SQLITE_CREATE_TEMP_TABLE`.
    case createTempTable(table: String)
    /// `SQLITE_CREATE_TEMP_TRIGGER`.
    case createTempTrigger(trigger: String, table: String)
    /// `SQLITE_CREATE_TEMP_VIEW`.
    case createTempView(view: String)
    /// `SQLITE_CREATE_TRIGGER`.
    case createTrigger(trigger: String, table: String)
    /// `SQLITE_CREATE_VIEW`.
    case createView(view: String)
    /// `SQLITE_DELETE`: rows are deleted from `table`.
    case delete(table: String)
    /// `SQLITE_DROP_INDEX`.
    case dropIndex(index: String, table: String)
    /// `SQLITE_DROP_TABLE`.
    case dropTable(table: String)
    /// `SQLITE_DROP_TEMP_INDEX`.
    case dropTempIndex(index: String, table: String)
    /// `SQLITE_DROP_TEMP_TABLE`.
    case dropTempTable(table: String)
    /// `SQLITE_DROP_TEMP_TRIGGER`.
    case dropTempTrigger(trigger: String, table: String)
    /// `SQLITE_DROP_TEMP_VIEW`.
    case dropTempView(view: String)
    /// `SQLITE_DROP_TRIGGER`.
    case dropTrigger(trigger: String, table: String)
    /// `SQLITE_DROP_VIEW`.
    case dropView(view: String)
    /// `SQLITE_INSERT`: rows are inserted into `table`.
    case insert(table: String)
    /// `SQLITE_PRAGMA`: `PRAGMA name` or `PRAGMA name = argument`.
    case pragma(name: String, argument: String?)
    /// `SQLITE_READ`: `column` of `table` is read (an empty column name when no particular
    /// column is, as for `count(*)`). ``AuthorizerResult/ignore`` reads `NULL` instead.
    case read(table: String, column: String)
    /// `SQLITE_SELECT`: a `SELECT` (also each subquery).
    case select
    /// `SQLITE_TRANSACTION`: `BEGIN`, `COMMIT` or `ROLLBACK`.
    case transaction(operation: String)
    /// `SQLITE_UPDATE`: `column` of `table` is updated. ``AuthorizerResult/ignore`` leaves it
    /// unchanged.
    case update(table: String, column: String)
    /// `SQLITE_ATTACH`: the file (or URI) attached.
    case attach(file: String)
    /// `SQLITE_DETACH`: the schema name detached.
    case detach(database: String)
    /// `SQLITE_ALTER_TABLE`.
    case alterTable(database: String, table: String)
    /// `SQLITE_REINDEX`.
    case reindex(index: String)
    /// `SQLITE_ANALYZE`.
    case analyze(table: String)
    /// `SQLITE_CREATE_VTABLE`.
    case createVTable(table: String, module: String)
    /// `SQLITE_DROP_VTABLE`.
    case dropVTable(table: String, module: String)
    /// `SQLITE_FUNCTION`: the SQL function `name` is called.
    case function(name: String)
    /// `SQLITE_SAVEPOINT`: `BEGIN`, `RELEASE` or `ROLLBACK` of the savepoint `name`.
    case savepoint(operation: String, name: String)
    /// `SQLITE_RECURSIVE`: a recursive common table expression.
    case recursive
    /// An action code this package does not know (a newer SQLite's), with its two arguments.
    case unknown(code: Int32, first: String?, second: String?)

    /// The action for SQLite's code and its two text arguments.
    init(code: Int32, _ first: String?, _ second: String?) {
        let a = first ?? ""
        let b = second ?? ""
        switch code {
        case SQLITE_CREATE_INDEX: self = .createIndex(index: a, table: b)
        case SQLITE_CREATE_TABLE: self = .createTable(table: a)
        case SQLITE_CREATE_TEMP_INDEX: self = .createTempIndex(index: a, table: b)
        case SQLITE_CREATE_TEMP_TABLE: self = .createTempTable(table: a)
        case SQLITE_CREATE_TEMP_TRIGGER: self = .createTempTrigger(trigger: a, table: b)
        case SQLITE_CREATE_TEMP_VIEW: self = .createTempView(view: a)
        case SQLITE_CREATE_TRIGGER: self = .createTrigger(trigger: a, table: b)
        case SQLITE_CREATE_VIEW: self = .createView(view: a)
        case SQLITE_DELETE: self = .delete(table: a)
        case SQLITE_DROP_INDEX: self = .dropIndex(index: a, table: b)
        case SQLITE_DROP_TABLE: self = .dropTable(table: a)
        case SQLITE_DROP_TEMP_INDEX: self = .dropTempIndex(index: a, table: b)
        case SQLITE_DROP_TEMP_TABLE: self = .dropTempTable(table: a)
        case SQLITE_DROP_TEMP_TRIGGER: self = .dropTempTrigger(trigger: a, table: b)
        case SQLITE_DROP_TEMP_VIEW: self = .dropTempView(view: a)
        case SQLITE_DROP_TRIGGER: self = .dropTrigger(trigger: a, table: b)
        case SQLITE_DROP_VIEW: self = .dropView(view: a)
        case SQLITE_INSERT: self = .insert(table: a)
        case SQLITE_PRAGMA: self = .pragma(name: a, argument: second)
        case SQLITE_READ: self = .read(table: a, column: b)
        case SQLITE_SELECT: self = .select
        case SQLITE_TRANSACTION: self = .transaction(operation: a)
        case SQLITE_UPDATE: self = .update(table: a, column: b)
        case SQLITE_ATTACH: self = .attach(file: a)
        case SQLITE_DETACH: self = .detach(database: a)
        case SQLITE_ALTER_TABLE: self = .alterTable(database: a, table: b)
        case SQLITE_REINDEX: self = .reindex(index: a)
        case SQLITE_ANALYZE: self = .analyze(table: a)
        case SQLITE_CREATE_VTABLE: self = .createVTable(table: a, module: b)
        case SQLITE_DROP_VTABLE: self = .dropVTable(table: a, module: b)
        // SQLite passes the function's name second.
        case SQLITE_FUNCTION: self = .function(name: b)
        case SQLITE_SAVEPOINT: self = .savepoint(operation: a, name: b)
        case SQLITE_RECURSIVE: self = .recursive
        default: self = .unknown(code: code, first: first, second: second)
        }
    }
}

/// One question put to ``Connection/authorizer(_:)``: an action, the schema it touches and
/// the trigger or view that does it.
public struct AuthorizerRequest: Sendable, Hashable {
    /// What the statement is about to do.
    public var action: AuthorizerAction
    /// The schema involved (`main`, `temp`, an attached database's name), when there is one.
    public var database: String?
    /// The innermost trigger or view whose code does the action; nil when the statement
    /// itself does it.
    public var accessor: String?

    /// A request, for tests of an authorizer.
    public init(action: AuthorizerAction, database: String? = nil, accessor: String? = nil) {
        self.action = action
        self.database = database
        self.accessor = accessor
    }
}

/// An authorizer's answer (`SQLITE_OK`, `SQLITE_DENY`, `SQLITE_IGNORE`).
public enum AuthorizerResult: Sendable, Hashable {
    /// The action is allowed.
    case allow
    /// The statement fails to prepare, with `SQLITE_AUTH`.
    case deny
    /// The action is dropped without an error: a column read reads `NULL`, a column update
    /// leaves it unchanged, a `DELETE` still deletes but row by row (no truncate
    /// optimization); for other actions SQLite skips what it can (an `INSERT` inserts nothing).
    case ignore

    var code: Int32 {
        switch self {
        case .allow: SQLITE_OK
        case .deny: SQLITE_DENY
        case .ignore: SQLITE_IGNORE
        }
    }
}
