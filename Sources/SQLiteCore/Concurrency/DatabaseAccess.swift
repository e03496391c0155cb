/// The bodies of the accesses ``DatabaseQueue`` and ``DatabasePool`` run on their connections'
/// queues: a read in one snapshot, a write in one immediate transaction, a write without one.
enum DatabaseAccess {
    /// Runs `body` in a deferred transaction, so that all it reads comes from one snapshot.
    /// `queryOnly` makes the connection refuse writes for the duration (a queue's connection,
    /// which also writes); a pool's readers refuse them for good.
    static func read<T>(
        _ db: Connection, _ ticket: AccessTicket, queryOnly: Bool, _ body: (Connection) throws -> T
    ) throws -> T {
        if queryOnly { try db.runCached("PRAGMA query_only = 1") }
        try db.runCached("BEGIN DEFERRED TRANSACTION")
        defer {
            // A cancelled access may leave an interruption pending: statements still part way
            // through their rows would make it stop the COMMIT and the PRAGMA too.
            if ticket.isCancelled { db.resetBusyStatements() }
            if !db.autocommit { try? db.runCached("COMMIT TRANSACTION") }
            if queryOnly { try? db.runCached("PRAGMA query_only = 0") }
        }
        let value = try body(db)
        if ticket.isCancelled { throw CancellationError() }
        return value
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction: committed when it returns, rolled back
    /// when it throws or when the awaiting task was cancelled before the commit.
    static func write<T>(
        _ db: Connection, _ ticket: AccessTicket, _ observations: ObservationCenter, _ walBound: WALBound?,
        _ body: (Connection) throws -> T
    ) throws -> T {
        defer { observations.writeDidEnd(db) }
        let value = try db.transaction(.immediate) { () throws -> T in
            let value = try body(db)
            if ticket.isCancelled { throw CancellationError() }
            return value
        }
        walBound?.afterCommit(db)
        return value
    }

    /// Runs `body` as it is, in autocommit mode. A transaction it leaves open, returning or
    /// throwing, is rolled back (the next access must not inherit it); returning, that is
    /// reported as an error.
    static func writeWithoutTransaction<T>(
        _ db: Connection, _ observations: ObservationCenter, _ walBound: WALBound?, _ body: (Connection) throws -> T
    ) throws -> T {
        defer { observations.writeDidEnd(db) }
        let value = Swift.Result { try body(db) }
        if !db.autocommit {
            try? db.execute("ROLLBACK TRANSACTION")
            if case .success = value { throw Result.transactionLeftOpen }
        }
        walBound?.afterCommit(db)
        return try value.get()
    }
}
