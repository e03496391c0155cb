import Foundation
import SQLiteCore

extension Options {
    /// The path of a new database file `name` in ``directory`` (any older file of that name and
    /// its WAL files removed), or nil for an in-memory database.
    func databasePath(_ name: String) throws -> String? {
        guard let directory else { return nil }
        if key != nil, SQLiteVersion.cipherVersion == nil {
            throw RawSQL.Failure(description: "--key needs a build with the SQLCipher trait")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(name + ".sqlite3")
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        return path
    }

    /// Where a workload that needs a file (a pool) keeps its database `name`: the path, and the
    /// temporary directory made for it without `--on-disk` (nil with it), which the workload
    /// removes when done.
    func fileDatabase(_ name: String) throws -> (path: String, temporaryDirectory: String?) {
        if let path = try databasePath(name) { return (path, nil) }
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent(
            "sqlite-bench-\(name)-\(getpid())")
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return ((directory as NSString).appendingPathComponent(name + ".sqlite3"), directory)
    }

    /// A new connection for a tier's workloads, placed and keyed as ``RawSQL/open(_:_:)`` places
    /// and keys the raw C databases.
    func connection(_ name: String) throws -> Connection {
        guard let path = try databasePath(name) else { return try Connection() }
        // WAL mode comes with synchronous NORMAL, as raw C sets it.
        guard let key else { return try Connection(path, journalMode: .wal) }
        return try Connection(path, key: key, journalMode: .wal)
    }
}
