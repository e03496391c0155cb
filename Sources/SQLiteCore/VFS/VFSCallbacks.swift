#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C side of a Swift ``VFS``.
///
/// Ownership: the `sqlite3_vfs` structure's `pAppData` retains the ``VFS`` until the structure
/// is freed (``VFS/unregister()`` with no file open, or the last close after it). Each open
/// file's structure, which SQLite allocates with `szOsFile` bytes, holds, in order: the
/// `sqlite3_file` header, a retained reference to its ``VFSFile`` (released at `xClose`), and
/// the wrapped VFS's own file structure at ``baseOffset``.
enum VFSCallbacks {
    static let objectOffset = MemoryLayout<sqlite3_file>.stride
    /// Rounded up to 16 bytes, more than any alignment the wrapped file structure needs.
    static let baseOffset = (objectOffset + MemoryLayout<UnsafeMutableRawPointer>.stride + 15) & ~15

    static func vfs(_ structure: UnsafeMutablePointer<sqlite3_vfs>?) -> VFS? {
        structure?.pointee.pAppData.map { Unmanaged<VFS>.fromOpaque($0).takeUnretainedValue() }
    }

    static func file(_ file: UnsafeMutablePointer<sqlite3_file>?) -> VFSFile? {
        guard let file, file.pointee.pMethods != nil else { return nil }
        let pointer = UnsafeMutableRawPointer(file).load(fromByteOffset: objectOffset, as: UnsafeMutableRawPointer.self)
        return Unmanaged<VFSFile>.fromOpaque(pointer).takeUnretainedValue()
    }

    static func makeStructure(for vfs: VFS) -> UnsafeMutablePointer<sqlite3_vfs> {
        let base = vfs.base
        let structure = UnsafeMutablePointer<sqlite3_vfs>.allocate(capacity: 1)
        structure.initialize(to: sqlite3_vfs())
        // Version 2: the system-call overrides of version 3 are the wrapped VFS's business.
        structure.pointee.iVersion = min(base.pointee.iVersion, 2)
        structure.pointee.szOsFile = Int32(baseOffset) + base.pointee.szOsFile
        structure.pointee.mxPathname = base.pointee.mxPathname
        structure.pointee.zName = UnsafePointer(strdup(vfs.name))
        structure.pointee.pAppData = Unmanaged.passRetained(vfs).toOpaque()
        structure.pointee.xOpen = { structure, name, file, flags, outFlags in
            guard let file, let vfs = VFSCallbacks.vfs(structure) else { return SQLITE_CANTOPEN }
            return VFSCallbacks.open(vfs, name, file, flags, outFlags)
        }
        structure.pointee.xDelete = { structure, name, syncDirectory in
            guard let vfs = VFSCallbacks.vfs(structure), let name else { return SQLITE_IOERR_DELETE }
            return vfs.delete(path: String(cString: name), syncDirectory: syncDirectory != 0)
        }
        structure.pointee.xAccess = { structure, name, flags, result in
            guard let vfs = VFSCallbacks.vfs(structure), let name else { return SQLITE_IOERR_ACCESS }
            var answer = false
            let code = vfs.access(path: String(cString: name), flags: flags, result: &answer)
            result?.pointee = answer ? 1 : 0
            return code
        }
        structure.pointee.xFullPathname = { structure, name, count, output in
            guard let base = VFSCallbacks.vfs(structure)?.base else { return SQLITE_CANTOPEN }
            return base.pointee.xFullPathname?(base, name, count, output) ?? SQLITE_CANTOPEN
        }
        structure.pointee.xDlOpen = { structure, name in
            guard let base = VFSCallbacks.vfs(structure)?.base else { return nil }
            return base.pointee.xDlOpen?(base, name)
        }
        structure.pointee.xDlError = { structure, count, output in
            guard let base = VFSCallbacks.vfs(structure)?.base else { return }
            base.pointee.xDlError?(base, count, output)
        }
        structure.pointee.xDlSym = { structure, handle, symbol in
            guard let base = VFSCallbacks.vfs(structure)?.base else { return nil }
            return base.pointee.xDlSym?(base, handle, symbol)
        }
        structure.pointee.xDlClose = { structure, handle in
            guard let base = VFSCallbacks.vfs(structure)?.base else { return }
            base.pointee.xDlClose?(base, handle)
        }
        structure.pointee.xRandomness = { structure, count, output in
            guard let base = VFSCallbacks.vfs(structure)?.base else { return 0 }
            return base.pointee.xRandomness?(base, count, output) ?? 0
        }
        structure.pointee.xSleep = { structure, microseconds in
            guard let base = VFSCallbacks.vfs(structure)?.base else { return 0 }
            return base.pointee.xSleep?(base, microseconds) ?? 0
        }
        structure.pointee.xCurrentTime = { structure, time in
            guard let base = VFSCallbacks.vfs(structure)?.base else { return SQLITE_ERROR }
            return base.pointee.xCurrentTime?(base, time) ?? SQLITE_ERROR
        }
        structure.pointee.xGetLastError = { structure, count, output in
            guard let base = VFSCallbacks.vfs(structure)?.base else { return 0 }
            return base.pointee.xGetLastError?(base, count, output) ?? 0
        }
        if base.pointee.iVersion >= 2 {
            structure.pointee.xCurrentTimeInt64 = { structure, time in
                guard let base = VFSCallbacks.vfs(structure)?.base else { return SQLITE_ERROR }
                return base.pointee.xCurrentTimeInt64?(base, time) ?? SQLITE_ERROR
            }
        }
        return structure
    }

    static func freeStructure(_ structure: UnsafeMutablePointer<sqlite3_vfs>) {
        if let name = structure.pointee.zName { free(UnsafeMutablePointer(mutating: name)) }
        if let data = structure.pointee.pAppData { Unmanaged<VFS>.fromOpaque(data).release() }
        structure.deinitialize(count: 1)
        structure.deallocate()
    }

    /// `xOpen`: makes the Swift file, opens the wrapped one inside the structure, and points
    /// the structure's methods at ours (left nil on failure, so that SQLite calls no close).
    static func open(
        _ vfs: VFS, _ name: UnsafePointer<CChar>?, _ file: UnsafeMutablePointer<sqlite3_file>, _ flags: Int32,
        _ outFlags: UnsafeMutablePointer<Int32>?
    ) -> Int32 {
        file.pointee.pMethods = nil
        let path = name.map { String(cString: $0) }
        let object: VFSFile
        do {
            object = try vfs.makeFile(path: path, flags: VFSOpenFlags(rawValue: flags))
        } catch {
            return SQLITE_CANTOPEN
        }
        let base = (UnsafeMutableRawPointer(file) + baseOffset).assumingMemoryBound(to: sqlite3_file.self)
        base.pointee.pMethods = nil
        let code = vfs.base.pointee.xOpen?(vfs.base, name, base, flags, outFlags) ?? SQLITE_CANTOPEN
        guard code == SQLITE_OK, let baseMethods = base.pointee.pMethods else {
            // A failed open may still need its close (the VFS contract says pMethods set means so).
            if let methods = base.pointee.pMethods { _ = methods.pointee.xClose?(base) }
            return code == SQLITE_OK ? SQLITE_CANTOPEN : code
        }
        object.baseFile = base
        object.path = path
        object.flags = VFSOpenFlags(rawValue: flags)
        UnsafeMutableRawPointer(file).storeBytes(
            of: Unmanaged.passRetained(object).toOpaque(), toByteOffset: objectOffset, as: UnsafeMutableRawPointer.self)
        // The VFS stays allocated while the file is open (an unregister waits for the close).
        object.owner = vfs
        vfs.registration.withLock { $0.openFiles += 1 }
        file.pointee.pMethods = baseMethods.pointee.iVersion >= 2 ? methodsVersion2 : methodsVersion1
        return SQLITE_OK
    }

    /// `xClose`: closes the wrapped file, releases the Swift file, and frees the VFS's
    /// structure if it was unregistered while this was its last open file.
    static func close(_ file: UnsafeMutablePointer<sqlite3_file>) -> Int32 {
        guard let object = VFSCallbacks.file(file) else { return SQLITE_OK }
        let code = object.close()
        let raw = UnsafeMutableRawPointer(file)
        Unmanaged<VFSFile>.fromOpaque(raw.load(fromByteOffset: objectOffset, as: UnsafeMutableRawPointer.self))
            .release()
        file.pointee.pMethods = nil
        if let vfs = object.owner {
            object.owner = nil
            vfs.registration.withLock { registration in
                registration.openFiles -= 1
                if registration.openFiles == 0, !registration.isRegistered, let structure = registration.vfs {
                    freeStructure(structure)
                    registration.vfs = nil
                }
            }
        }
        return code
    }

    /// The methods of files whose wrapped file has version-1 methods (no shared memory).
    nonisolated(unsafe) static let methodsVersion1 = UnsafePointer(makeMethods(version: 1))
    /// The methods of files whose wrapped file has version 2 or more. Version 3's
    /// `xFetch`/`xUnfetch` are left out: SQLite then never memory-maps the file.
    nonisolated(unsafe) static let methodsVersion2 = UnsafePointer(makeMethods(version: 2))

    /// A method table of `version` calling the Swift file. Allocated once per version and never
    /// freed (process-wide and immutable): SQLite keeps pointers to it in open files.
    private static func makeMethods(version: Int32) -> UnsafeMutablePointer<sqlite3_io_methods> {
        let table = UnsafeMutablePointer<sqlite3_io_methods>.allocate(capacity: 1)
        table.initialize(to: sqlite3_io_methods())
        table.pointee.iVersion = version
        table.pointee.xClose = { file in
            guard let file else { return SQLITE_OK }
            return VFSCallbacks.close(file)
        }
        table.pointee.xRead = { file, buffer, amount, offset in
            guard let object = VFSCallbacks.file(file) else { return SQLITE_IOERR_READ }
            return object.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: Int(amount)), at: offset)
        }
        table.pointee.xWrite = { file, buffer, amount, offset in
            guard let object = VFSCallbacks.file(file) else { return SQLITE_IOERR_WRITE }
            return object.write(UnsafeRawBufferPointer(start: buffer, count: Int(amount)), at: offset)
        }
        table.pointee.xTruncate = { file, size in
            VFSCallbacks.file(file)?.truncate(to: size) ?? SQLITE_IOERR_TRUNCATE
        }
        table.pointee.xSync = { file, flags in VFSCallbacks.file(file)?.sync(flags: flags) ?? SQLITE_IOERR_FSYNC }
        table.pointee.xFileSize = { file, size in
            guard let object = VFSCallbacks.file(file) else { return SQLITE_IOERR_FSTAT }
            var value: Int64 = 0
            let code = object.fileSize(&value)
            size?.pointee = value
            return code
        }
        table.pointee.xLock = { file, level in VFSCallbacks.file(file)?.lock(level) ?? SQLITE_IOERR_LOCK }
        table.pointee.xUnlock = { file, level in VFSCallbacks.file(file)?.unlock(level) ?? SQLITE_IOERR_UNLOCK }
        table.pointee.xCheckReservedLock = { file, result in
            guard let object = VFSCallbacks.file(file) else { return SQLITE_IOERR_CHECKRESERVEDLOCK }
            var answer = false
            let code = object.checkReservedLock(&answer)
            result?.pointee = answer ? 1 : 0
            return code
        }
        table.pointee.xFileControl = { file, operation, argument in
            VFSCallbacks.file(file)?.fileControl(operation, argument) ?? SQLITE_NOTFOUND
        }
        table.pointee.xSectorSize = { file in VFSCallbacks.file(file)?.sectorSize() ?? 4096 }
        table.pointee.xDeviceCharacteristics = { file in VFSCallbacks.file(file)?.deviceCharacteristics() ?? 0 }
        guard version >= 2 else { return table }
        table.pointee.xShmMap = { file, region, size, extend, memory in
            VFSCallbacks.file(file)?.sharedMemoryMap(region: region, size: size, extend: extend != 0, memory)
                ?? SQLITE_IOERR_SHMMAP
        }
        table.pointee.xShmLock = { file, offset, count, flags in
            VFSCallbacks.file(file)?.sharedMemoryLock(offset: offset, count: count, flags: flags)
                ?? SQLITE_IOERR_SHMLOCK
        }
        table.pointee.xShmBarrier = { file in VFSCallbacks.file(file)?.sharedMemoryBarrier() }
        table.pointee.xShmUnmap = { file, delete in
            VFSCallbacks.file(file)?.sharedMemoryUnmap(delete: delete != 0) ?? SQLITE_OK
        }
        return table
    }
}
