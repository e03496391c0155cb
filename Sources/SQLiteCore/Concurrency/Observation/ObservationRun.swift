import Dispatch

/// One iteration of a ``DatabaseObservation``: fetches on a queue of its own, one fetch at a
/// time, and yields to the stream the iterator reads.
///
/// A change arriving while a fetch runs is kept, and fetches again once that fetch is done if
/// it touched a table the fetch read: bursts of commits become one fetch, and the stream keeps
/// only the newest value for a consumer that lags.
final class ObservationRun<Value: Sendable>: ObservationSubscriber, @unchecked Sendable {
    private let host: any ObservationHost
    private let fetch: @Sendable (Connection) throws -> Value
    private let isDuplicate: (@Sendable (Value, Value) -> Bool)?
    private let continuation: AsyncThrowingStream<Value, any Error>.Continuation
    let externalChangesInterval: Double?

    /// Runs the fetches, one after the other.
    private let queue = DispatchQueue(label: "swift-sqlite.observation")
    /// What the fetches learned of their SQL. Used on ``queue`` only.
    private let regions = RegionCache()

    private let lock = PlainLock()
    /// The tables the last fetch read; `nil` before the first fetch.
    private var region: Set<String>?
    /// Whether a fetch is queued or running.
    private var isFetching = false
    /// Changes seen while a fetch runs: `nil` inside means "any table".
    private var changesDuringFetch: Set<String>?? = .none
    private var isStopped = false
    /// The value yielded last, for ``isDuplicate``. Used on ``queue`` only.
    private var lastValue: Value?

    init(
        host: any ObservationHost, options: ObservationOptions, fetch: @escaping @Sendable (Connection) throws -> Value,
        isDuplicate: (@Sendable (Value, Value) -> Bool)?,
        continuation: AsyncThrowingStream<Value, any Error>.Continuation
    ) {
        self.host = host
        self.fetch = fetch
        self.isDuplicate = isDuplicate
        self.continuation = continuation
        externalChangesInterval = options.externalChangesInterval
    }

    /// Registers with the database, which then asks for the first value.
    func start() {
        host.observations.add(self)
    }

    /// Unregisters and ends the stream; pending fetches do nothing.
    @Sendable
    func stop() {
        lock.lock()
        let wasStopped = isStopped
        isStopped = true
        lock.unlock()
        if !wasStopped {
            host.observations.remove(self)
            continuation.finish()
        }
    }

    func databaseClosed(_ error: (any Error)?) {
        lock.withLock { isStopped = true }
        continuation.finish(throwing: error)
    }

    func databaseChanged(_ tables: Set<String>?) {
        lock.lock()
        defer { lock.unlock() }
        if isStopped { return }
        if isFetching {
            // Which tables the running fetch reads is known once it ends: keep the change.
            switch changesDuringFetch {
            case .none: changesDuringFetch = .some(tables)
            case .some(.some(let seen)): changesDuringFetch = .some(tables.map { seen.union($0) })
            case .some(.none): break
            }
            return
        }
        if let region, let tables, region.isDisjoint(with: tables) { return }
        isFetching = true
        queue.async { self.fetchUntilCurrent() }
    }

    /// Fetches, yields, and fetches again while changes came in that touch the fetch's tables.
    private func fetchUntilCurrent() {
        while true {
            let stopped = lock.withLock {
                changesDuringFetch = .none
                if isStopped { isFetching = false }
                return isStopped
            }
            if stopped { return }
            let value: Value
            let tables: Set<String>
            do {
                (value, tables) = try host.fetchObserved(fetch, regions: regions)
            } catch {
                lock.withLock {
                    isStopped = true
                    isFetching = false
                }
                continuation.finish(throwing: error)
                host.observations.remove(self)
                return
            }
            let skip = lastValue.map { last in isDuplicate?(last, value) ?? false } ?? false
            if !skip {
                lastValue = value
                continuation.yield(value)
            }
            let fetchesAgain = lock.withLock {
                region = tables
                let again: Bool
                switch changesDuringFetch {
                case .none: again = false
                case .some(.none): again = true
                case .some(.some(let changed)): again = !changed.isDisjoint(with: tables)
                }
                isFetching = again && !isStopped
                return isFetching
            }
            if !fetchesAgain { return }
        }
    }
}
