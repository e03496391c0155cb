/// A value behind a lock, read and changed only inside ``withLock(_:)``: state shared between
/// threads, such as a waiting thread and the one that wakes it, or the record tier's registry
/// of databases.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = PlainLock()
    private var value: Value

    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value, the lock held.
    package func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
