import Dispatch

/// A monotonic clock in nanoseconds, for the durations that log entries report. The standard
/// library's `ContinuousClock` needs macOS 13 / iOS 16; `DispatchTime` is on every platform the
/// package supports, back to its floor.
enum MonotonicClock {
    /// A reading: nanoseconds since an arbitrary fixed point.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// The seconds elapsed since `start`, a reading of ``now()``.
    static func seconds(since start: UInt64) -> Double {
        let end = now()
        return end > start ? Double(end - start) / 1e9 : 0
    }
}
