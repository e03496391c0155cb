import Foundation
import SQLiteCore

/// The default VFS registered under a name of its own, reporting every sleep SQLite asks of it.
///
/// SQLite's busy timeout waits between retries by asking the connection's VFS to sleep. A
/// connection opened through this VFS therefore tells a test the moment it starts waiting for a
/// lock, and how long it meant to wait in all: tests act on those events instead of guessing with
/// delays, and assert the waits SQLite asked for rather than the time that passed, so they give
/// the same answer on a loaded machine.
///
/// Everything else (files, locks, shared memory) is the default VFS's own, so connections opened
/// through it share locks with connections opened without it.
final class SleepWatchingVFS: @unchecked Sendable {
    // Unchecked: `memory` is written once, in `init`, and afterwards only read (by SQLite, from
    // any thread); the mutable state is in `Locked` values.

    /// The name to open connections with: `Location.uri(path, parameters: [.vfs(name)])`.
    let name = "sleep-watching-\(UUID().uuidString)"

    /// The microseconds of each sleep SQLite asked for, in order.
    var sleeps: [Int32] { recorded.value }

    /// The sum of ``sleeps``: how long SQLite meant to wait in all.
    var requestedMicroseconds: Int { sleeps.reduce(0) { $0 + Int($1) } }

    private let recorded = Locked<[Int32]>([])
    private let firstSleepAction = Locked<(@Sendable () -> Void)?>(nil)

    /// An `sqlite3_vfs`, followed by an unretained pointer to this object for the C callbacks.
    private let memory: UnsafeMutableRawPointer
    private let vfs: UnsafeMutablePointer<sqlite3_vfs>
    private let base: UnsafeMutablePointer<sqlite3_vfs>
    private let cName: UnsafeMutablePointer<CChar>

    /// Registers the VFS; nil when SQLite has no default VFS to wrap.
    private init?() {
        guard let base = sqlite3_vfs_find(nil) else { return nil }
        self.base = base
        cName = strdup(name)
        let ownerOffset = MemoryLayout<sqlite3_vfs>.stride
        memory = .allocate(byteCount: ownerOffset + MemoryLayout<UnsafeRawPointer>.size, alignment: 16)
        vfs = memory.bindMemory(to: sqlite3_vfs.self, capacity: 1)
        // The default VFS's methods, pAppData included (the unix VFS keeps its locking style
        // there): only the name and the sleep differ.
        var copy = base.pointee
        copy.zName = UnsafePointer(cName)
        copy.pNext = nil
        copy.xSleep = { vfs, microseconds in
            guard let vfs else { return 0 }
            let owner = UnsafeRawPointer(vfs).load(
                fromByteOffset: MemoryLayout<sqlite3_vfs>.stride, as: UnsafeRawPointer.self)
            return Unmanaged<SleepWatchingVFS>.fromOpaque(owner).takeUnretainedValue().sleep(microseconds)
        }
        vfs.initialize(to: copy)
        memory.storeBytes(
            of: UnsafeRawPointer(Unmanaged.passUnretained(self).toOpaque()), toByteOffset: ownerOffset,
            as: UnsafeRawPointer.self)
        sqlite3_vfs_register(vfs, 0)
    }

    deinit {
        sqlite3_vfs_unregister(vfs)
        vfs.deinitialize(count: 1)
        memory.deallocate()
        free(cName)
    }

    /// Runs `body` with a fresh VFS, unregistered afterwards: open and release every connection
    /// that uses it inside `body`.
    static func with<T>(_ body: (SleepWatchingVFS) throws -> T) throws -> T {
        guard let vfs = SleepWatchingVFS() else { throw TestError(text: "no default VFS") }
        return try withExtendedLifetime(vfs) { try body(vfs) }
    }

    /// Runs `action` on the sleeping thread when SQLite first asks to sleep, before it sleeps:
    /// the connection is then waiting for a lock (and holds none of the database's, SQLite
    /// releases them before its busy handler runs).
    func whenFirstSleeping(_ action: @escaping @Sendable () -> Void) {
        firstSleepAction.withLock { $0 = action }
    }

    private func sleep(_ microseconds: Int32) -> Int32 {
        recorded.withLock { $0.append(microseconds) }
        let action = firstSleepAction.withLock { action in
            defer { action = nil }
            return action
        }
        action?()
        return base.pointee.xSleep?(base, microseconds) ?? microseconds
    }
}
