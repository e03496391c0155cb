import Foundation

/// The default database and the databases registered by name, behind a lock: the tier's one
/// process-wide state, on purpose. Record calls that name no database (`try item.save()`,
/// `Item.findAll()`) find theirs here, the convention of the seeds this API follows; it holds
/// only what the app registers, never a cache.
private let registry = Locked<(default: RecordDatabase?, named: [String: RecordDatabase])>((nil, [:]))

extension RecordDatabase {
    // MARK: - The default database

    /// The database of the record calls that name none, for types that name none themselves;
    /// nil until ``setDefault(_:)-(RecordDatabase?)`` is called.
    public static var `default`: RecordDatabase? {
        registry.withLock { $0.default }
    }

    /// Makes `database` the default (nil: no default; calls that need it then throw
    /// ``RecordError/noDatabase(type:name:)``).
    ///
    /// ```swift
    /// let previous = RecordDatabase.default
    /// RecordDatabase.setDefault(RecordDatabase(db))
    /// defer { RecordDatabase.setDefault(previous) }
    /// ```
    public static func setDefault(_ database: RecordDatabase?) {
        registry.withLock { $0.default = database }
    }

    /// Makes `connection` the default database.
    ///
    /// ```swift
    /// RecordDatabase.setDefault(try Connection("app.sqlite3"))
    /// ```
    public static func setDefault(_ connection: Connection) {
        setDefault(RecordDatabase(connection))
    }

    /// Makes a queue or a pool the default database.
    ///
    /// ```swift
    /// RecordDatabase.setDefault(try DatabasePool(path: path))
    /// ```
    public static func setDefault(_ writer: some DatabaseWriter) {
        setDefault(RecordDatabase(writer))
    }

    /// Opens a `DatabaseQueue` on the file at `path` (created if missing) and makes it the
    /// default database.
    ///
    /// ```swift
    /// try RecordDatabase.setDefault(path: documents + "/app.sqlite3")
    /// ```
    @discardableResult
    public static func setDefault(path: String) throws -> RecordDatabase {
        let database = RecordDatabase(try DatabaseQueue(path: path))
        setDefault(database)
        return database
    }

    // MARK: - Named databases

    /// The database registered as `name`, or nil.
    public static func named(_ name: String) -> RecordDatabase? {
        registry.withLock { $0.named[name] }
    }

    /// Registers `database` as `name`, for the types whose ``Record/databaseName`` is `name`
    /// (replacing the one registered before).
    public static func register(_ database: RecordDatabase, named name: String) {
        registry.withLock { $0.named[name] = database }
    }

    /// Registers a connection as `name`.
    ///
    /// ```swift
    /// RecordDatabase.register(try Connection(logPath), named: "logs")
    /// struct LogLine: Record {
    ///     static let databaseName: String? = "logs"
    ///     ...
    /// }
    /// ```
    public static func register(_ connection: Connection, named name: String) {
        register(RecordDatabase(connection), named: name)
    }

    /// Registers a queue or a pool as `name`.
    public static func register(_ writer: some DatabaseWriter, named name: String) {
        register(RecordDatabase(writer), named: name)
    }

    /// Opens a `DatabaseQueue` on the file at `path` (created if missing) and registers it as `name`.
    @discardableResult
    public static func register(path: String, named name: String) throws -> RecordDatabase {
        let database = RecordDatabase(try DatabaseQueue(path: path))
        register(database, named: name)
        return database
    }

    /// Removes the database registered as `name`; returns it, or nil when there was none.
    @discardableResult
    public static func unregister(named name: String) -> RecordDatabase? {
        registry.withLock { $0.named.removeValue(forKey: name) }
    }

    /// Removes the default database and every registered one (nothing is closed).
    public static func removeAll() {
        registry.withLock { $0 = (nil, [:]) }
    }
}

extension Record {
    /// The database of this type's calls that name none: ``database``, else the one registered
    /// as ``databaseName``, else the default.
    ///
    /// - Throws: ``RecordError/noDatabase(type:name:)`` when there is none.
    public static func resolvedDatabase() throws -> RecordDatabase {
        if let database { return database }
        // The database named, if any, else the default one.
        let found = databaseName.map { RecordDatabase.named($0) } ?? RecordDatabase.default
        guard let found else { throw RecordError.noDatabase(type: "\(Self.self)", name: databaseName) }
        return found
    }
}
