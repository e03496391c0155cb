extension Result {
    /// The error for using a ``DatabaseQueue`` or ``DatabasePool`` after its `close()`.
    static var accessAfterClose: Result {
        .misuse("the database queue or pool is closed", code: SQLITE_MISUSE)
    }

    /// The error of an access to a suspended queue or pool (`suspend()`), and of a statement it
    /// interrupted: `SQLITE_INTERRUPT`, as SQLite's own interruption.
    static var suspended: Result {
        .misuse("the database queue or pool is suspended: call resume() first", code: SQLITE_INTERRUPT)
    }

    /// The error for a synchronous access started from inside another access of the same
    /// ``DatabaseQueue`` or ``DatabasePool``, which would wait for itself.
    static func reentrantAccess(_ call: String) -> Result {
        .misuse(
            "\(call) called from inside a read or write closure of the same database: use the connection that closure was given",
            code: SQLITE_MISUSE)
    }

    /// The error for a write to a read-only ``DatabasePool`` or ``DatabaseQueue``.
    static var writeToReadOnly: Result {
        .misuse("the database was opened read-only (Configuration.readonly)", code: SQLITE_READONLY)
    }

    /// The error for a `writeWithoutTransaction` closure that left a transaction open.
    static var transactionLeftOpen: Result {
        .misuse(
            "writeWithoutTransaction returned with a transaction open; it was rolled back. Use write(_:) for a transaction",
            code: SQLITE_MISUSE)
    }
}
