/// A database that observations can watch: a ``DatabaseQueue`` or a ``DatabasePool``.
protocol ObservationHost: AnyObject, Sendable {
    /// The observations and the change tracking behind them.
    var observations: ObservationCenter { get }

    /// Runs `fetch` in a read access (one snapshot), recording the statements it runs, and
    /// returns its value with the tables those statements read. Blocks the calling thread,
    /// which is an observation's own queue.
    func fetchObserved<T>(_ fetch: (Connection) throws -> T, regions: RegionCache) throws -> (T, Set<String>)
}

extension DatabaseReader {
    /// The number of observations running on this queue or pool (each iterated
    /// ``DatabaseObservation`` and each running ``LiveQuery``): for tests that check that an
    /// observation stopped.
    package var observationCount: Int { (self as? any ObservationHost)?.observations.count ?? 0 }
}

extension Connection {
    /// Runs an observed fetch in the current access: records the statements `fetch` runs with
    /// `watcher`, and learns the tables they read through `regions`.
    func fetchObserved<T>(
        _ fetch: (Connection) throws -> T, watcher: ConnectionWatcher, regions: RegionCache
    ) throws -> (T, Set<String>) {
        watcher.startRecording(on: self)
        let value: T
        do {
            value = try fetch(self)
        } catch {
            _ = watcher.stopRecording(on: self)
            throw error
        }
        let statements = watcher.stopRecording(on: self)
        let schemaVersion = try cachedPragma("schema_version")
        return (value, regions.tables(readBy: statements, schemaVersion: schemaVersion, on: self))
    }
}

/// The tables read by each SQL text an observation ran, learned once per schema version.
/// Used by one observation at a time (its fetches run one after the other).
final class RegionCache: @unchecked Sendable {
    private var schemaVersion: Int64?
    private var tablesBySQL: [String: Set<String>] = [:]

    /// The tables read by `statements`, from the cache or from `db`'s authorizer.
    func tables(readBy statements: [String], schemaVersion version: Int64, on db: Connection) -> Set<String> {
        if version != schemaVersion {
            tablesBySQL.removeAll()
            schemaVersion = version
        }
        var tables = Set<String>()
        for sql in statements {
            if let known = tablesBySQL[sql] {
                tables.formUnion(known)
            } else {
                let read = db.tablesRead(by: sql)
                tablesBySQL[sql] = read
                tables.formUnion(read)
            }
        }
        return tables
    }
}
