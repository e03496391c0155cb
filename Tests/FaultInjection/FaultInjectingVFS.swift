import Foundation
import SQLiteCore

/// A VFS, registered under a name of its own, that hands every call to the default VFS and
/// makes reads, writes or syncs fail on demand: the disk filling up, I/O errors, short reads.
///
/// ```swift
/// let vfs = try FaultInjectingVFS()
/// defer { try? vfs.unregister() }
/// let db = try Connection(.uri(path, parameters: [.vfs(vfs.name)]))
/// vfs.inject(.diskFull, after: 2)     // the third write, and every later one, fails
/// try db.run("INSERT ...")            // throws Result with code SQLITE_FULL
/// vfs.clear()
/// ```
///
/// Each instance has its own counters and fault: tests running in parallel each make their
/// own. Only connections opened with `vfs=` and the instance's ``name`` go through it. Files
/// are never memory-mapped through it, so every read is an `xRead`. It is a ``VFS`` subclass:
/// ``unregister()`` and ``openFiles`` are the base class's.
public final class FaultInjectingVFS: VFS, @unchecked Sendable {
    let state: FaultState

    /// Registers a VFS named `name` (not the default) that delegates to the default VFS.
    ///
    /// - Parameter performsSyncs: whether syncs that do not fail reach the disk. `false` makes
    ///   them succeed at once: tests that crash nothing but the process need no durability,
    ///   and a sync costs milliseconds. Syncs are counted and fail on demand either way.
    /// - Throws: ``SQLiteCore/Result`` when there is no default VFS or registration fails.
    public init(name: String = "fault-injection-\(UUID().uuidString)", performsSyncs: Bool = true) throws {
        state = FaultState(performsSyncs: performsSyncs)
        try super.init(name: name)
        try register()
    }

    public override func makeFile(path: String?, flags: VFSOpenFlags) throws -> VFSFile {
        FaultFile(state: state, flags: flags)
    }

    /// Makes the next operations of `fault`'s kind fail: the first `after` succeed, the one
    /// after fails, and with `persistent` every later one too (a full disk stays full) until
    /// ``clear()``; without it, only that one. Counting starts now.
    ///
    /// - Parameter roles: the files the fault hits (`nil`: every file the VFS opened).
    public func inject(_ fault: Fault, after: Int, persistent: Bool = true, on roles: Set<FileRole>? = nil) {
        state.counters.withLock { counters in
            counters.injection = FaultState.Injection(
                fault: fault, after: after, persistent: persistent, roles: roles)
            counters.matched = 0
            counters.firings = []
        }
    }

    /// Stops injecting: every operation succeeds again (as far as the real VFS lets it).
    public func clear() {
        state.counters.withLock { $0.injection = nil }
    }

    /// The operations the fault injected last made fail, in order.
    public var firings: [FaultFiring] { state.counters.withLock { $0.firings } }

    /// The operations of `operation`'s kind since the VFS was registered, failed ones included.
    public func count(of operation: FaultOperation) -> Int {
        state.counters.withLock { $0.totals[operation, default: 0] }
    }

    /// Runs `body` with a fresh VFS, unregistered afterwards.
    public static func with<T>(performsSyncs: Bool = true, _ body: (FaultInjectingVFS) throws -> T) throws -> T {
        let vfs = try FaultInjectingVFS(performsSyncs: performsSyncs)
        defer { try? vfs.unregister() }
        return try body(vfs)
    }
}
