/// Keeps the boxes of closures handed to SQLite as context pointers alive, one slot per kind
/// of callback, and releases each when it is replaced or when the connection closes.
final class CallbackRegistry: @unchecked Sendable {
    private var boxes: [String: AnyObject] = [:]
    private let lock = RecursiveLock()

    /// Stores `box` under `key` (replacing and releasing any previous one).
    func set(_ key: String, _ box: AnyObject?) {
        lock.withLock { boxes[key] = box }
    }

    /// Releases every box.
    func removeAll() {
        lock.withLock { boxes.removeAll() }
    }
}

/// A closure boxed in a class, so that SQLite can carry it as an opaque context pointer.
final class CallbackBox<Function>: @unchecked Sendable {
    let function: Function
    init(_ function: Function) { self.function = function }

    /// An unretained pointer to the box: the owner keeps the box alive.
    var unretainedPointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    /// The box behind a pointer made by `unretainedPointer` or `Unmanaged.passRetained`.
    static func from(_ pointer: UnsafeMutableRawPointer) -> CallbackBox {
        Unmanaged<CallbackBox>.fromOpaque(pointer).takeUnretainedValue()
    }
}
