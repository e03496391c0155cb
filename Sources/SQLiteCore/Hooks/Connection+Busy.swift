extension Connection {
    /// How long, in seconds, a statement retries when another connection holds a lock,
    /// before failing with `SQLITE_BUSY`. Default: 0 (fail at once).
    ///
    /// ```swift
    /// db.busyTimeout = 5
    /// ```
    ///
    /// Setting it replaces any ``busyHandler(_:)``, and the other way round. While the
    /// connection logs warnings (``logging``), the waiting is done by the package's own busy
    /// handler, on SQLite's schedule, so that each wait can be logged; `PRAGMA busy_timeout`
    /// then reads 0.
    public var busyTimeout: Double {
        get { connection.lock.withLock { connection.busyTimeout } }
        set {
            withOpenHandle { handle in
                handle.busyTimeout = newValue
                handle.busyCallback = nil
                handle.refreshBusyHandler()
            }
        }
    }

    /// Sets a function called when a lock is busy: it gets the number of times it was called
    /// for this lock and returns `true` to try again, `false` to fail with `SQLITE_BUSY`.
    /// `nil` removes it.
    ///
    /// ```swift
    /// db.busyHandler { tries in tries < 3 }
    /// ```
    @preconcurrency
    public func busyHandler(_ callback: (@Sendable (_ tries: Int) -> Bool)?) {
        withOpenHandle { handle in
            handle.busyTimeout = 0
            handle.busyCallback = callback
            handle.refreshBusyHandler()
        }
    }
}

extension ConnectionHandle {
    /// ``busyTimeout`` in milliseconds, as SQLite takes it. Clamped in floating point:
    /// `Int(_:)` traps on infinity and NaN. Zero or less (and NaN) means no waiting; the
    /// largest wait SQLite takes is `Int32.max` ms (~25 days).
    var busyTimeoutMilliseconds: Int32 {
        let milliseconds = (busyTimeout * 1000).rounded()
        return milliseconds.isNaN ? 0 : Int32(Swift.min(Swift.max(milliseconds, 0), Double(Int32.max)))
    }

    /// Registers the busy handling the settings ask for: the user's handler; else SQLite's own
    /// busy timeout, or, while busy waits are logged, the same waiting done here so that each
    /// wait can be logged; else none. Call with `lock` held and the database open.
    func refreshBusyHandler() {
        let timeout = busyTimeoutMilliseconds
        if busyCallback == nil, !(timeout > 0 && logsWarnings) {
            // Also removes any handler: a zero timeout fails at once.
            sqlite3_busy_timeout(pointer, timeout)
            return
        }
        if busyVFS == nil {
            var vfs: UnsafeMutablePointer<sqlite3_vfs>?
            if sqlite3_file_control(pointer, "main", SQLITE_FCNTL_VFS_POINTER, &vfs) == SQLITE_OK { busyVFS = vfs }
        }
        sqlite3_busy_handler(
            pointer,
            { context, tries in
                guard let context else { return 0 }
                return ConnectionHandle.from(context).lockIsBusy(tries: Int(tries)) ? 1 : 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// The busy handler while one is registered by ``refreshBusyHandler()``: asks the user's
    /// handler, or waits as SQLite's busy timeout does, and logs the first wait for each lock.
    /// Called from inside SQLite, under `lock`.
    private func lockIsBusy(tries: Int) -> Bool {
        if let busyCallback {
            let retries = busyCallback(tries)
            if retries, tries == 0 { log(.warning, "database is locked: the busy handler retries") }
            return retries
        }
        guard let delay = Self.busyTimeoutDelay(tries: tries, timeout: Int(busyTimeoutMilliseconds)) else {
            return false
        }
        if tries == 0 {
            log(.warning, "database is locked: waiting up to \(busyTimeout) s (busy timeout)")
        }
        // On the database's own VFS, as SQLite's busy timeout sleeps.
        if let vfs = busyVFS, let sleep = vfs.pointee.xSleep {
            _ = sleep(vfs, Int32(delay * 1000))
        } else {
            _ = sqlite3_sleep(Int32(delay))
        }
        return true
    }

    /// How many milliseconds SQLite's busy timeout sleeps before retry `tries` (0 the first),
    /// with `timeout` milliseconds in all; nil once the time is up. SQLite's own schedule
    /// (`sqliteDefaultBusyCallback`): short sleeps first, then 100 ms at a time.
    static func busyTimeoutDelay(tries: Int, timeout: Int) -> Int? {
        let delays = [1, 2, 5, 10, 15, 20, 25, 25, 25, 50, 50, 100]
        let last = delays.count - 1
        // Past the table, 100 ms per try; saturating, as a wait of days counts its tries.
        let (extra, overflowed) = delays[last].multipliedReportingOverflow(by: Swift.max(0, tries - last))
        let (prior, overflowedAgain) = delays.prefix(Swift.min(tries, last)).reduce(0, +).addingReportingOverflow(extra)
        if overflowed || overflowedAgain || prior >= timeout { return nil }
        let delay = Swift.min(delays[Swift.min(tries, last)], timeout - prior)
        return delay > 0 ? delay : nil
    }
}
