extension Configuration {
    /// Settings for a database that Litestream replicates: write-ahead logging, a 5-second
    /// busy timeout, and no automatic checkpoints, so that Litestream alone decides when the
    /// log is copied into the database.
    ///
    /// Litestream runs beside the app as a second process. It holds a read transaction on the
    /// database between its own checkpoints, which keeps anyone else from restarting the log
    /// before it has copied it, and it briefly takes the write lock when it checkpoints: the
    /// busy timeout lets the app's writes wait for that instead of failing with `SQLITE_BUSY`.
    ///
    /// ```swift
    /// let pool = try DatabasePool(path: "/var/lib/app/app.sqlite3", configuration: .litestream)
    /// // litestream replicate -config /etc/litestream.yml   (a separate process)
    /// ```
    ///
    /// Each connection that can write is switched to WAL with `synchronous = NORMAL`
    /// (``Connection/enableWAL()``), which a ``DatabaseQueue`` would otherwise leave to
    /// Litestream. To add settings of your own, keep the preset's step:
    ///
    /// ```swift
    /// var configuration = Configuration.litestream
    /// let litestreamSetUp = configuration.prepareDatabase
    /// configuration.prepareDatabase = { db in
    ///     try litestreamSetUp?(db)
    ///     try db.execute("PRAGMA foreign_keys = ON")
    /// }
    /// ```
    ///
    /// Checkpoints: leave them to Litestream. `checkpoint(.passive)` is harmless (it copies
    /// only what Litestream has already read and never waits). `.full`, `.restart` and
    /// `.truncate` wait for every reader to finish, and Litestream's reader never does: each
    /// such call holds the app's writes for the whole ``busyTimeout`` and then returns
    /// `busy == true` without finishing. The replica stays correct either way (a checkpoint
    /// that Litestream misses makes it take a fresh snapshot), so these calls are not
    /// refused; `Documentation/Replication.md` gives the measured behaviour.
    public static var litestream: Configuration {
        var configuration = Configuration()
        configuration.busyTimeout = 5
        configuration.automaticCheckpointPages = 0
        configuration.prepareDatabase = { db in
            if !db.readonly { try db.enableWAL() }
        }
        return configuration
    }
}
