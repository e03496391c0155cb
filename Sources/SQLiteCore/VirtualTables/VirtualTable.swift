/// A virtual table written in Swift: an object SQLite queries through a ``VirtualTableCursor``.
///
/// A module registered with ``Connection/createModule(_:kind:_:)`` makes one table object per
/// `CREATE VIRTUAL TABLE` (or, for an eponymous module, one per connection that names it). The
/// table declares its columns, plans each query in ``bestIndex(_:)`` and opens cursors:
///
/// ```swift
/// final class Squares: VirtualTable {
///     let declaration = "CREATE TABLE x(n INTEGER, square INTEGER)"
///     func bestIndex(_ info: inout IndexInfo) throws { info.estimatedRows = 10 }
///     func openCursor() throws -> some VirtualTableCursor { SquaresCursor() }
/// }
/// ```
///
/// SQLite calls a table on the thread stepping the statement, with the connection's lock held,
/// so a table needs no locking of its own unless it shares state with other connections. The
/// table object lives from the module's create or connect call until SQLite disconnects it (the
/// statement, schema or connection is gone); ``destroy()`` runs on `DROP TABLE`.
public protocol VirtualTable: AnyObject {
    /// The cursor type that reads this table.
    associatedtype Cursor: VirtualTableCursor

    /// The `CREATE TABLE` statement declaring the columns, e.g. `CREATE TABLE x(a, b, c HIDDEN)`
    /// (the table name is ignored). `HIDDEN` columns are the arguments of a table-valued
    /// function: `SELECT * FROM t(1, 2)` constrains the hidden columns in order.
    var declaration: String { get }

    /// Plans a query: reads the usable constraints, the ORDER BY and the columns used in `info`,
    /// and writes the plan back into it (which constraints become ``VirtualTableCursor/filter(indexNumber:indexString:arguments:)``
    /// arguments, the estimated cost and rows, whether the order is consumed).
    ///
    /// Throw ``Result`` with `SQLITE_CONSTRAINT` to say that this combination of usable
    /// constraints gives no plan (SQLite then tries another join order); any other error fails
    /// the statement with its message.
    func bestIndex(_ info: inout IndexInfo) throws

    /// Opens a cursor over the table, positioned nowhere until its `filter` call.
    func openCursor() throws -> Cursor

    /// Called on `DROP TABLE` of a table made with `CREATE VIRTUAL TABLE`, before the table is
    /// released: delete what the table stores outside the database. Default: nothing. Throwing
    /// keeps the table; the `DROP TABLE` fails with SQLite's own message ("SQL logic error").
    func destroy() throws
}

extension VirtualTable {
    /// Does nothing.
    public func destroy() throws {}
}

/// A virtual table that accepts `INSERT`, `UPDATE` and `DELETE` (`xUpdate`). Without this
/// conformance SQLite reports "table NAME may not be modified".
public protocol WritableVirtualTable: VirtualTable {
    /// Applies one change; for an insert, returns the rowid of the new row (`nil` when the
    /// change gave one already or is not an insert). Thrown errors fail the statement, and
    /// SQLite rolls the statement back (a ``TransactionalVirtualTable`` sees the rollback).
    func update(_ change: VirtualTableChange) throws -> Int64?
}

/// A virtual table that takes part in transactions: SQLite calls ``begin()`` before the first
/// change of a transaction, then ``sync()`` and ``commit()``, or ``rollback()``.
public protocol TransactionalVirtualTable: WritableVirtualTable {
    /// A transaction that changes this table begins.
    func begin() throws
    /// First phase of a commit: make the changes durable; throwing aborts the commit.
    func sync() throws
    /// The transaction committed. SQLite ignores an error thrown here: the commit stands.
    func commit() throws
    /// The transaction rolled back: undo the changes since ``begin()``.
    func rollback() throws
}

/// One change to a ``WritableVirtualTable``.
public enum VirtualTableChange: Sendable, Hashable {
    /// `DELETE` of the row with this rowid.
    case delete(rowid: Int64)
    /// `INSERT` of a row with these column values; `rowid` is nil when SQL gave none (choose
    /// one and return it).
    case insert(rowid: Int64?, values: [SQLValue])
    /// `UPDATE` of the row `rowid`, whose rowid becomes `newRowid` (the same unless the SQL set
    /// it), to these column values (every column, changed or not).
    case update(rowid: Int64, newRowid: Int64, values: [SQLValue])
}

/// A cursor over a ``VirtualTable``: SQLite calls ``filter(indexNumber:indexString:arguments:)``
/// to start a scan, then reads ``isAtEnd``, the columns and the rowid of each row, and calls
/// ``next()`` to move on.
public protocol VirtualTableCursor: AnyObject {
    /// Starts (or restarts) a scan for the plan ``VirtualTable/bestIndex(_:)`` chose:
    /// `indexNumber` and `indexString` are what the plan set, and `arguments` the values of the
    /// constraints it gave argument indexes, in that order.
    func filter(indexNumber: Int32, indexString: String?, arguments: [SQLValue]) throws
    /// Moves to the next row.
    func next() throws
    /// Whether the cursor is past the last row.
    var isAtEnd: Bool { get }
    /// The value of column `index` (0-based, in the declaration's order, hidden columns
    /// included) of the current row.
    func column(_ index: Int32) throws -> SQLValue
    /// The rowid of the current row.
    func rowid() throws -> Int64
}

/// What a module's factory receives when SQLite creates or connects a table.
public struct VirtualTableArguments: Sendable, Hashable {
    /// The module's name.
    public let module: String
    /// The schema the table is in (`main`, `temp`, an attached name).
    public let database: String
    /// The table's name.
    public let table: String
    /// The arguments of `CREATE VIRTUAL TABLE t USING module(ARG, ...)`, as written (SQLite
    /// does not parse them); empty for an eponymous table.
    public let arguments: [String]
    /// Whether this is `CREATE VIRTUAL TABLE` (true) or a connection to an existing table,
    /// after the schema was read again or the database reopened (false).
    public let isCreate: Bool
}

/// Which names a module answers to (see ``Connection/createModule(_:kind:_:)``).
public enum VirtualTableModuleKind: Sendable, Hashable {
    /// Tables are made with `CREATE VIRTUAL TABLE name USING module(...)` only.
    case regular
    /// The module is also a table of its own name (`SELECT * FROM module`), as a table-valued
    /// function is, and `CREATE VIRTUAL TABLE` works too.
    case eponymous
    /// The module is only a table of its own name: `CREATE VIRTUAL TABLE` with it fails.
    case eponymousOnly
}
