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
/// are never memory-mapped through it, so every read is an `xRead`.
public final class FaultInjectingVFS: Sendable {
    /// The name the VFS is registered under, for the `vfs=` URI parameter.
    public let name: String

    let state: FaultState

    /// The registered `sqlite3_vfs`; nil once unregistered and freed.
    private let registration: Locked<Registration?>

    /// The C structure SQLite holds while the VFS is registered.
    private struct Registration: @unchecked Sendable {
        let vfs: UnsafeMutablePointer<sqlite3_vfs>
    }

    /// Registers a VFS named `name` (not the default) that delegates to the default VFS.
    ///
    /// - Parameter performsSyncs: whether syncs that do not fail reach the disk. `false` makes
    ///   them succeed at once: tests that crash nothing but the process need no durability,
    ///   and a sync costs milliseconds. Syncs are counted and fail on demand either way.
    /// - Throws: ``SQLiteCore/Result`` when there is no default VFS or registration fails.
    public init(name: String = "fault-injection-\(UUID().uuidString)", performsSyncs: Bool = true) throws {
        guard let real = sqlite3_vfs_find(nil) else {
            throw Result.misuse("no default VFS to delegate to", code: SQLITE_ERROR)
        }
        self.name = name
        let state = FaultState(real: real, performsSyncs: performsSyncs)
        self.state = state
        let vfs = Self.makeVFS(named: name, delegatingTo: real, state: state)
        let code = sqlite3_vfs_register(vfs, 0)
        guard code == SQLITE_OK else {
            Self.release(vfs)
            throw Result.error(message: "cannot register VFS \(name)", code: code, statement: nil)
        }
        registration = Locked(Registration(vfs: vfs))
    }

    deinit {
        // With files still open the structure must stay allocated: SQLite's files point to it.
        try? unregister()
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

    /// The files open through the VFS now.
    public var openFiles: Int { state.counters.withLock { $0.openFiles } }

    /// Unregisters the VFS and frees it. Calling it again does nothing.
    ///
    /// - Throws: ``SQLiteCore/Result`` (`SQLITE_BUSY`) while files are still open through it:
    ///   close the connections first. The VFS is unregistered anyway, and freed when the
    ///   instance is released with no file open (otherwise left allocated for those files).
    public func unregister() throws {
        try registration.withLock { registration in
            guard let vfs = registration?.vfs else { return }
            sqlite3_vfs_unregister(vfs)
            let open = state.counters.withLock { $0.openFiles }
            guard open == 0 else {
                throw Result.error(
                    message: "\(open) files are still open through VFS \(name)", code: SQLITE_BUSY, statement: nil)
            }
            Self.release(vfs)
            registration = nil
        }
    }

    /// Runs `body` with a fresh VFS, unregistered afterwards.
    public static func with<T>(performsSyncs: Bool = true, _ body: (FaultInjectingVFS) throws -> T) throws -> T {
        let vfs = try FaultInjectingVFS(performsSyncs: performsSyncs)
        defer { try? vfs.unregister() }
        return try body(vfs)
    }

    // MARK: - The C structure

    private static func release(_ vfs: UnsafeMutablePointer<sqlite3_vfs>) {
        if let name = vfs.pointee.zName { free(UnsafeMutablePointer(mutating: name)) }
        if let data = vfs.pointee.pAppData { Unmanaged<FaultState>.fromOpaque(data).release() }
        vfs.deinitialize(count: 1)
        vfs.deallocate()
    }

    private static func makeVFS(
        named name: String, delegatingTo real: UnsafeMutablePointer<sqlite3_vfs>, state: FaultState
    ) -> UnsafeMutablePointer<sqlite3_vfs> {
        let vfs = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        vfs.initialize(to: sqlite3_vfs())
        // Version 2: the system-call overrides of version 3 are the default VFS's business.
        vfs.pointee.iVersion = min(real.pointee.iVersion, 2)
        vfs.pointee.szOsFile = Int32(FaultFile.realOffset) + real.pointee.szOsFile
        vfs.pointee.mxPathname = real.pointee.mxPathname
        vfs.pointee.zName = UnsafePointer(strdup(name))
        vfs.pointee.pAppData = Unmanaged.passRetained(state).toOpaque()
        vfs.pointee.xOpen = { vfs, name, file, flags, outFlags in
            guard let file, let data = vfs?.pointee.pAppData, let state = FaultState.of(vfs) else {
                return SQLITE_CANTOPEN
            }
            FaultFile.prepare(file, state: data, flags: flags)
            let real = FaultFile.real(file)
            let code = state.real.pointee.xOpen?(state.real, name, real, flags, outFlags) ?? SQLITE_CANTOPEN
            // A real file without methods needs no xClose: leave ours nil too. With methods,
            // SQLite calls xClose even when the open failed, and ours passes it on.
            guard let methods = real.pointee.pMethods else { return code }
            file.pointee.pMethods = FaultFile.methods(forRealVersion: methods.pointee.iVersion)
            state.counters.withLock { $0.openFiles += 1 }
            return code
        }
        vfs.pointee.xDelete = { vfs, name, syncDirectory in
            guard let real = FaultState.of(vfs)?.real else { return SQLITE_IOERR_DELETE }
            return real.pointee.xDelete?(real, name, syncDirectory) ?? SQLITE_IOERR_DELETE
        }
        vfs.pointee.xAccess = { vfs, name, flags, result in
            guard let real = FaultState.of(vfs)?.real else { return SQLITE_IOERR_ACCESS }
            return real.pointee.xAccess?(real, name, flags, result) ?? SQLITE_IOERR_ACCESS
        }
        vfs.pointee.xFullPathname = { vfs, name, size, output in
            guard let real = FaultState.of(vfs)?.real else { return SQLITE_CANTOPEN_FULLPATH }
            return real.pointee.xFullPathname?(real, name, size, output) ?? SQLITE_CANTOPEN_FULLPATH
        }
        vfs.pointee.xDlOpen = { vfs, name in
            guard let real = FaultState.of(vfs)?.real else { return nil }
            return real.pointee.xDlOpen?(real, name)
        }
        vfs.pointee.xDlError = { vfs, size, message in
            guard let real = FaultState.of(vfs)?.real else { return }
            real.pointee.xDlError?(real, size, message)
        }
        vfs.pointee.xDlSym = { vfs, library, symbol in
            guard let real = FaultState.of(vfs)?.real else { return nil }
            return real.pointee.xDlSym?(real, library, symbol)
        }
        vfs.pointee.xDlClose = { vfs, library in
            guard let real = FaultState.of(vfs)?.real else { return }
            real.pointee.xDlClose?(real, library)
        }
        vfs.pointee.xRandomness = { vfs, size, output in
            guard let real = FaultState.of(vfs)?.real else { return 0 }
            return real.pointee.xRandomness?(real, size, output) ?? 0
        }
        vfs.pointee.xSleep = { vfs, microseconds in
            guard let real = FaultState.of(vfs)?.real else { return 0 }
            return real.pointee.xSleep?(real, microseconds) ?? 0
        }
        vfs.pointee.xCurrentTime = { vfs, time in
            guard let real = FaultState.of(vfs)?.real else { return SQLITE_ERROR }
            return real.pointee.xCurrentTime?(real, time) ?? SQLITE_ERROR
        }
        vfs.pointee.xGetLastError = { vfs, size, message in
            guard let real = FaultState.of(vfs)?.real else { return 0 }
            return real.pointee.xGetLastError?(real, size, message) ?? 0
        }
        vfs.pointee.xCurrentTimeInt64 = { vfs, time in
            guard let real = FaultState.of(vfs)?.real, real.pointee.iVersion >= 2,
                let current = real.pointee.xCurrentTimeInt64
            else { return SQLITE_ERROR }
            return current(real, time)
        }
        return vfs
    }
}
