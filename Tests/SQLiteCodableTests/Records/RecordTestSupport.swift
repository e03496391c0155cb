import Foundation
import SQLiteCodable
import Testing

/// A database file in the temporary directory, removed (with its WAL and shared-memory files)
/// by `remove()`.
struct TemporaryDatabaseFile {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("records-\(UUID().uuidString).db").path

    func remove() {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}

/// Errors thrown on several threads, collected.
final class ThrownErrors: @unchecked Sendable {
    private let lock = NSLock()
    private var errors: [String] = []

    func run(_ body: () throws -> Void) {
        do { try body() } catch { lock.withLock { errors.append("\(error)") } }
    }

    var all: [String] { lock.withLock { errors } }
}

/// The kinds of database a ``RecordDatabase`` can be.
enum RecordDatabaseKind: String, CaseIterable, CustomTestStringConvertible {
    case connection, queue, pool
    var testDescription: String { rawValue }

    /// A new empty database of this kind, and what closes and removes it.
    func make() throws -> (database: RecordDatabase, close: () -> Void) {
        switch self {
        case .connection:
            return (RecordDatabase(try Connection()), {})
        case .queue:
            let queue = try DatabaseQueue()
            return (RecordDatabase(queue), { try? queue.close() })
        case .pool:
            let file = TemporaryDatabaseFile()
            let pool = try DatabasePool(path: file.path)
            return (
                RecordDatabase(pool),
                {
                    try? pool.close()
                    file.remove()
                }
            )
        }
    }
}

/// The columns of `table` on `db`.
func columnNames(_ table: String, _ db: Connection) throws -> [String] {
    try db.prepare("SELECT name FROM pragma_table_info(?)", table).map { $0[0] as? String ?? "" }
}
