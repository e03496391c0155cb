#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An online copy of one database into another (https://sqlite.org/backup.html), made by
/// ``Connection/backup(databaseName:usingConnection:targetDatabaseName:)``.
///
/// ```swift
/// let backup = try db.backup(usingConnection: target)
/// try backup.step()                     // everything at once
/// // or, without holding the source locked for long:
/// while backup.remainingPages > 0 { try backup.step(pagesToCopy: .limited(number: 100)) }
/// ```
///
/// The source stays usable meanwhile; writes made to it through other connections restart
/// the copy. The backup finishes when stepped to the end, by ``finish()``, or when released.
///
/// Each step holds the locks of both connections, and never waits for one while holding the
/// other: backups in opposite directions, or a step racing a transaction that uses both
/// connections, do not deadlock, also when the step is made inside a transaction of one of
/// them. Only two threads each holding one of the connections (a transaction, `withLock`, a
/// SQL function) while waiting for the other can deadlock, as with any two locks.
public final class Backup: @unchecked Sendable {
    /// How many pages one ``step(pagesToCopy:)`` copies.
    public enum Pages: Sendable, Hashable {
        /// All remaining pages.
        case all
        /// At most `number` pages.
        case limited(number: Int32)

        var count: Int32 {
            switch self {
            case .all: -1
            case .limited(let number): number
            }
        }
    }

    private var handle: OpaquePointer?
    private let source: ConnectionHandle
    private let target: ConnectionHandle

    init(source: ConnectionHandle, sourceName: String, target: ConnectionHandle, targetName: String) throws(Result) {
        self.source = source
        self.target = target
        let pointer = try Backup.withBothLocked(source, target) { () throws(Result) -> OpaquePointer? in
            // A backup cannot go on without both connections.
            try source.checkOpen()
            try target.checkOpen()
            let pointer = sqlite3_backup_init(target.pointer, targetName, source.pointer, sourceName)
            // An unfinished backup keeps both connections from closing (`Connection.close()`).
            if pointer != nil { Backup.count(1, source, target) }
            return pointer
        }
        guard let pointer else {
            // The error of a failed backup_init is recorded on the target connection.
            throw target.lock.withLock { target.error(code: sqlite3_errcode(target.pointer), statement: nil) }
        }
        handle = pointer
    }

    deinit {
        finish()
    }

    /// Copies pages; throws on error (`SQLITE_BUSY` and `SQLITE_LOCKED` too: step again later).
    public func step(pagesToCopy pages: Pages = .all) throws {
        guard let handle else { return }
        let code = try Backup.withBothLocked(source, target) { () throws(Result) -> Int32 in
            try source.checkOpen()
            try target.checkOpen()
            return sqlite3_backup_step(handle, pages.count)
        }
        switch code {
        case SQLITE_OK, SQLITE_DONE:
            return
        default:
            throw Result(
                message: String(cString: sqlite3_errstr(code)), primaryCode: code & 0xFF, extendedCode: code,
                statement: nil, extended: target.lock.withLock { target.usesExtendedErrorCodes })
        }
    }

    /// Ends the backup and releases its resources; further steps do nothing.
    public func finish() {
        guard let handle else { return }
        Backup.withBothLocked(source, target) {
            _ = sqlite3_backup_finish(handle)
            Backup.count(-1, source, target)
        }
        self.handle = nil
    }

    /// Adds `change` to both connections' ``ConnectionHandle/openBackups``. Call with both locks held.
    private static func count(_ change: Int, _ source: ConnectionHandle, _ target: ConnectionHandle) {
        source.openBackups += change
        if target !== source { target.openBackups += change }
    }

    /// Runs `body` holding both connections' locks, taken so that the step never waits for
    /// one while holding the other: it waits for one lock, only tries the other, and when that
    /// one is busy lets go of the first and waits for the second instead, and so on.
    ///
    /// So whatever the other threads hold, and in whatever order they take the two locks, the
    /// step only waits for a thread that can go on: two backups in opposite directions, or a
    /// backup racing a transaction that uses both connections, do not deadlock. That holds also
    /// when the calling thread already holds one of the locks (stepping inside a transaction or
    /// `withLock` of one connection), as long as no other thread holds the other one while it
    /// waits for this one: that would be a deadlock of the two threads' own making, which no
    /// order of taking locks inside the step can undo.
    private static func withBothLocked<T, E: Error>(
        _ a: ConnectionHandle, _ b: ConnectionHandle, _ body: () throws(E) -> T
    ) throws(E) -> T {
        if a === b { return try a.lock.withLock(body) }
        var (first, second) = (a, b)
        while true {
            first.lock.lock()
            if second.lock.tryLock() { break }
            // The holder of `second` may be waiting for `first`: let it have it.
            first.lock.unlock()
            swap(&first, &second)
            sched_yield()
        }
        defer {
            second.lock.unlock()
            first.lock.unlock()
        }
        return try body()
    }

    /// The pages left to copy, as of the last step.
    public var remainingPages: Int32 { handle.map { sqlite3_backup_remaining($0) } ?? 0 }

    /// The pages in the source database, as of the last step.
    public var totalPages: Int32 { handle.map { sqlite3_backup_pagecount($0) } ?? 0 }
}

extension Connection {
    /// Starts an online backup of database `databaseName` of this connection into database
    /// `targetDatabaseName` of `targetConnection`.
    ///
    /// ```swift
    /// let backup = try db.backup(usingConnection: try Connection(.inMemory))
    /// try backup.step()
    /// ```
    public func backup(
        databaseName: String = "main", usingConnection targetConnection: Connection,
        targetDatabaseName: String = "main"
    ) throws -> Backup {
        try Backup(
            source: connection, sourceName: databaseName, target: targetConnection.connection,
            targetName: targetDatabaseName)
    }
}
