import Foundation
import SQLiteCore

/// The `--read-replica` mode: a read replica through the Litestream VFS, in a process of its own.
///
/// The extension is Go code, and the Go runtime reads the environment the process started with
/// (`setenv` afterwards is not seen), so `LITESTREAM_REPLICA_URL` must be set by whoever starts
/// the process; and once loaded it runs for every new connection of the process. Both are
/// reasons for the test to read in a child process rather than in its own.
///
/// Prints `pool refused|opened ...`, `write refused|allowed`, `integrity RESULT`, then every
/// 100 ms `read SECONDS ROWS COMMITS LAST` (the ledger's rows, distinct commits and last
/// commit) until `seconds` pass.
func readReplica(extensionPath: String, seconds: Double) -> Never {
    #if LoadExtension
        do {
            let loader = try Connection()
            try loader.enableLoadExtension(true)
            try loader.loadExtension(extensionPath, entryPoint: "sqlite3_litestreamvfs_init")
            try loader.enableLoadExtension(false)
            var configuration = Configuration()
            configuration.readonly = true
            // The file name is not used: the VFS reads the replica at LITESTREAM_REPLICA_URL.
            let location = Connection.Location.uri("replica.sqlite", parameters: [.vfs("litestream")])
            let replica = try DatabaseQueue(location, configuration: configuration)
            do {
                _ = try DatabasePool(location, configuration: configuration)
                emit("pool opened")
            } catch {
                emit("pool refused \(error)")
            }
            do {
                try replica.writeWithoutTransaction { db in try db.execute("DELETE FROM ledger") }
                emit("write allowed")
            } catch {
                emit("write refused")
            }
            emit("integrity \(try replica.read { db in try db.scalar("PRAGMA integrity_check") as? String ?? "" })")
            let deadline = now() + seconds
            while now() < deadline {
                let row = try replica.read { db in
                    try db.selectAll(
                        sql: "SELECT count(*), count(DISTINCT commitNumber), coalesce(max(commitNumber), 0) FROM ledger"
                    )
                }
                let numbers = row.first?.map { value -> String in
                    if case .integer(let number) = value { return "\(number)" }
                    return "-1"
                }
                emit("read \(now()) \(numbers?.joined(separator: " ") ?? "")")
                Thread.sleep(forTimeInterval: 0.1)
            }
            withExtendedLifetime(loader) {}
            exit(0)
        } catch {
            fail("\(error)")
        }
    #else
        fail("--read-replica needs the LoadExtension trait")
    #endif
}
