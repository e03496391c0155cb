import Dispatch

/// The reader connections of a ``DatabasePool``: at most `capacity`, each opened the first
/// time it is needed, lent to one read at a time. A read that finds none free waits in line
/// without blocking a thread (or, for the synchronous `read`, blocking its own).
final class ReaderPool: @unchecked Sendable {
    private let capacity: Int
    private let makeReader: @Sendable (Int) -> SerialConnection

    private let lock = PlainLock()
    private var idle: [SerialConnection] = []
    private var all: [SerialConnection] = []
    private var waiters: [Waiter] = []
    private var isClosed = false

    /// A read waiting for a reader: resumed once, with a reader or an error.
    private final class Waiter: @unchecked Sendable {
        var isCancelled = false
        var resume: ((Swift.Result<SerialConnection, any Error>) -> Void)?
    }

    init(capacity: Int, makeReader: @escaping @Sendable (Int) -> SerialConnection) {
        self.capacity = Swift.max(1, capacity)
        self.makeReader = makeReader
    }

    /// A free reader, or a new one while fewer than `capacity` exist. Call with `lock` held.
    private func takeLocked() -> SerialConnection? {
        if let reader = idle.popLast() { return reader }
        guard all.count < capacity else { return nil }
        let reader = makeReader(all.count)
        all.append(reader)
        return reader
    }

    /// Waits for a reader. Cancelling the waiting task throws `CancellationError`.
    func acquire() async throws -> SerialConnection {
        lock.lock()
        if isClosed {
            lock.unlock()
            throw Result.accessAfterClose
        }
        if let reader = takeLocked() {
            lock.unlock()
            return reader
        }
        lock.unlock()
        let waiter = Waiter()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation {
                (continuation: CheckedContinuation<SerialConnection, any Error>) in
                enqueue(waiter) { continuation.resume(with: $0) }
            }
        } onCancel: {
            lock.lock()
            waiter.isCancelled = true
            let resume = waiter.resume
            waiter.resume = nil
            waiters.removeAll { $0 === waiter }
            lock.unlock()
            resume?(.failure(CancellationError()))
        }
    }

    /// Waits for a reader, blocking the calling thread.
    func acquireSync() throws -> SerialConnection {
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = Locked<Swift.Result<SerialConnection, any Error>?>(nil)
        enqueue(Waiter()) { result in
            outcome.withLock { $0 = result }
            semaphore.signal()
        }
        semaphore.wait()
        guard let result = outcome.withLock({ $0 }) else { throw Result.accessAfterClose }
        return try result.get()
    }

    /// Hands `waiter` a reader at once when one is free, else puts it in line.
    private func enqueue(_ waiter: Waiter, resume: @escaping (Swift.Result<SerialConnection, any Error>) -> Void) {
        lock.lock()
        if isClosed {
            lock.unlock()
            return resume(.failure(Result.accessAfterClose))
        }
        if waiter.isCancelled {
            lock.unlock()
            return resume(.failure(CancellationError()))
        }
        if let reader = takeLocked() {
            lock.unlock()
            return resume(.success(reader))
        }
        waiter.resume = resume
        waiters.append(waiter)
        lock.unlock()
    }

    /// Gives `reader` back: to the first read in line, or to the free list.
    /// The connection lent to the access the calling thread runs on one of the readers, if any.
    var connectionOfCurrentAccess: Connection? {
        lock.lock()
        let readers = all
        lock.unlock()
        for reader in readers {
            if let db = reader.connectionOfCurrentAccess { return db }
        }
        return nil
    }

    func release(_ reader: SerialConnection) {
        lock.lock()
        while !waiters.isEmpty {
            let waiter = waiters.removeFirst()
            if let resume = waiter.resume {
                waiter.resume = nil
                lock.unlock()
                resume(.success(reader))
                return
            }
        }
        idle.append(reader)
        lock.unlock()
    }

    /// Fails the reads in line, and closes every reader once its running read is done.
    func close() throws {
        lock.lock()
        isClosed = true
        let waiting = waiters
        waiters.removeAll()
        let readers = all
        lock.unlock()
        for waiter in waiting {
            let resume = waiter.resume
            waiter.resume = nil
            resume?(.failure(Result.accessAfterClose))
        }
        var failure: (any Error)?
        for reader in readers {
            do { try reader.close() } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }
}
