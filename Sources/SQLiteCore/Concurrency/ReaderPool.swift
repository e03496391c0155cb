import Dispatch

/// The reader connections of a ``DatabasePool``: at most `capacity`, each opened the first
/// time it is needed, lent to one read at a time. Reads that find none free wait in line, first
/// come first served.
///
/// An async read waits as work, not as a task: the pool runs its closure on the reader's
/// dispatch queue as soon as it gets one, started by whoever gave that reader back, and the
/// awaiting task resumes only with the result. No reader is ever held for a task waiting for a
/// thread of Swift's cooperative pool, so synchronous reads that block those threads cannot
/// starve the async ones of the readers they need (nor the other way round).
final class ReaderPool: @unchecked Sendable {
    private let capacity: Int
    private let makeReader: @Sendable (Int) -> SerialConnection

    private let lock = PlainLock()
    private var idle: [SerialConnection] = []
    private var all: [SerialConnection] = []
    private var waiters: [Waiter] = []
    private var isClosed = false

    /// A read waiting for a reader. Its members are used under `lock`.
    private final class Waiter: @unchecked Sendable {
        /// Whether the awaiting task was cancelled.
        var isCancelled = false
        /// Starts the read with the reader handed over, or fails it; taken (set to nil) by
        /// whoever calls it, which happens once, without `lock` held.
        var start: ((Swift.Result<SerialConnection, any Error>) -> Void)?
        /// The reader handed over, for cancelling the access.
        var reader: SerialConnection?
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

    /// Runs `body` as one access of a reader, on its queue, and awaits its value; waits in line
    /// for a reader when none is free. Cancelling the awaiting task before the access starts
    /// throws `CancellationError` (the access never starts, or starts and ends at once, giving
    /// its reader back); during the access, it interrupts the reader (as
    /// `SerialConnection.perform(_:)` does).
    func read<T: Sendable>(_ body: @escaping @Sendable (Connection, AccessTicket) throws -> T) async throws -> T {
        let ticket = AccessTicket()
        let waiter = Waiter()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<T, any Error>) in
                enqueue(waiter) { [self] outcome in
                    switch outcome {
                    case .failure(let error):
                        continuation.resume(throwing: error)
                    case .success(let reader):
                        reader.queue.async {
                            let result = reader.run(ticket, body)
                            self.release(reader)
                            continuation.resume(with: result)
                        }
                    }
                }
            }
        } onCancel: {
            cancel(waiter, ticket)
        }
    }

    /// Cancels a read: fails it when it is still in line, else cancels its access.
    private func cancel(_ waiter: Waiter, _ ticket: AccessTicket) {
        let (start, reader) = lock.withLock {
            waiter.isCancelled = true
            defer { waiter.start = nil }
            if waiter.start != nil { waiters.removeAll { $0 === waiter } }
            return (waiter.start, waiter.reader)
        }
        if let start {
            start(.failure(CancellationError()))
        } else if let reader {
            // Skips the access if it has not started, interrupts it if it runs.
            reader.cancel(ticket)
        }
        // Neither: the read is not in line yet, and `enqueue` sees `isCancelled`.
    }

    /// Waits for a reader, blocking the calling thread, and runs `body` with it before giving
    /// it back.
    func withReaderSync<T>(_ body: (SerialConnection) throws -> T) throws -> T {
        let semaphore = DispatchSemaphore(value: 0)
        let outcome = Locked<Swift.Result<SerialConnection, any Error>?>(nil)
        enqueue(Waiter()) { result in
            outcome.withLock { $0 = result }
            semaphore.signal()
        }
        semaphore.wait()
        guard let result = outcome.withLock({ $0 }) else { throw Result.accessAfterClose }
        let reader = try result.get()
        defer { release(reader) }
        return try body(reader)
    }

    /// Starts `waiter` at once with a free reader, else puts it in line.
    private func enqueue(_ waiter: Waiter, start: @escaping (Swift.Result<SerialConnection, any Error>) -> Void) {
        let outcome = lock.withLock { () -> Swift.Result<SerialConnection, any Error>? in
            if isClosed { return .failure(Result.accessAfterClose) }
            if waiter.isCancelled { return .failure(CancellationError()) }
            waiter.reader = takeLocked()
            if let reader = waiter.reader { return .success(reader) }
            waiter.start = start
            waiters.append(waiter)
            return nil
        }
        if let outcome { start(outcome) }
    }

    /// Every reader opened so far (each idle or running an access).
    var opened: [SerialConnection] { lock.withLock { all } }

    /// The connection lent to the access the calling thread runs on one of the readers, if any.
    var connectionOfCurrentAccess: Connection? {
        for reader in lock.withLock({ all }) {
            if let db = reader.connectionOfCurrentAccess { return db }
        }
        return nil
    }

    /// Gives `reader` back: to the first read in line, started here (an async read's access
    /// is queued on the reader's queue, a synchronous read's thread woken), or to the free list.
    func release(_ reader: SerialConnection) {
        let start = lock.withLock { () -> ((Swift.Result<SerialConnection, any Error>) -> Void)? in
            while !waiters.isEmpty {
                let waiter = waiters.removeFirst()
                if let start = waiter.start {
                    waiter.start = nil
                    waiter.reader = reader
                    return start
                }
            }
            idle.append(reader)
            return nil
        }
        start?(.success(reader))
    }

    /// Fails the reads in line, and closes every reader once its running read is done.
    func close() throws {
        let (starts, readers) = lock.withLock {
            isClosed = true
            let starts = waiters.map(\.start)
            for waiter in waiters { waiter.start = nil }
            waiters.removeAll()
            return (starts, all)
        }
        for start in starts { start?(.failure(Result.accessAfterClose)) }
        var failure: (any Error)?
        for reader in readers {
            do { try reader.close() } catch { failure = failure ?? error }
        }
        if let failure { throw failure }
    }
}
