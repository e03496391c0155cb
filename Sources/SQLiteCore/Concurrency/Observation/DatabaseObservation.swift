/// The values of a fetch, as they change: an `AsyncSequence` made by `observe(options:_:)` on a
/// ``DatabaseQueue`` or ``DatabasePool``.
///
/// ```swift
/// let names = pool.observe { db in
///     try db.prepare("SELECT name FROM player ORDER BY name").map { $0[0] as? String }
/// }
/// for try await list in names.removeDuplicates() {
///     print(list)        // the current names, then the names after each change
/// }
/// ```
///
/// Iterating starts the observation: it yields the current value first, then a fresh value
/// after every committed transaction that changed a table the fetch read (never for a
/// rolled-back one). A consumer slower than the commits gets the latest value, never a
/// backlog. The sequence ends with the fetch's error, if it throws; ending the iterating task,
/// or dropping the iterator, stops the observation and releases the fetch closure. Closing
/// the database ends the sequence; iterating one made from a closed database throws.
public struct DatabaseObservation<Value: Sendable>: AsyncSequence, Sendable {
    /// The fetched value.
    public typealias Element = Value

    let host: ObservationHost
    let options: ObservationOptions
    let fetch: @Sendable (Connection) throws -> Value
    let isDuplicate: (@Sendable (Value, Value) -> Bool)?

    /// An observation that skips a value equal, by `isDuplicate`, to the one yielded before
    /// (and by any comparison given before this one).
    public func removeDuplicates(by isDuplicate: @escaping @Sendable (Value, Value) -> Bool) -> DatabaseObservation {
        let combined: @Sendable (Value, Value) -> Bool =
            if let earlier = self.isDuplicate {
                { earlier($0, $1) || isDuplicate($0, $1) }
            } else {
                isDuplicate
            }
        return DatabaseObservation(host: host, options: options, fetch: fetch, isDuplicate: combined)
    }

    /// Starts the observation.
    public func makeAsyncIterator() -> Iterator {
        let (stream, continuation) = AsyncThrowingStream<Value, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(1))
        let run = ObservationRun(
            host: host, options: options, fetch: fetch, isDuplicate: isDuplicate, continuation: continuation)
        continuation.onTermination = { _ in run.stop() }
        run.start()
        return Iterator(base: stream.makeAsyncIterator(), lifetime: IteratorLifetime(run.stop))
    }

    /// Gives the observed values, one at a time.
    public struct Iterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<Value, any Error>.Iterator
        /// Stops the observation when the last copy of the iterator is gone: the stream's own
        /// end is not enough, since the observation keeps the stream alive.
        let lifetime: IteratorLifetime

        /// The next value: waits for a change; `nil` once the observation stopped.
        public mutating func next() async throws -> Value? {
            try await base.next()
        }
    }
}

/// Runs a closure when the iterator that holds it is released.
final class IteratorLifetime: Sendable {
    private let end: @Sendable () -> Void

    init(_ end: @escaping @Sendable () -> Void) { self.end = end }

    deinit { end() }
}

extension DatabaseObservation where Value: Equatable {
    /// An observation that skips a value equal to the one yielded before it.
    ///
    /// ```swift
    /// for try await count in pool.observe({ db in try db.scalar("SELECT count(*) FROM player") as? Int64 })
    ///     .removeDuplicates() { ... }
    /// ```
    public func removeDuplicates() -> DatabaseObservation {
        removeDuplicates(by: ==)
    }
}
