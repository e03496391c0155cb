/// How much a connection logs: each level includes the ones above it in importance, so
/// `.warning` logs warnings and errors, and `.debug` logs everything.
///
/// ```swift
/// db.logging = LogConfiguration(level: .warning)   // slow statements, busy waits, errors
/// ```
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
    /// Every statement run, with its SQL, its bound values and how long it took.
    case debug
    /// Connections opened and closed, transactions and savepoints begun, committed and rolled
    /// back, and what the higher tiers report (such as migrations).
    case info
    /// Statements slower than the threshold, and waits for a lock another connection held.
    case warning
    /// Statements that failed to prepare or to run, with their result code.
    case error

    /// Orders the levels from ``debug`` (least important) to ``error``.
    public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension LogLevel: CustomStringConvertible {
    /// `"debug"`, `"info"`, `"warning"` or `"error"`.
    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .warning: "warning"
        case .error: "error"
        }
    }
}
