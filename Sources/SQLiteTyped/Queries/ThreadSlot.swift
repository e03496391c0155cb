import CSQLiteAmalgamation

/// Puts objects in the calling thread's slots (`csqlite_set_thread_slot`), where a memo that
/// only its thread uses is read without a lock; what a slot holds when its thread exits is
/// released then.
package enum ThreadSlot {
    /// Keeps `object` in the calling thread's slot `slot`, releasing the object it replaces.
    package static func put(_ object: AnyObject, in slot: Int32) {
        let previous = csqlite_set_thread_slot(slot, Unmanaged.passRetained(object).toOpaque(), releaseObject)
        if let previous { Unmanaged<AnyObject>.fromOpaque(previous).release() }
    }
}

/// Releases an object a per-thread slot held, when its thread exits.
private func releaseObject(_ object: UnsafeMutableRawPointer?) {
    guard let object else { return }
    Unmanaged<AnyObject>.fromOpaque(object).release()
}
