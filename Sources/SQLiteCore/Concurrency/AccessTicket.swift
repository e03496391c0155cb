/// One access to a connection of a ``DatabaseQueue`` or ``DatabasePool``: whether the task
/// that awaits it was cancelled. Shared by the awaiting task's cancellation handler and the
/// dispatch queue that runs the access.
final class AccessTicket: @unchecked Sendable {
    private let lock = PlainLock()
    private var cancelled = false

    /// Whether the awaiting task was cancelled.
    var isCancelled: Bool {
        lock.lock()
        defer { lock.unlock() }
        return cancelled
    }

    /// Marks the access cancelled.
    func cancel() {
        lock.lock()
        cancelled = true
        lock.unlock()
    }
}
