extension Connection {
    /// The current value of a run-time limit (`sqlite3_limit` with a negative new value, which
    /// only reads it).
    ///
    /// ```swift
    /// let longest = try db.limit(.length)   // 1_000_000_000 unless lowered
    /// ```
    ///
    /// - Throws: ``Result`` once the connection is closed.
    public func limit(_ limit: Limit) throws -> Int {
        try withOpenLock { Int(sqlite3_limit(handle, limit.rawValue, -1)) }
    }

    /// Changes a run-time limit for this connection and returns its previous value
    /// (`sqlite3_limit`).
    ///
    /// ```swift
    /// let previous = try db.setLimit(.attached, to: 2)
    /// try db.setLimit(.attached, to: previous)   // back as it was
    /// ```
    ///
    /// SQLite lowers a value above the limit's compile-time maximum to that maximum, silently:
    /// read ``limit(_:)`` to learn the value in effect. Values above `Int32.max` are passed as
    /// `Int32.max` (and so lowered the same way).
    ///
    /// - Parameters:
    ///   - limit: the limit to change.
    ///   - value: its new value, 0 or more. (SQLite reads a negative value as "leave it and
    ///     return it"; here that is ``limit(_:)``'s job, and a negative value is a mistake.)
    /// - Returns: the value before the change.
    /// - Throws: ``Result`` (`SQLITE_RANGE`) for a negative value, or once the connection is
    ///   closed.
    @discardableResult
    public func setLimit(_ limit: Limit, to value: Int) throws -> Int {
        guard value >= 0 else {
            throw Result.misuse(
                "the limit \(limit) cannot be set to \(value): a limit is 0 or more (read it with limit(_:))",
                code: SQLITE_RANGE)
        }
        return try withOpenLock { Int(sqlite3_limit(handle, limit.rawValue, Int32(clamping: value))) }
    }
}
