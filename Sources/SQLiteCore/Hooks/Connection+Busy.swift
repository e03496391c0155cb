extension Connection {
    /// How long, in seconds, a statement retries when another connection holds a lock,
    /// before failing with `SQLITE_BUSY`. Default: 0 (fail at once).
    ///
    /// ```swift
    /// db.busyTimeout = 5
    /// ```
    ///
    /// Setting it replaces any ``busyHandler(_:)``, and the other way round.
    public var busyTimeout: Double {
        get { connection.lock.withLock { busyTimeoutSeconds } }
        set {
            connection.lock.withLock {
                if connection.isClosed { return }
                busyTimeoutSeconds = newValue
                callbacks.set("busy", nil)
                // Clamp in floating point: Int(_:) traps on infinity and NaN. Zero or less (and
                // NaN) means no waiting; the largest wait SQLite takes is Int32.max ms (~25 days).
                let milliseconds = (newValue * 1000).rounded()
                let clamped = milliseconds.isNaN ? 0 : Swift.min(Swift.max(milliseconds, 0), Double(Int32.max))
                sqlite3_busy_timeout(handle, Int32(clamped))
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
        connection.lock.withLock {
            // A closed connection has no hooks to change: every later use throws anyway.
            if connection.isClosed { return }
            busyTimeoutSeconds = 0
            guard let callback else {
                sqlite3_busy_handler(handle, nil, nil)
                callbacks.set("busy", nil)
                return
            }
            let box = CallbackBox(callback)
            sqlite3_busy_handler(
                handle,
                { context, tries in
                    guard let context else { return 0 }
                    return CallbackBox<@Sendable (Int) -> Bool>.from(context).function(Int(tries)) ? 1 : 0
                }, box.unretainedPointer)
            callbacks.set("busy", box)
        }
    }

    private var busyTimeoutSeconds: Double {
        get { connection.busyTimeout }
        set { connection.busyTimeout = newValue }
    }
}
