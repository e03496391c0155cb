import Dispatch
import Foundation

/// Runs `body` in a detached task and blocks the calling thread until it is done, for the
/// harness's synchronous `run` closures.
///
/// The task runs on Swift's cooperative thread pool, never on the calling thread, which only
/// waits on a semaphore: call this from synchronous code outside that pool (the harness's main
/// thread), never from a task, whose blocked thread the pool may need to finish `body`.
func blockingAwait<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
    let done = DispatchSemaphore(value: 0)
    let outcome = Outcome<T>()
    Task.detached {
        do {
            outcome.set(.success(try await body()))
        } catch {
            outcome.set(.failure(error))
        }
        done.signal()
    }
    done.wait()
    guard let result = outcome.get() else {
        throw RawSQL.Failure(description: "blockingAwait: the task ended without a result")
    }
    return try result.get()
}

/// The result of a task, handed from the task to the thread that waits for it.
private final class Outcome<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Swift.Result<T, any Error>?

    /// Stores the task's result.
    func set(_ result: Swift.Result<T, any Error>) {
        lock.lock()
        self.result = result
        lock.unlock()
    }

    /// The stored result, nil before ``set(_:)``.
    func get() -> Swift.Result<T, any Error>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }
}
