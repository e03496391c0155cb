/// The kinds of event ``Connection/trace(_:_:)`` reports (`SQLITE_TRACE_*`).
///
/// ```swift
/// db.trace([.statement, .profile]) { event in print(event) }
/// ```
public struct TraceEvents: OptionSet, Sendable, Hashable {
    /// The `SQLITE_TRACE_*`-like bits of the set.
    public let rawValue: UInt32

    /// The set with the bits of `rawValue`.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A statement starts running (`SQLITE_TRACE_STMT`), and each trigger it fires.
    public static let statement = TraceEvents(rawValue: 1 << 0)
    /// A statement finished, with how long it ran (`SQLITE_TRACE_PROFILE`).
    public static let profile = TraceEvents(rawValue: 1 << 1)
    /// A statement produced a row (`SQLITE_TRACE_ROW`).
    public static let row = TraceEvents(rawValue: 1 << 2)
    /// The connection closes (`SQLITE_TRACE_CLOSE`).
    public static let close = TraceEvents(rawValue: 1 << 3)
    /// Every event.
    public static let all: TraceEvents = [.statement, .profile, .row, .close]
}

/// One event reported to ``Connection/trace(_:_:)``.
public enum TraceEvent: Sendable, Hashable {
    /// A statement starts running. `sql` is its text as prepared, or, for a trigger the
    /// statement fires, a comment naming the trigger (`-- TRIGGER name`); `expandedSQL` is the
    /// text with the bound values substituted (`sqlite3_expanded_sql`), nil for a trigger or
    /// when SQLite could not build it.
    case statement(sql: String, expandedSQL: String?)
    /// A statement finished (ran to its end, was reset or finalized) after running for
    /// `duration` seconds (SQLite measures it in nanoseconds, on the VFS's clock).
    case profile(sql: String, duration: Double)
    /// A statement produced a row.
    case row(sql: String)
    /// The connection is closing (``Connection/close()``, or its last reference going away).
    case close

    /// The `.statement` event for `statement`, `detail` being SQLite's text argument.
    static func started(_ statement: OpaquePointer, detail: UnsafeMutableRawPointer?) -> TraceEvent {
        let text = detail.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? sql(of: statement)
        // A trigger's event carries a comment: the statement's own expansion is not about it.
        return .statement(sql: text, expandedSQL: text.hasPrefix("--") ? nil : expandedSQL(of: statement))
    }

    /// `statement`'s SQL with its bound values substituted (`sqlite3_expanded_sql`), nil when
    /// SQLite cannot build it.
    static func expandedSQL(of statement: OpaquePointer) -> String? {
        guard let text = sqlite3_expanded_sql(statement) else { return nil }
        defer { sqlite3_free(text) }
        return String(cString: text)
    }

    /// The SQL text `statement` was prepared from.
    static func sql(of statement: OpaquePointer) -> String {
        sqlite3_sql(statement).map { String(cString: $0) } ?? ""
    }
}
