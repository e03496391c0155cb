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
