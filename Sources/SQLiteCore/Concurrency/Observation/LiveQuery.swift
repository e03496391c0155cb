import Observation

/// A value that follows the database: the result of a fetch, fetched again after every commit
/// that changes what it read, as an `@Observable` object that SwiftUI views, view models and
/// any other Observation client read directly.
///
/// ```swift
/// let players = LiveQuery(pool, initialValue: []) { db in
///     try db.prepare("SELECT name FROM player ORDER BY name").map { $0[0] as? String ?? "" }
/// }
/// players.value       // [] until the first fetch, then the names, kept current
/// players.isLoaded    // whether the first fetch completed
/// players.error       // the last fetch's error, nil after a fetch that succeeded
/// ```
///
/// The fetch closure may use any tier: raw SQL, typed queries (`db.prepare(query)`), records
/// (`Player.fetchAll(in: db)`). It runs in a read access of its own, as an observation made by
/// `observe(options:_:)` (``DatabaseObservation``): once when the query starts, then after every
/// committed transaction that changed a table it read, never for a rolled-back one. A burst of
/// commits ends on the final value without a backlog of fetches.
///
/// **Delivery.** The new values are set on the main actor by default, so that a SwiftUI view
/// (and `withObservationTracking`'s change handler) sees each change there; ``Delivery`` sets
/// them on another actor, or on the observation's own task with no hop.
///
/// **Errors.** A fetch that throws does not end the query: ``error`` holds the error,
/// ``value`` keeps the last value fetched, and the next fetch that succeeds (after a commit
/// that changes a table the failed fetch read, or a schema change) clears ``error``.
///
/// **Lifetime.** The query starts when made (unless `startsImmediately` is false) and stops
/// when released: its observation keeps no strong reference to it, so nothing else keeps it
/// alive and no retain cycle runs through the database. ``stop()`` and ``start()`` pause and
/// resume it (a view that leaves the screen); ``run()`` runs it for the lifetime of the calling
/// task, such as a SwiftUI `.task` modifier's. Closing the database ends it.
///
/// **Availability.** `@Observable` needs iOS 17, macOS 14, tvOS 17, watchOS 10 or visionOS 1.
/// On older systems iterate ``DatabaseObservation`` (`observe(options:_:)`) instead.
///
/// The object is `Sendable`: its state is behind a lock, so reading ``value`` from any thread
/// is safe, and each change notifies its observers on the delivery actor.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@Observable
public final class LiveQuery<Value: Sendable>: Sendable {
    /// Where a ``LiveQuery`` sets its new values, and so where its observers are notified.
    public struct Delivery: Sendable {
        /// The actor the values are set on; nil for the observation's own task.
        let actor: (any Actor)?

        /// On the main actor (the default): for SwiftUI views and main-actor view models.
        public static var mainActor: Delivery { Delivery(actor: MainActor.shared) }

        /// On `actor`: for a model or a cache isolated to an actor of its own.
        ///
        /// ```swift
        /// actor PlayerCache { ... }
        /// let cache = PlayerCache()
        /// let players = LiveQuery(pool, initialValue: [], delivery: .on(cache)) { db in ... }
        /// ```
        public static func on(_ actor: any Actor) -> Delivery { Delivery(actor: actor) }

        /// On the task that consumes the observation, with no actor hop: the lowest latency,
        /// for clients that read ``LiveQuery/value`` from any thread (a server's cache, a test).
        public static var immediate: Delivery { Delivery(actor: nil) }
    }

    /// A fetch's outcome, as the underlying observation yields it: a failing fetch does not
    /// end the observation.
    typealias Update = Swift.Result<Value, any Error>

    private struct State {
        var value: Value
        var error: (any Error)?
        var isLoaded = false
        /// The task consuming the running observation; nil when stopped.
        var task: Task<Void, Never>?
        /// Counts starts and stops: an update from an observation stopped since is dropped.
        var generation = 0
    }

    /// The observable properties and the running observation.
    @ObservationIgnored private let state: Locked<State>
    @ObservationIgnored private let database: any DatabaseReader
    @ObservationIgnored private let options: ObservationOptions
    @ObservationIgnored private let delivery: Delivery
    @ObservationIgnored private let fetch: @Sendable (Connection) throws -> Value
    /// The comparison of `removeDuplicates`; nil when every fetched value is set.
    @ObservationIgnored private let isDuplicate: (@Sendable (Value, Value) -> Bool)?

    /// The value of the last fetch that succeeded; `initialValue` before the first.
    public var value: Value {
        access(keyPath: \.value)
        return state.withLock { $0.value }
    }

    /// The error of the last fetch, nil when it succeeded; or the error that ended the
    /// observation (observing a closed database).
    public var error: (any Error)? {
        access(keyPath: \.error)
        return state.withLock { $0.error }
    }

    /// Whether the first fetch has completed, successfully or not; also true when the query
    /// could not start (a closed database: see ``error``).
    public var isLoaded: Bool {
        access(keyPath: \.isLoaded)
        return state.withLock { $0.isLoaded }
    }

    /// A query of `fetch` on `database`, with `initialValue` until its first fetch completes.
    ///
    /// ```swift
    /// let players = LiveQuery(pool, initialValue: [Player]()) { db in
    ///     try Player.fetchAll(in: db)
    /// }
    /// ```
    ///
    /// A SwiftUI view that makes its own query in `@State` passes `startsImmediately: false`
    /// and runs it with `.task { await players.run() }`: SwiftUI may make the view's initial
    /// values several times and keep one, and the discarded queries then never start.
    ///
    /// - Parameters:
    ///   - database: A ``DatabaseQueue`` or ``DatabasePool``.
    ///   - initialValue: The value before the first fetch (`nil` for an optional `Value`).
    ///   - options: Which commits are seen: ``ObservationOptions/externalChanges(checkEvery:)``
    ///     adds those of other connections and processes.
    ///   - delivery: Where new values are set: the main actor unless told otherwise.
    ///   - startsImmediately: Whether to start now; false waits for ``start()`` or ``run()``.
    ///   - fetch: Reads the value, in a read access of its own.
    public convenience init(
        _ database: any DatabaseReader, initialValue: Value, options: ObservationOptions = .default,
        delivery: Delivery = .mainActor, startsImmediately: Bool = true,
        fetch: @escaping @Sendable (Connection) throws -> Value
    ) {
        self.init(
            database: database, initialValue: initialValue, options: options, delivery: delivery,
            isDuplicate: nil, fetch: fetch)
        if startsImmediately { start() }
    }

    init(
        database: any DatabaseReader, initialValue: Value, options: ObservationOptions, delivery: Delivery,
        isDuplicate: (@Sendable (Value, Value) -> Bool)?, fetch: @escaping @Sendable (Connection) throws -> Value
    ) {
        state = Locked(State(value: initialValue))
        self.database = database
        self.options = options
        self.delivery = delivery
        self.isDuplicate = isDuplicate
        self.fetch = fetch
    }

    deinit {
        state.withLock { $0.task }?.cancel()
    }

    /// Starts observing: fetches at once, then after every commit that changes what the fetch
    /// read. Does nothing while the query runs.
    public func start() {
        state.withLock { state in
            guard state.task == nil else { return }
            state.generation += 1
            state.task = makeTask(generation: state.generation)
        }
    }

    /// Stops observing: no fetch starts after this call and no update from the stopped
    /// observation is set. ``value`` and ``error`` keep what they hold; ``start()`` resumes.
    public func stop() {
        stop(generation: nil)
    }

    /// Runs the query for as long as the calling task: starts it (unless it runs already),
    /// and stops it when the task is cancelled. Returns once the query stopped (cancelled,
    /// ``stop()``, or the database closed).
    ///
    /// ```swift
    /// List(players.value) { ... }
    ///     .task { await players.run() }     // observes while the view is on screen
    /// ```
    public func run() async {
        start()
        guard case let (task, generation)? = state.withLock({ state in state.task.map { ($0, state.generation) } })
        else { return }
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            self.stop(generation: generation)
        }
    }

    /// Stops the observation started as `generation`, or any when nil.
    private func stop(generation: Int?) {
        let task = state.withLock { state -> Task<Void, Never>? in
            guard generation == nil || generation == state.generation, let task = state.task else { return nil }
            state.task = nil
            state.generation += 1
            return task
        }
        task?.cancel()
    }

    /// The task that iterates the observation and sets its values. It holds the query weakly,
    /// and strongly only while it sets a value: releasing the query cancels it (`deinit`).
    private func makeTask(generation: Int) -> Task<Void, Never> {
        let fetch = fetch
        var observation = database.observe(options: options) { db in Update { try fetch(db) } }
        if let isDuplicate {
            observation = observation.removeDuplicates { old, new in
                guard case .success(let old) = old, case .success(let new) = new else { return false }
                return isDuplicate(old, new)
            }
        }
        let actor = delivery.actor
        return Task { [weak self, observation] in
            do {
                for try await update in observation {
                    await Self.deliver(update, generation: generation, to: self, on: actor)
                }
            } catch {
                // The observation could not start: the database is closed.
                await Self.deliver(.failure(error), generation: generation, to: self, on: actor)
            }
            self?.stop(generation: generation)
        }
    }

    /// Sets `update` on `query`, isolated to `actor` (none when nil).
    private static func deliver(
        _ update: Update, generation: Int, to query: LiveQuery?, on actor: isolated (any Actor)?
    ) {
        query?.apply(update, generation: generation)
    }

    /// Sets the properties that `update` changes, each through the registrar so that its
    /// observers are notified (only of a real change: an equal value under `removeDuplicates`,
    /// an error that stays nil, a query already loaded notify nobody).
    private func apply(_ update: Update, generation: Int) {
        guard
            case let (current, hadError, wasLoaded)? = state.withLock({ state in
                state.generation == generation ? (state.value, state.error != nil, state.isLoaded) : nil
            })
        else { return }
        switch update {
        case .success(let value):
            if !(isDuplicate?(current, value) ?? false) {
                withMutation(keyPath: \.value) { set(generation) { $0.value = value } }
            }
            if hadError { withMutation(keyPath: \.error) { set(generation) { $0.error = nil } } }
        case .failure(let error):
            withMutation(keyPath: \.error) { set(generation) { $0.error = error } }
        }
        if !wasLoaded { withMutation(keyPath: \.isLoaded) { set(generation) { $0.isLoaded = true } } }
    }

    /// Changes the state unless the observation of `generation` was stopped meanwhile.
    private func set(_ generation: Int, _ change: (inout State) -> Void) {
        state.withLock { state in if state.generation == generation { change(&state) } }
    }
}

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension LiveQuery where Value: Equatable {
    /// A query of `fetch` on `database` that, with `removeDuplicates`, ignores a fetched value
    /// equal to the current one: an unchanged result notifies no observer.
    ///
    /// ```swift
    /// let count = LiveQuery(pool, initialValue: 0, removeDuplicates: true) { db in
    ///     try db.scalar("SELECT count(*) FROM player") as? Int64 ?? 0
    /// }
    /// ```
    ///
    /// The parameters are those of ``init(_:initialValue:options:delivery:startsImmediately:fetch:)``.
    public convenience init(
        _ database: any DatabaseReader, initialValue: Value, options: ObservationOptions = .default,
        delivery: Delivery = .mainActor, startsImmediately: Bool = true, removeDuplicates: Bool,
        fetch: @escaping @Sendable (Connection) throws -> Value
    ) {
        var isDuplicate: (@Sendable (Value, Value) -> Bool)?
        if removeDuplicates { isDuplicate = { $0 == $1 } }
        self.init(
            database: database, initialValue: initialValue, options: options, delivery: delivery,
            isDuplicate: isDuplicate, fetch: fetch)
        if startsImmediately { start() }
    }
}
