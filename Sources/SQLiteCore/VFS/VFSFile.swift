/// A file opened through a Swift ``VFS``: every method forwards to the wrapped VFS's file
/// unless a subclass overrides it. Methods return SQLite's result codes (`SQLITE_OK`,
/// `SQLITE_IOERR_WRITE`, `SQLITE_FULL`...), as the C interface they implement does.
///
/// ```swift
/// final class CountingFile: VFSFile {
///     override func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Int32 {
///         written.withLock { $0 += bytes.count }
///         return super.write(bytes, at: offset)
///     }
/// }
/// ```
///
/// SQLite uses a file from one connection at a time; the object lives from the open to the
/// close.
open class VFSFile {
    /// The wrapped VFS's open file, inside the structure SQLite allocated; set before SQLite
    /// calls any method.
    var baseFile: UnsafeMutablePointer<sqlite3_file>?
    /// The VFS that opened the file, kept alive until the close.
    var owner: VFS?
    /// The file's path (nil for a temporary file SQLite names itself); set at the open.
    public internal(set) var path: String?
    /// What the file is and how it was opened; set at the open.
    public internal(set) var flags = VFSOpenFlags()

    /// A file object; ``VFS/makeFile(path:flags:)`` returns it, and the VFS opens the wrapped file.
    public init() {}

    private var methods: UnsafePointer<sqlite3_io_methods>? { baseFile?.pointee.pMethods }

    /// Reads `buffer.count` bytes at `offset`; a read past the end fills the rest with zeros and
    /// returns `SQLITE_IOERR_SHORT_READ`.
    open func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int64) -> Int32 {
        methods?.pointee.xRead?(baseFile, buffer.baseAddress, Int32(buffer.count), offset) ?? SQLITE_IOERR_READ
    }

    /// Writes `bytes` at `offset`.
    open func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Int32 {
        methods?.pointee.xWrite?(baseFile, bytes.baseAddress, Int32(bytes.count), offset) ?? SQLITE_IOERR_WRITE
    }

    /// Truncates the file to `size` bytes.
    open func truncate(to size: Int64) -> Int32 {
        methods?.pointee.xTruncate?(baseFile, size) ?? SQLITE_IOERR_TRUNCATE
    }

    /// Makes the writes so far durable (`SQLITE_SYNC_NORMAL`, `SQLITE_SYNC_FULL`, maybe with
    /// `SQLITE_SYNC_DATAONLY`).
    open func sync(flags: Int32) -> Int32 {
        methods?.pointee.xSync?(baseFile, flags) ?? SQLITE_IOERR_FSYNC
    }

    /// The file's size in bytes, through `size`.
    open func fileSize(_ size: inout Int64) -> Int32 {
        var value: sqlite3_int64 = 0
        let code = methods?.pointee.xFileSize?(baseFile, &value) ?? SQLITE_IOERR_FSTAT
        size = value
        return code
    }

    /// Raises the lock to `level` (`SQLITE_LOCK_SHARED`...).
    open func lock(_ level: Int32) -> Int32 { methods?.pointee.xLock?(baseFile, level) ?? SQLITE_IOERR_LOCK }

    /// Lowers the lock to `level`.
    open func unlock(_ level: Int32) -> Int32 { methods?.pointee.xUnlock?(baseFile, level) ?? SQLITE_IOERR_UNLOCK }

    /// Whether any connection holds a RESERVED or higher lock, through `result`.
    open func checkReservedLock(_ result: inout Bool) -> Int32 {
        var answer: Int32 = 0
        let code = methods?.pointee.xCheckReservedLock?(baseFile, &answer) ?? SQLITE_IOERR_CHECKRESERVEDLOCK
        result = answer != 0
        return code
    }

    /// A file control (`SQLITE_FCNTL_*`); `SQLITE_NOTFOUND` for one not handled.
    open func fileControl(_ operation: Int32, _ argument: UnsafeMutableRawPointer?) -> Int32 {
        methods?.pointee.xFileControl?(baseFile, operation, argument) ?? SQLITE_NOTFOUND
    }

    /// The sector size, in bytes.
    open func sectorSize() -> Int32 { methods?.pointee.xSectorSize?(baseFile) ?? 4096 }

    /// The device's characteristics (`SQLITE_IOCAP_*`).
    open func deviceCharacteristics() -> Int32 { methods?.pointee.xDeviceCharacteristics?(baseFile) ?? 0 }

    /// Maps region `region` of `size` bytes of the shared memory (the WAL index), creating it
    /// when `extend`, through `memory`.
    open func sharedMemoryMap(
        region: Int32, size: Int32, extend: Bool, _ memory: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> Int32 {
        guard let map = methods?.pointee.xShmMap else { return SQLITE_IOERR_SHMMAP }
        return map(baseFile, region, size, extend ? 1 : 0, memory)
    }

    /// Takes or releases (`flags`) `count` shared-memory locks from `offset`.
    open func sharedMemoryLock(offset: Int32, count: Int32, flags: Int32) -> Int32 {
        guard let lock = methods?.pointee.xShmLock else { return SQLITE_IOERR_SHMLOCK }
        return lock(baseFile, offset, count, flags)
    }

    /// A memory barrier between shared-memory accesses.
    open func sharedMemoryBarrier() { methods?.pointee.xShmBarrier?(baseFile) }

    /// Unmaps the shared memory, deleting it when `delete`.
    open func sharedMemoryUnmap(delete: Bool) -> Int32 {
        guard let unmap = methods?.pointee.xShmUnmap else { return SQLITE_OK }
        return unmap(baseFile, delete ? 1 : 0)
    }

    /// Closes the wrapped file; the object is released afterwards. Override to act on the
    /// close, calling `super`.
    open func close() -> Int32 { methods?.pointee.xClose?(baseFile) ?? SQLITE_OK }
}
