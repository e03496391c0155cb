import Foundation
import SQLiteCore

/// The file structure of ``FaultInjectingVFS``: SQLite allocates `szOsFile` bytes for each
/// open file and hands them to `xOpen`; this layout puts, in order,
///
/// - the `sqlite3_file` header (its `pMethods` points to this VFS's methods),
/// - the `FaultState` of the VFS (unretained: the VFS outlives its open files),
/// - the `xOpen` flags, which say what the file is to SQLite,
/// - the real VFS's own file structure, at ``realOffset``, which the methods delegate to.
///
/// Offsets are computed, not left to a Swift struct's layout, so that they stay what the C side
/// sees.
enum FaultFile {
    static let stateOffset = MemoryLayout<sqlite3_file>.stride
    static let flagsOffset = stateOffset + MemoryLayout<UnsafeRawPointer>.stride
    /// Rounded up to 16 bytes, more than any alignment the real file structure needs.
    static let realOffset = (flagsOffset + MemoryLayout<Int64>.stride + 15) & ~15

    /// Fills in the header of `file` for `state` and `flags`; its `pMethods` stays nil until
    /// the real file is open.
    static func prepare(_ file: UnsafeMutablePointer<sqlite3_file>, state: UnsafeMutableRawPointer, flags: Int32) {
        file.pointee.pMethods = nil
        let raw = UnsafeMutableRawPointer(file)
        raw.storeBytes(of: state, toByteOffset: stateOffset, as: UnsafeMutableRawPointer.self)
        raw.storeBytes(of: Int64(flags), toByteOffset: flagsOffset, as: Int64.self)
    }

    /// The real VFS's file structure inside `file`.
    static func real(_ file: UnsafeMutablePointer<sqlite3_file>) -> UnsafeMutablePointer<sqlite3_file> {
        (UnsafeMutableRawPointer(file) + realOffset).assumingMemoryBound(to: sqlite3_file.self)
    }

    /// The state of the VFS that opened `file`.
    static func state(_ file: UnsafeMutablePointer<sqlite3_file>) -> FaultState {
        let pointer = UnsafeMutableRawPointer(file).load(fromByteOffset: stateOffset, as: UnsafeMutableRawPointer.self)
        return Unmanaged<FaultState>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// What `file` is to SQLite.
    static func role(_ file: UnsafeMutablePointer<sqlite3_file>) -> FileRole {
        let flags = UnsafeMutableRawPointer(file).load(fromByteOffset: flagsOffset, as: Int64.self)
        return FileRole(openFlags: Int32(truncatingIfNeeded: flags))
    }

    /// The real file and its methods, or nil for a file that is not open.
    static func delegate(
        _ file: UnsafeMutablePointer<sqlite3_file>?
    ) -> (file: UnsafeMutablePointer<sqlite3_file>, methods: UnsafePointer<sqlite3_io_methods>)? {
        guard let file else { return nil }
        let real = real(file)
        guard let methods = real.pointee.pMethods else { return nil }
        return (real, methods)
    }

    /// The methods of files whose real methods are of version 1 (no shared memory, so no WAL).
    nonisolated(unsafe) static let methodsVersion1 = makeMethods(version: 1)

    /// The methods of files whose real methods are of version 2 or more. Version 3's
    /// `xFetch`/`xUnfetch` are left out: without them SQLite never memory-maps the file, and
    /// every read goes through `xRead`, where faults are injected.
    nonisolated(unsafe) static let methodsVersion2 = makeMethods(version: 2)

    /// The methods for a file whose real methods are of `version`.
    static func methods(forRealVersion version: Int32) -> UnsafePointer<sqlite3_io_methods> {
        UnsafePointer(version >= 2 ? methodsVersion2 : methodsVersion1)
    }

    /// A method table of `version` that counts reads, writes and syncs, fails those the
    /// injected fault says, and hands everything else to the real file. Allocated once and
    /// never freed: SQLite keeps pointers to it in open files.
    private static func makeMethods(version: Int32) -> UnsafeMutablePointer<sqlite3_io_methods> {
        let table = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        table.initialize(to: sqlite3_io_methods())
        table.pointee.iVersion = version
        table.pointee.xClose = { file in
            guard let file, let (real, methods) = FaultFile.delegate(file) else { return SQLITE_OK }
            let state = FaultFile.state(file)
            let code = methods.pointee.xClose?(real) ?? SQLITE_OK
            state.counters.withLock { $0.openFiles -= 1 }
            return code
        }
        table.pointee.xRead = { file, buffer, amount, offset in
            guard let file, let (real, methods) = FaultFile.delegate(file) else { return SQLITE_IOERR_READ }
            if let fault = FaultFile.state(file).fault(for: .read, role: FaultFile.role(file)) {
                // A short read must zero the part of the buffer it did not fill: here, all of it.
                if fault == .shortRead, let buffer, amount > 0 { memset(buffer, 0, Int(amount)) }
                return fault.extendedCode
            }
            return methods.pointee.xRead?(real, buffer, amount, offset) ?? SQLITE_IOERR_READ
        }
        table.pointee.xWrite = { file, buffer, amount, offset in
            guard let file, let (real, methods) = FaultFile.delegate(file) else { return SQLITE_IOERR_WRITE }
            if let fault = FaultFile.state(file).fault(for: .write, role: FaultFile.role(file)) {
                return fault.extendedCode
            }
            return methods.pointee.xWrite?(real, buffer, amount, offset) ?? SQLITE_IOERR_WRITE
        }
        table.pointee.xSync = { file, flags in
            guard let file, let (real, methods) = FaultFile.delegate(file) else { return SQLITE_IOERR_FSYNC }
            let state = FaultFile.state(file)
            if let fault = state.fault(for: .sync, role: FaultFile.role(file)) { return fault.extendedCode }
            guard state.performsSyncs else { return SQLITE_OK }
            return methods.pointee.xSync?(real, flags) ?? SQLITE_IOERR_FSYNC
        }
        table.pointee.xTruncate = { file, size in
            guard let (real, methods) = FaultFile.delegate(file) else { return SQLITE_IOERR_TRUNCATE }
            return methods.pointee.xTruncate?(real, size) ?? SQLITE_IOERR_TRUNCATE
        }
        table.pointee.xFileSize = { file, size in
            guard let (real, methods) = FaultFile.delegate(file) else { return SQLITE_IOERR_FSTAT }
            return methods.pointee.xFileSize?(real, size) ?? SQLITE_IOERR_FSTAT
        }
        table.pointee.xLock = { file, level in
            guard let (real, methods) = FaultFile.delegate(file) else { return SQLITE_IOERR_LOCK }
            return methods.pointee.xLock?(real, level) ?? SQLITE_IOERR_LOCK
        }
        table.pointee.xUnlock = { file, level in
            guard let (real, methods) = FaultFile.delegate(file) else { return SQLITE_IOERR_UNLOCK }
            return methods.pointee.xUnlock?(real, level) ?? SQLITE_IOERR_UNLOCK
        }
        table.pointee.xCheckReservedLock = { file, result in
            guard let (real, methods) = FaultFile.delegate(file) else { return SQLITE_IOERR_CHECKRESERVEDLOCK }
            return methods.pointee.xCheckReservedLock?(real, result) ?? SQLITE_IOERR_CHECKRESERVEDLOCK
        }
        table.pointee.xFileControl = { file, operation, argument in
            guard let (real, methods) = FaultFile.delegate(file) else { return SQLITE_NOTFOUND }
            return methods.pointee.xFileControl?(real, operation, argument) ?? SQLITE_NOTFOUND
        }
        table.pointee.xSectorSize = { file in
            guard let (real, methods) = FaultFile.delegate(file) else { return 4096 }
            return methods.pointee.xSectorSize?(real) ?? 4096
        }
        table.pointee.xDeviceCharacteristics = { file in
            guard let (real, methods) = FaultFile.delegate(file) else { return 0 }
            return methods.pointee.xDeviceCharacteristics?(real) ?? 0
        }
        guard version >= 2 else { return table }
        table.pointee.xShmMap = { file, page, pageSize, extend, memory in
            guard let (real, methods) = FaultFile.delegate(file), let map = methods.pointee.xShmMap else {
                return SQLITE_IOERR_SHMMAP
            }
            return map(real, page, pageSize, extend, memory)
        }
        table.pointee.xShmLock = { file, offset, count, flags in
            guard let (real, methods) = FaultFile.delegate(file), let lock = methods.pointee.xShmLock else {
                return SQLITE_IOERR_SHMLOCK
            }
            return lock(real, offset, count, flags)
        }
        table.pointee.xShmBarrier = { file in
            guard let (real, methods) = FaultFile.delegate(file) else { return }
            methods.pointee.xShmBarrier?(real)
        }
        table.pointee.xShmUnmap = { file, delete in
            guard let (real, methods) = FaultFile.delegate(file), let unmap = methods.pointee.xShmUnmap else {
                return SQLITE_OK
            }
            return unmap(real, delete)
        }
        return table
    }
}
