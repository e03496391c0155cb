extension Connection {
    /// The error for `code`, which a call on this connection (or on `statement`, one of its
    /// statements) has just returned: SQLite's message and extended code as they are now, in the
    /// case ``usesExtendedErrorCodes`` picks, naming `statement`, whose SQL the error reports.
    ///
    /// The one way the higher tiers, which call SQLite's C API directly on their hot paths, turn a
    /// failed call into an error, so that theirs carry what Core's do. Call it straight after the
    /// failing call, before anything else runs on the connection (with its lock still held).
    package func lastError(code: Int32, statement: Statement?) -> Result {
        connection.lock.withLock { connection.error(code: code, statement: statement) }
    }
}
