/// A VFS written in Swift that wraps a registered one (the default unless named) and overrides
/// what it needs: subclass it, and subclass ``VFSFile`` for the file methods.
///
/// ```swift
/// final class CountingVFS: VFS {
///     let writes = Locked(0)   // your own synchronization: SQLite calls from many threads
///     override func makeFile(path: String?, flags: VFSOpenFlags) throws -> VFSFile { CountingFile(self) }
/// }
/// let vfs = try CountingVFS(name: "counting")
/// try vfs.register()
/// let db = try Connection(.uri(path, parameters: [.vfs("counting")]))
/// ```
///
/// Everything not overridden goes to the wrapped VFS: randomness, sleep, time, extension
/// loading; a file's methods go to the wrapped VFS's file (``VFSFile`` forwards each one).
/// Files are never memory-mapped through a Swift VFS (it offers no `xFetch`), so every read
/// reaches ``VFSFile/read(into:at:)``.
///
/// SQLite calls a VFS from any thread: a subclass's own mutable state needs a lock. The VFS is
/// kept alive while registered and while a file is open through it.
open class VFS: @unchecked Sendable {
    /// The name connections name it by (`vfs=` in a URI).
    public let name: String
    /// The wrapped VFS's name.
    public let baseName: String
    /// The wrapped VFS.
    let base: UnsafeMutablePointer<sqlite3_vfs>
    /// The registered structure and the files open through it.
    let registration = Locked(Registration())

    struct Registration: @unchecked Sendable {
        var vfs: UnsafeMutablePointer<sqlite3_vfs>?
        var isRegistered = false
        var openFiles = 0
    }

    /// Makes (but does not register) a VFS named `name` wrapping the VFS `baseName`.
    ///
    /// - Throws: ``Result`` (`SQLITE_ERROR`) when no VFS is registered under `baseName` (or, for
    ///   `nil`, no default VFS).
    public init(name: String, wrapping baseName: String? = nil) throws {
        _ = Connection.sqliteInitialized
        guard let base = sqlite3_vfs_find(baseName) else {
            throw Result.misuse("no VFS named \(baseName ?? "(default)") to wrap", code: SQLITE_ERROR)
        }
        self.name = name
        self.baseName = String(cString: base.pointee.zName)
        self.base = base
    }

    /// Registers the VFS, as the default for new connections with `makeDefault`.
    ///
    /// - Throws: ``Result`` when it is registered already or SQLite refuses it.
    public func register(makeDefault: Bool = false) throws {
        try registration.withLock { registration in
            guard !registration.isRegistered else { throw Result.misuse("VFS \(name) is registered already") }
            let vfs = registration.vfs ?? VFSCallbacks.makeStructure(for: self)
            let code = sqlite3_vfs_register(vfs, makeDefault ? 1 : 0)
            guard code == SQLITE_OK else {
                if registration.vfs == nil { VFSCallbacks.freeStructure(vfs) }
                throw Result.misuse("cannot register VFS \(name): \(String(cString: sqlite3_errstr(code)))", code: code)
            }
            registration.vfs = vfs
            registration.isRegistered = true
        }
    }

    /// Unregisters the VFS: new connections cannot name it. Files open through it keep working
    /// until closed; the C structure is freed once the last one closes. Calling it again does
    /// nothing.
    ///
    /// - Throws: ``Result`` (`SQLITE_BUSY`) when files are still open through it (the VFS is
    ///   unregistered anyway; close the connections, and it is freed when they are).
    public func unregister() throws {
        try registration.withLock { registration in
            guard registration.isRegistered, let vfs = registration.vfs else { return }
            sqlite3_vfs_unregister(vfs)
            registration.isRegistered = false
            guard registration.openFiles == 0 else {
                throw Result.misuse(
                    "\(registration.openFiles) file(s) still open through VFS \(name)", code: SQLITE_BUSY)
            }
            VFSCallbacks.freeStructure(vfs)
            registration.vfs = nil
        }
    }

    /// The files open through this VFS now.
    public var openFiles: Int { registration.withLock { $0.openFiles } }

    // MARK: - Overridable

    /// The file object for a file SQLite opens: override to return a ``VFSFile`` subclass.
    /// Throwing refuses the open (`SQLITE_CANTOPEN`). Default: a plain ``VFSFile``, which
    /// forwards everything.
    ///
    /// - Parameters:
    ///   - path: the file's path; nil for a temporary file SQLite names itself.
    ///   - flags: what the file is (main database, journal, WAL...) and how it is opened.
    open func makeFile(path: String?, flags: VFSOpenFlags) throws -> VFSFile { VFSFile() }

    /// Deletes the file at `path` (`xDelete`); `syncDirectory` asks that the deletion be
    /// durable before returning. Returns SQLite's result code. Default: the wrapped VFS's.
    open func delete(path: String, syncDirectory: Bool) -> Int32 {
        base.pointee.xDelete?(base, path, syncDirectory ? 1 : 0) ?? SQLITE_IOERR_DELETE
    }

    /// Whether `path` exists (`flags` `SQLITE_ACCESS_EXISTS`) or is readable and writable
    /// (`SQLITE_ACCESS_READWRITE`), through `result`. Default: the wrapped VFS's answer.
    open func access(path: String, flags: Int32, result: inout Bool) -> Int32 {
        var answer: Int32 = 0
        let code = base.pointee.xAccess?(base, path, flags, &answer) ?? SQLITE_IOERR_ACCESS
        result = answer != 0
        return code
    }
}

/// The flags of an open (`SQLITE_OPEN_*`): what the file is to SQLite and how it is opened.
public struct VFSOpenFlags: OptionSet, Sendable, Hashable {
    /// SQLite's flags.
    public let rawValue: Int32
    /// Wraps SQLite's flags.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The main database file.
    public static let mainDatabase = Self(rawValue: SQLITE_OPEN_MAIN_DB)
    /// The main database's rollback journal.
    public static let mainJournal = Self(rawValue: SQLITE_OPEN_MAIN_JOURNAL)
    /// The write-ahead log.
    public static let wal = Self(rawValue: SQLITE_OPEN_WAL)
    /// A temporary database.
    public static let tempDatabase = Self(rawValue: SQLITE_OPEN_TEMP_DB)
    /// A temporary database's journal.
    public static let tempJournal = Self(rawValue: SQLITE_OPEN_TEMP_JOURNAL)
    /// A statement journal.
    public static let subjournal = Self(rawValue: SQLITE_OPEN_SUBJOURNAL)
    /// A super-journal (a transaction over attached databases).
    public static let superJournal = Self(rawValue: SQLITE_OPEN_SUPER_JOURNAL)
    /// A transient database (sorting, `VACUUM`).
    public static let transientDatabase = Self(rawValue: SQLITE_OPEN_TRANSIENT_DB)
    /// Opened read-only.
    public static let readOnly = Self(rawValue: SQLITE_OPEN_READONLY)
    /// Created if missing.
    public static let create = Self(rawValue: SQLITE_OPEN_CREATE)
    /// Deleted when closed.
    public static let deleteOnClose = Self(rawValue: SQLITE_OPEN_DELETEONCLOSE)
}
