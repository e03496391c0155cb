import Dispatch
import Foundation
import SQLiteCore
import Testing

/// Runs `body` with a fresh temporary directory, removed afterwards whatever happens.
func withTemporaryDirectory<T>(_ body: (TemporaryDirectory) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("SQLiteCoreTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try await body(TemporaryDirectory(url: url))
}

/// A query that runs until interrupted.
let endlessQuery = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"

/// Waits until `condition` holds, polling; fails the test after `timeout` seconds. The limit
/// is generous: the whole suite runs at once on the cooperative pool, where long synchronous
/// tests can keep a waiting task (and the task it waits for) from running for many seconds on
/// a loaded 2-core machine.
func waitUntil(
    timeout: Double = 120, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () throws -> Bool
) async throws {
    let deadline = Date().addingTimeInterval(timeout)
    while try !condition() {
        if Date() > deadline {
            // Give the tasks that were starved with this one a last chance to run.
            try await Task.sleep(nanoseconds: 100_000_000)
            if try condition() { return }
            Issue.record("timed out waiting: \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(nanoseconds: 2_000_000)
    }
}

/// A one-shot signal from a database closure (on a dispatch queue) to the test.
final class Flag: Sendable {
    private let state = Locked(false)
    var isSet: Bool { state.value }
    func set() { state.withLock { $0 = true } }
}

/// A gate a database closure blocks on until the test opens it.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func wait() { semaphore.wait() }
    func open() { semaphore.signal() }
}

/// The two kinds of database a test can run against.
enum DatabaseKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case queue
    case pool

    var testDescription: String { rawValue }

    /// Opens a database of this kind on a file in `directory`.
    func open(in directory: TemporaryDirectory, configuration: Configuration = Configuration()) throws
        -> any DatabaseWriter
    {
        switch self {
        case .queue: try DatabaseQueue(path: directory.path("db.sqlite"), configuration: configuration)
        case .pool: try DatabasePool(path: directory.path("db.sqlite"), configuration: configuration)
        }
    }
}

/// Waits until `started` is set by `task`'s closure, lets its statement run a moment, cancels
/// the task, and expects it to throw `CancellationError`.
func cancelOnceStarted<T: Sendable>(
    _ task: Task<T, any Error>, started: Flag, sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    try await waitUntil(sourceLocation: sourceLocation) { started.isSet }
    try await Task.sleep(nanoseconds: 20_000_000)
    task.cancel()
    await #expect(throws: CancellationError.self, sourceLocation: sourceLocation) { try await task.value }
}

/// The number of rows of `table`, read through `db`.
func rowCount(_ db: any DatabaseReader, _ table: String = "t") async throws -> Int64? {
    try await db.read { db in try db.scalar("SELECT count(*) FROM \(table)") as? Int64 }
}
