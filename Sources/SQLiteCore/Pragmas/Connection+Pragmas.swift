/// The `PRAGMA user_version` value type, as SQLite.swift names it.
public typealias UserVersion = Int32

extension Connection {
    /// The database's `PRAGMA user_version`, free for the application (typically a schema
    /// version for migrations); `nil` only when it cannot be read.
    ///
    /// ```swift
    /// if db.userVersion == 0 {
    ///     try db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY)")
    ///     db.userVersion = 1
    /// }
    /// ```
    public var userVersion: UserVersion? {
        get { (try? scalar("PRAGMA user_version") as? Int64).flatMap { Int32(exactly: $0) } }
        set { try? execute("PRAGMA user_version = \(newValue ?? 0)") }
    }

    /// Sets `PRAGMA user_version`, throwing on failure (the property's setter cannot).
    public func setUserVersion(_ version: UserVersion) throws {
        try execute("PRAGMA user_version = \(version)")
    }

    /// Whether foreign key constraints are enforced (`PRAGMA foreign_keys`; off by default in
    /// SQLite). Has no effect inside a transaction.
    public var foreignKeys: Bool {
        get { boolPragma("foreign_keys") }
        set { try? execute("PRAGMA foreign_keys = \(newValue ? 1 : 0)") }
    }

    /// Whether foreign key checks wait until the transaction commits
    /// (`PRAGMA defer_foreign_keys`; reset at each commit).
    public var deferForeignKeys: Bool {
        get { boolPragma("defer_foreign_keys") }
        set { try? execute("PRAGMA defer_foreign_keys = \(newValue ? 1 : 0)") }
    }

    /// The journal mode of the main database. Setting it ignores failure; use
    /// ``setJournalMode(_:)`` to learn the mode SQLite actually applied.
    ///
    /// ```swift
    /// db.journalMode = .truncate
    /// ```
    public var journalMode: JournalMode {
        get {
            (try? scalar("PRAGMA journal_mode") as? String).flatMap { JournalMode(rawValue: $0.lowercased()) }
                ?? .delete
        }
        set { _ = try? setJournalMode(newValue) }
    }

    /// Sets the journal mode and returns the mode in effect afterwards (an in-memory database,
    /// for example, stays `memory` when asked for WAL).
    ///
    /// ```swift
    /// let mode = try db.setJournalMode(.wal)   // .wal on a file database
    /// ```
    @discardableResult
    public func setJournalMode(_ mode: JournalMode) throws -> JournalMode {
        let applied = try scalar("PRAGMA journal_mode = \(mode.rawValue)") as? String
        return applied.flatMap { JournalMode(rawValue: $0.lowercased()) } ?? mode
    }

    /// `PRAGMA synchronous` for the main database.
    public var synchronous: Synchronous {
        get { (try? scalar("PRAGMA synchronous") as? Int64).flatMap { Synchronous(rawValue: Int($0)) } ?? .full }
        set { try? execute("PRAGMA synchronous = \(newValue.rawValue)") }
    }

    /// Rebuilds the database file, repacking it into the minimum disk space (`VACUUM`).
    @discardableResult
    public func vacuum() throws -> Statement {
        try run("VACUUM")
    }

    private func boolPragma(_ name: String) -> Bool {
        (try? scalar("PRAGMA \(name)") as? Int64) == 1
    }
}
