import Foundation

/// The database of the record calls that name none (`try item.save()`, `Item.findAll()`): a
/// `Connection`, or a `DatabaseQueue` or `DatabasePool` (any `DatabaseWriter`).
///
/// ```swift
/// RecordDatabase.setDefault(try DatabasePool(path: path))   // once, at launch
/// var item = Item(name: "Pen", price: 1.5)
/// try item.save()
/// let cheap = try Item.findAll(price < 2)
/// ```
///
/// Reads of a queue or a pool go through its `read`, writes through its `write`; a
/// connection runs them directly, under its own lock. A type can name another database with
/// ``Record/database`` or ``Record/databaseName`` (see ``register(_:named:)-(Connection,_)``).
/// The default and the registered databases are kept behind a lock: set and read them from
/// any thread.
public struct RecordDatabase: Sendable {
    /// What the database is.
    enum Storage: Sendable {
        case connection(Connection)
        /// An `any DatabaseWriter`, kept erased so that the type needs no availability of its
        /// own (the writer protocols are available from macOS 10.15 and its siblings).
        case writer(any AnyObject & Sendable)
    }

    let storage: Storage
    /// The types whose tables a writer created or completed (tables on first use), shared by
    /// every `RecordDatabase` of the same writer; unused for a connection.
    let synced: SyncedRecordTypes

    /// A database of one connection: record calls run on it directly.
    ///
    /// ```swift
    /// let db = try Connection("app.sqlite3")
    /// RecordDatabase.setDefault(RecordDatabase(db))
    /// ```
    public init(_ connection: Connection) {
        storage = .connection(connection)
        // Not consulted: a connection checks its own tables (`RecordPlan.tableIsReady`).
        synced = SyncedRecordTypes()
    }

    /// A database queue or pool: record reads go through its `read`, writes through its
    /// `write` (a `BEGIN IMMEDIATE` transaction each).
    ///
    /// ```swift
    /// let database = RecordDatabase(try DatabaseQueue(path: path))
    /// ```
    public init(_ writer: some DatabaseWriter) {
        storage = .writer(writer)
        synced = SyncedRecordTypes.shared(for: writer)
    }

    /// The connection, for a database of one connection; nil for a queue or a pool.
    var connection: Connection? {
        if case .connection(let connection) = storage { return connection }
        return nil
    }

    /// The queue or pool, for a database of one; nil for a connection.
    var writer: (any DatabaseWriter)? {
        if case .writer(let object) = storage { return object as? any DatabaseWriter }
        return nil
    }
}
