import Foundation
import SQLite

/// The SQL a connection runs, recorded through `Connection.trace` (SQLite.swift's API), with
/// bound values substituted: what the documentation's `// SELECT ...` comments show.
final class SQLLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    /// Starts recording what `db` runs.
    init(_ db: Connection) {
        db.trace { [weak self] sql in self?.append(sql) }
    }

    private func append(_ sql: String) {
        // SQLite also traces the statements that virtual tables and triggers run inside the
        // program's own, as "-- ..." comments; the documentation shows only the program's.
        if sql.hasPrefix("-- ") { return }
        lock.lock()
        entries.append(sql)
        lock.unlock()
    }

    /// The statements run since the last call, oldest first; the log starts empty again.
    func take() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        let taken = entries
        entries = []
        return taken
    }

    /// The statement run last, dropping the others.
    func last() -> String? {
        take().last
    }
}
