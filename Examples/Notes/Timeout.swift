/// `body` took longer than it was given.
struct TimeoutError: Error, CustomStringConvertible {
    /// The time it was given, in seconds.
    var seconds: Double
    /// `timed out after 10.0 s`.
    var description: String { "timed out after \(seconds) s" }
}

/// Runs `body`, and cancels it and throws ``TimeoutError`` when it takes more than `seconds`.
///
/// The demo waits for an observation with it, so that a missed value fails the run instead of
/// hanging it.
func withTimeout<T: Sendable>(
    seconds: Double, _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            throw TimeoutError(seconds: seconds)
        }
        // The first child to finish decides; the other is cancelled (and awaited) on the way out.
        defer { group.cancelAll() }
        guard let value = try await group.next() else { throw TimeoutError(seconds: seconds) }
        return value
    }
}
