/// Whether a ``DatabaseQueue`` or ``DatabasePool`` is suspended (``DatabaseQueue/suspend()``,
/// ``DatabasePool/suspend()``): owned by the queue or pool, read by each of its connections'
/// ``SerialConnection`` when an access starts and by SQLite's progress handler while one runs.
///
/// Why it exists: iOS terminates a suspended app that holds a file lock on a database in a
/// shared container (exception `0xdead10cc`). While suspended, no access starts, running
/// statements are interrupted, and an interrupted access rolls its transaction back, so no
/// lock outlives the accesses that were running.
final class Suspension: @unchecked Sendable {
    private let lock = PlainLock()
    private var suspended = false

    /// Whether accesses are refused and running statements interrupted.
    var isSuspended: Bool { lock.withLock { suspended } }

    /// Sets ``isSuspended``.
    func set(_ value: Bool) { lock.withLock { suspended = value } }
}
