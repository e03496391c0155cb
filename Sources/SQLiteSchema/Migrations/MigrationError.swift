import SQLiteCore

/// Why a ``Migrator`` (or ``SQLiteCore/Connection/migrate(migrations:)``) stopped.
///
/// ```swift
/// do {
///     try migrator.migrate(db)
/// } catch let MigrationError.failed(name, underlying) {
///     print("migration \(name) was rolled back: \(underlying)")
/// }
/// ```
public enum MigrationError: Error, Sendable, CustomStringConvertible {
    /// A migration was registered under a name already taken.
    case duplicateName(String)
    /// `migrate(_:upTo:)` named a migration that was never registered.
    case unknownMigration(String)
    /// The migration threw (or could not be recorded or committed); it was rolled back and
    /// the ones after it did not run.
    case failed(migration: String, underlying: any Error)
    /// After the migration ran, `PRAGMA foreign_key_check` found rows referring to missing
    /// rows; the migration was rolled back.
    case foreignKeyViolations(migration: String, violations: [ForeignKeyViolation])
    /// `user_version` says more migrations were applied than are registered: the database
    /// comes from a newer version of the app.
    case databaseIsNewer(userVersion: Int, registered: Int)
    /// Kept for source compatibility: no call throws it any more, since migrations run in a
    /// savepoint when the connection is already in a transaction.
    case inTransaction
    /// Reading or preparing the migration state failed.
    case storage(Result)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .duplicateName(let name): "a migration named \(name) is already registered"
        case .unknownMigration(let name): "no migration named \(name) is registered"
        case .failed(let name, let underlying): "migration \(name) failed and was rolled back: \(underlying)"
        case .foreignKeyViolations(let name, let violations):
            "migration \(name) broke foreign keys and was rolled back: "
                + violations.map(\.description).joined(separator: ", ")
        case .databaseIsNewer(let version, let registered):
            "the database's user_version is \(version) but only \(registered) migrations are registered"
        case .inTransaction: "migrations cannot run inside a transaction"
        case .storage(let error): "the migration state could not be read or written: \(error)"
        }
    }
}
