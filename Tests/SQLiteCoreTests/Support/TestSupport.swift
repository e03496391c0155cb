import Foundation
import SQLiteCore
import Testing

/// A unique directory under the system's temporary directory, removed by
/// ``withTemporaryDirectory(_:)`` when the test is done with it.
struct TemporaryDirectory {
    let url: URL

    /// The path of `name` inside the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}

/// Runs `body` with a fresh temporary directory, removed afterwards whatever happens.
func withTemporaryDirectory<T>(_ body: (TemporaryDirectory) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("SQLiteCoreTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(TemporaryDirectory(url: url))
}

/// Runs `body`, expecting it to throw a ``Result`` with primary code `code`; returns the error.
@discardableResult
func expectResult(
    code: Int32, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    performing body: () throws -> Void
) -> Result? {
    do {
        try body()
        Issue.record("expected an error with code \(code), none was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as Result {
        #expect(error.code == code, "\(error) \(comment.map { "\($0)" } ?? "")", sourceLocation: sourceLocation)
        return error
    } catch {
        Issue.record("expected Result with code \(code), got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Shared mutable state for `@Sendable` closures.
///
/// It locks with `NSLock` (a pthread mutex), which the thread sanitizer sees: on Linux,
/// `Synchronization.Mutex` waits on futexes directly, and the sanitizer then reports the
/// accesses it protects as races.
final class Locked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var state: Value

    init(_ value: Value) { state = value }

    /// The current value.
    var value: Value { lock.withLock { state } }

    /// Mutates the value under the lock.
    func withLock<R: Sendable>(_ body: (inout Value) -> R) -> R {
        lock.withLock { body(&state) }
    }
}

/// A one-minute time limit (`.timeLimit(.minutes(1))`) where Swift Testing has time limits
/// (macOS 13, iOS 16, tvOS 16, watchOS 9, and Linux); no limit below, where the test still runs.
let oneMinuteLimit: any TestTrait = {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        return TimeLimitTrait.timeLimit(.minutes(1))
    }
    return ConditionTrait.enabled(if: true)
}()

/// A test error thrown from closures handed to SQLite.
struct TestError: Error, Equatable, CustomStringConvertible {
    var text = "test error"
    var description: String { text }
}

/// An object whose deinitialization is recorded, to prove a closure capturing it was released.
final class Tracked: Sendable {
    let released: Locked<Bool>
    init(_ released: Locked<Bool>) { self.released = released }
    deinit { released.withLock { $0 = true } }
    func touch() -> Int64 { 1 }
}

/// The number of this process's open file descriptors that refer to `path` (Linux `/proc`);
/// `nil` where `/proc/self/fd` is unavailable.
func openDescriptorCount(for path: String) -> Int? {
    let directory = "/proc/self/fd"
    guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return nil }
    let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    return descriptors.filter { descriptor in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\(descriptor)")) == target
    }.count
}
