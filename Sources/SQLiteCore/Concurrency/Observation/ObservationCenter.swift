import Dispatch

/// One running observation, as its database sees it.
protocol ObservationSubscriber: AnyObject, Sendable {
    /// How often to look for commits by other connections; `nil` for local commits only.
    var externalChangesInterval: Double? { get }
    /// Tables were committed (`nil`: any table, or unknown ones).
    func databaseChanged(_ tables: Set<String>?)
    /// The database closed: end the observation, with `error` when it never started.
    func databaseClosed(_ error: (any Error)?)
}

/// The observations of one ``DatabaseQueue`` or ``DatabasePool``, and the change tracking on
/// its writer that wakes them: installed while at least one observation runs, read after
/// every write access, and on a timer for observations of external changes.
final class ObservationCenter: @unchecked Sendable {
    /// The connection whose commits are tracked and whose `data_version` is read: the writer,
    /// or for a read-only pool a connection of its own.
    let tracker: SerialConnection
    /// Whether commits through ``tracker`` happen (false for a read-only pool).
    let tracksLocalChanges: Bool

    private let lock = PlainLock()
    private var subscribers: [ObjectIdentifier: any ObservationSubscriber] = [:]
    private var isClosed = false
    /// Reads `data_version` on ``tracker``'s queue. Touched on that queue only.
    private var timer: DispatchSourceTimer?
    private var timerInterval: Double?

    init(tracker: SerialConnection, tracksLocalChanges: Bool) {
        self.tracker = tracker
        self.tracksLocalChanges = tracksLocalChanges
    }

    /// Whether any observation runs: the writer then reports its commits.
    var isObserved: Bool { lock.withLock { !subscribers.isEmpty } }

    /// The number of observations running.
    var count: Int { lock.withLock { subscribers.count } }

    /// Starts `subscriber`: the tracking is set up on the tracker's queue (so no write is half
    /// seen), then the subscriber fetches its first value.
    func add(_ subscriber: any ObservationSubscriber) {
        lock.lock()
        if isClosed {
            lock.unlock()
            subscriber.databaseClosed(Result.accessAfterClose)
            return
        }
        subscribers[ObjectIdentifier(subscriber)] = subscriber
        lock.unlock()
        tracker.queue.async {
            self.configure()
            subscriber.databaseChanged(nil)
        }
    }

    /// Stops `subscriber`; the tracking ends with the last one.
    func remove(_ subscriber: any ObservationSubscriber) {
        let removed = lock.withLock { subscribers.removeValue(forKey: ObjectIdentifier(subscriber)) != nil }
        if removed { tracker.queue.async { self.configure() } }
    }

    /// Ends every observation, for the database's `close()`.
    func close() {
        lock.lock()
        isClosed = true
        let ended = Array(subscribers.values)
        subscribers.removeAll()
        lock.unlock()
        tracker.queue.sync {
            timer?.cancel()
            timer = nil
        }
        for subscriber in ended { subscriber.databaseClosed(nil) }
    }

    /// Matches the tracking and the timer to the observations running. On the tracker's queue.
    private func configure() {
        let (observed, interval) = lock.withLock {
            (!subscribers.isEmpty, subscribers.values.compactMap(\.externalChangesInterval).min())
        }
        _ = tracker.run(AccessTicket()) { db, _ in
            let watcher = tracker.watcher
            let tracks = observed && tracksLocalChanges
            if watcher.tracksChanges != tracks {
                watcher.tracksChanges = tracks
                watcher.attach(to: db)
            }
            if observed {
                watcher.schemaVersion = try? db.cachedPragma("schema_version")
                if interval != nil, timerInterval == nil { watcher.dataVersion = try? db.cachedPragma("data_version") }
            }
        }
        guard interval != timerInterval else { return }
        timer?.cancel()
        timer = nil
        timerInterval = interval
        guard let interval else { return }
        let timer = DispatchSource.makeTimerSource(queue: tracker.queue)
        let nanoseconds = Int(Swift.min(interval * 1e9, Double(Int32.max) * 1e6))
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
        timer.setEventHandler { [weak self] in
            guard let self else { return }
            _ = self.tracker.run(AccessTicket()) { db, _ in self.checkExternalChanges(db) }
        }
        timer.resume()
        self.timer = timer
    }

    /// Tells the observations what the write access that is ending committed. Called on the
    /// writer's queue at the end of each write access, with the connection still lent.
    func writeDidEnd(_ db: Connection) {
        guard isObserved else { return }
        let watcher = tracker.watcher
        var tables = watcher.takeChanges(of: db)
        // A schema change names no table: every observation looks again.
        let schemaVersion = try? db.cachedPragma("schema_version")
        if schemaVersion != watcher.schemaVersion {
            watcher.schemaVersion = schemaVersion
            tables = nil
        }
        if tables != [] { notify(tables, externalOnly: false) }
        checkExternalChanges(db)
    }

    /// Wakes the observations of external changes when `data_version` moved.
    private func checkExternalChanges(_ db: Connection) {
        guard timerInterval != nil, let version = try? db.cachedPragma("data_version") else { return }
        if version != tracker.watcher.dataVersion {
            tracker.watcher.dataVersion = version
            notify(nil, externalOnly: true)
        }
    }

    private func notify(_ tables: Set<String>?, externalOnly: Bool) {
        let targets = lock.withLock { subscribers.values.filter { !externalOnly || $0.externalChangesInterval != nil } }
        for subscriber in targets { subscriber.databaseChanged(tables) }
    }
}
