import Foundation

/// A value behind a lock, for the record tier's process-wide state (the default and named
/// databases, the tables synced through each database): read and changed only inside
/// ``withLock(_:)``.
final class LockedValue<Value>: @unchecked Sendable {
    private let lock = PlainLock()
    private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, the lock held.
    func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
