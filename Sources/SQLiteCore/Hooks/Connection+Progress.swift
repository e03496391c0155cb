extension Connection {
    /// Calls `handler` about every `instructions` virtual machine instructions while a
    /// statement runs (`sqlite3_progress_handler`); returning `true` interrupts the statement,
    /// which then throws `SQLITE_INTERRUPT`. `nil`, or `instructions` less than 1, removes it.
    ///
    /// ```swift
    /// let deadline = DispatchTime.now() + .seconds(2)
    /// db.progressHandler(every: 1000) { DispatchTime.now() > deadline }
    /// try db.execute(longReport)   // throws SQLITE_INTERRUPT after about two seconds
    /// ```
    ///
    /// The handler runs inside SQLite, with the connection's lock held: it must not use the
    /// connection. It suits progress reporting, deadlines and cancellation of long queries.
    ///
    /// A ``DatabaseQueue`` or ``DatabasePool`` uses the same SQLite slot to stop the
    /// statements of a cancelled access, checking every 500 instructions; both are served by
    /// one C handler, called every `min(instructions, 500)` instructions, which calls each
    /// party after its own number of calls. The user's interval is then rounded to the nearest
    /// multiple of the smaller one (at least one): an approximation, as SQLite's own count is.
    @preconcurrency
    public func progressHandler(every instructions: Int, _ handler: (@Sendable () -> Bool)?) {
        withOpenHandle { handle in
            handle.hooks.progress = instructions > 0 ? handler : nil
            handle.hooks.progressInterval = instructions
            handle.refreshProgressHandler()
        }
    }
}

extension ConnectionHandle {
    /// Sets the package's check that the running access of a queue or pool was not cancelled
    /// (nil removes it), asked every ``HookSet/interruptCheckInterval`` instructions. Call with
    /// `lock` held.
    func setInterruptCheck(_ check: (@Sendable () -> Bool)?) {
        if isClosed { return }
        hooks.interruptCheck = check
        refreshProgressHandler()
    }

    /// Registers one C progress handler for the user's handler and the interruption check, at
    /// the smaller of their intervals, or none. Call with `lock` held and the database open.
    func refreshProgressHandler() {
        let user = hooks.progress == nil ? nil : hooks.progressInterval
        let check = hooks.interruptCheck == nil ? nil : HookSet.interruptCheckInterval
        guard let base = [user, check].compactMap({ $0 }).min() else {
            sqlite3_progress_handler(pointer, 0, nil, nil)
            return
        }
        hooks.progressCalls = 0
        hooks.progressStride = Self.stride(user, base)
        hooks.interruptCheckStride = Self.stride(check, base)
        sqlite3_progress_handler(
            pointer, Int32(clamping: base),
            { context in
                guard let context else { return 0 }
                let hooks = ConnectionHandle.from(context).hooks
                hooks.progressCalls &+= 1
                let calls = hooks.progressCalls
                // The cancellation first: a cancelled access stops whatever the user says.
                if let check = hooks.interruptCheck, calls % hooks.interruptCheckStride == 0, check() { return 1 }
                if let progress = hooks.progress, calls % hooks.progressStride == 0, progress() { return 1 }
                return 0
            }, Unmanaged.passUnretained(self).toOpaque())
    }

    /// How many calls every `base` instructions stand for `interval` instructions: the nearest
    /// whole number, at least 1.
    private static func stride(_ interval: Int?, _ base: Int) -> UInt {
        guard let interval else { return 1 }
        return UInt(Swift.max(1, (Double(interval) / Double(base)).rounded()))
    }
}
