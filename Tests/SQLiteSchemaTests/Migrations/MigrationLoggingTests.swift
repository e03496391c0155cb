import Foundation
import SQLiteCore
import SQLiteSchema
import Testing

/// The messages a connection logs, from any thread.
private final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

@Suite("Migrations in the log")
struct MigrationLoggingTests {
    @Test("each applied migration is logged at the info level, once")
    func appliedMigrationsAreLogged() throws {
        let messages = Messages()
        let db = try Connection()
        db.logging = LogConfiguration(level: .info) { entry in messages.append(entry.message) }
        var migrator = Migrator()
        try migrator.registerMigration("create users") { db in try db.execute("CREATE TABLE users (id INTEGER)") }
        try migrator.registerMigration("add name") { db in try db.execute("ALTER TABLE users ADD name TEXT") }
        try migrator.migrate(db)
        try migrator.migrate(db)
        let applied = messages.all.filter { $0.hasPrefix("applied migration") }
        #expect(applied == [#"applied migration "create users""#, #"applied migration "add name""#])
    }
}
