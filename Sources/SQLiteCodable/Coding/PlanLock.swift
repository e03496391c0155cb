#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A plain mutual-exclusion lock for the per-type plans, which insert paths take twice per
/// row: the mutex is called directly, without `NSLock`'s dynamic dispatch.
final class PlanLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    @inline(__always)
    func lock() { pthread_mutex_lock(mutex) }

    @inline(__always)
    func unlock() { pthread_mutex_unlock(mutex) }
}
