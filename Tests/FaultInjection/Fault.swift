import SQLiteCore

/// The kind of file operation a ``Fault`` hits.
public enum FaultOperation: String, Sendable, Hashable, CaseIterable {
    /// `xRead`.
    case read
    /// `xWrite`.
    case write
    /// `xSync`.
    case sync
}

/// A failure ``FaultInjectingVFS`` makes a file operation report, as a real disk or file
/// system would.
public enum Fault: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// A write fails with `SQLITE_FULL`: the disk is full.
    case diskFull
    /// A write fails with `SQLITE_IOERR_WRITE`.
    case writeError
    /// A sync fails with `SQLITE_IOERR_FSYNC`.
    case syncError
    /// A read fails with `SQLITE_IOERR_READ`.
    case readError
    /// A read comes back short: `SQLITE_IOERR_SHORT_READ`, the buffer zero-filled as the VFS
    /// contract requires (nothing was read, as at the end of a file).
    case shortRead

    /// The operation the fault hits.
    public var operation: FaultOperation {
        switch self {
        case .diskFull, .writeError: .write
        case .syncError: .sync
        case .readError, .shortRead: .read
        }
    }

    /// The result code the VFS returns: the extended code where SQLite has one.
    public var extendedCode: Int32 {
        switch self {
        case .diskFull: SQLITE_FULL
        case .writeError: SQLITE_IOERR_WRITE
        case .syncError: SQLITE_IOERR_FSYNC
        case .readError: SQLITE_IOERR_READ
        case .shortRead: SQLITE_IOERR_SHORT_READ
        }
    }

    /// The primary result code (`SQLITE_FULL` or `SQLITE_IOERR`).
    public var primaryCode: Int32 { extendedCode & 0xFF }

    /// The case name.
    public var description: String { rawValue }
}

/// What a file opened through the VFS is to SQLite, from the flags `xOpen` receives.
public enum FileRole: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// The main database file.
    case mainDatabase
    /// The rollback journal of the main database.
    case mainJournal
    /// The write-ahead log.
    case wal
    /// The `temp` database.
    case tempDatabase
    /// The rollback journal of the `temp` database.
    case tempJournal
    /// A statement journal.
    case subjournal
    /// The super-journal of a transaction over several databases.
    case superJournal
    /// A transient database (sorting, `VACUUM`, materialized views).
    case transientDatabase
    /// Anything else.
    case other

    /// The role the `SQLITE_OPEN_*` type flag among `flags` names.
    init(openFlags flags: Int32) {
        let roles: [(Int32, FileRole)] = [
            (SQLITE_OPEN_MAIN_DB, .mainDatabase), (SQLITE_OPEN_MAIN_JOURNAL, .mainJournal), (SQLITE_OPEN_WAL, .wal),
            (SQLITE_OPEN_TEMP_DB, .tempDatabase), (SQLITE_OPEN_TEMP_JOURNAL, .tempJournal),
            (SQLITE_OPEN_SUBJOURNAL, .subjournal), (SQLITE_OPEN_SUPER_JOURNAL, .superJournal),
            (SQLITE_OPEN_TRANSIENT_DB, .transientDatabase),
        ]
        self = roles.first { flags & $0.0 != 0 }?.1 ?? .other
    }

    /// The case name.
    public var description: String { rawValue }
}

/// One operation a fault made fail.
public struct FaultFiring: Sendable, Hashable, CustomStringConvertible {
    /// The fault reported.
    public let fault: Fault
    /// The file it hit.
    public let role: FileRole
    /// Which operation of the fault's kind it was, counting from 1 since the fault was injected.
    public let ordinal: Int

    /// E.g. `diskFull on mainJournal (write 3)`.
    public var description: String { "\(fault) on \(role) (\(fault.operation) \(ordinal))" }
}
