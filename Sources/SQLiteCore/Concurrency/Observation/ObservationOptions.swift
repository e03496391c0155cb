/// How an observation started by `observe(options:_:)` finds out that its value may have
/// changed.
///
/// By default it sees the transactions committed through the same ``DatabaseQueue`` or
/// ``DatabasePool``. ``externalChanges(checkEvery:)`` also sees commits made by other
/// connections and other processes:
///
/// ```swift
/// for try await players in pool.observe(options: .externalChanges(checkEvery: 0.5), { db in
///     try db.prepare("SELECT name FROM player").map { $0[0] as? String }
/// }) { ... }
/// ```
public struct ObservationOptions: Sendable, Hashable {
    /// How often, in seconds, `PRAGMA data_version` is read to detect commits by other
    /// connections and processes; `nil` for commits through this queue or pool only.
    /// It is also read after every local commit.
    public var externalChangesInterval: Double?

    /// Changes committed through this queue or pool only.
    public static let `default` = ObservationOptions()

    /// Also changes committed by other connections and processes, checked after each local
    /// commit and every `interval` seconds (at least a millisecond). Such a change does not
    /// say which tables it touched, so every observation that opted in fetches again.
    public static func externalChanges(checkEvery interval: Double = 1) -> ObservationOptions {
        ObservationOptions(externalChangesInterval: Swift.max(interval.isNaN ? 1 : interval, 0.001))
    }

    /// Options with the given interval (`nil`: local changes only).
    public init(externalChangesInterval: Double? = nil) {
        self.externalChangesInterval = externalChangesInterval
    }
}
