// SQLite's extended result codes are defined in sqlite3.h as macros of the form
// `(SQLITE_CONSTRAINT | (8<<8))`, which Swift does not import. They are given here under
// their C names, so that a client importing only SQLiteCore can match
// `Result.extendedCode` or `Result.extendedError` against `SQLITE_CONSTRAINT_UNIQUE` and the rest.
// Generated from sqlite3.h (SQLite 3.50.4).

/// The extended result code `SQLITE_ERROR_MISSING_COLLSEQ` (`SQLITE_ERROR | (1 << 8)`).
public let SQLITE_ERROR_MISSING_COLLSEQ: Int32 = SQLITE_ERROR | (1 << 8)
/// The extended result code `SQLITE_ERROR_RETRY` (`SQLITE_ERROR | (2 << 8)`).
public let SQLITE_ERROR_RETRY: Int32 = SQLITE_ERROR | (2 << 8)
/// The extended result code `SQLITE_ERROR_SNAPSHOT` (`SQLITE_ERROR | (3 << 8)`).
public let SQLITE_ERROR_SNAPSHOT: Int32 = SQLITE_ERROR | (3 << 8)
/// The extended result code `SQLITE_IOERR_READ` (`SQLITE_IOERR | (1 << 8)`).
public let SQLITE_IOERR_READ: Int32 = SQLITE_IOERR | (1 << 8)
/// The extended result code `SQLITE_IOERR_SHORT_READ` (`SQLITE_IOERR | (2 << 8)`).
public let SQLITE_IOERR_SHORT_READ: Int32 = SQLITE_IOERR | (2 << 8)
/// The extended result code `SQLITE_IOERR_WRITE` (`SQLITE_IOERR | (3 << 8)`).
public let SQLITE_IOERR_WRITE: Int32 = SQLITE_IOERR | (3 << 8)
/// The extended result code `SQLITE_IOERR_FSYNC` (`SQLITE_IOERR | (4 << 8)`).
public let SQLITE_IOERR_FSYNC: Int32 = SQLITE_IOERR | (4 << 8)
/// The extended result code `SQLITE_IOERR_DIR_FSYNC` (`SQLITE_IOERR | (5 << 8)`).
public let SQLITE_IOERR_DIR_FSYNC: Int32 = SQLITE_IOERR | (5 << 8)
/// The extended result code `SQLITE_IOERR_TRUNCATE` (`SQLITE_IOERR | (6 << 8)`).
public let SQLITE_IOERR_TRUNCATE: Int32 = SQLITE_IOERR | (6 << 8)
/// The extended result code `SQLITE_IOERR_FSTAT` (`SQLITE_IOERR | (7 << 8)`).
public let SQLITE_IOERR_FSTAT: Int32 = SQLITE_IOERR | (7 << 8)
/// The extended result code `SQLITE_IOERR_UNLOCK` (`SQLITE_IOERR | (8 << 8)`).
public let SQLITE_IOERR_UNLOCK: Int32 = SQLITE_IOERR | (8 << 8)
/// The extended result code `SQLITE_IOERR_RDLOCK` (`SQLITE_IOERR | (9 << 8)`).
public let SQLITE_IOERR_RDLOCK: Int32 = SQLITE_IOERR | (9 << 8)
/// The extended result code `SQLITE_IOERR_DELETE` (`SQLITE_IOERR | (10 << 8)`).
public let SQLITE_IOERR_DELETE: Int32 = SQLITE_IOERR | (10 << 8)
/// The extended result code `SQLITE_IOERR_BLOCKED` (`SQLITE_IOERR | (11 << 8)`).
public let SQLITE_IOERR_BLOCKED: Int32 = SQLITE_IOERR | (11 << 8)
/// The extended result code `SQLITE_IOERR_NOMEM` (`SQLITE_IOERR | (12 << 8)`).
public let SQLITE_IOERR_NOMEM: Int32 = SQLITE_IOERR | (12 << 8)
/// The extended result code `SQLITE_IOERR_ACCESS` (`SQLITE_IOERR | (13 << 8)`).
public let SQLITE_IOERR_ACCESS: Int32 = SQLITE_IOERR | (13 << 8)
/// The extended result code `SQLITE_IOERR_CHECKRESERVEDLOCK` (`SQLITE_IOERR | (14 << 8)`).
public let SQLITE_IOERR_CHECKRESERVEDLOCK: Int32 = SQLITE_IOERR | (14 << 8)
/// The extended result code `SQLITE_IOERR_LOCK` (`SQLITE_IOERR | (15 << 8)`).
public let SQLITE_IOERR_LOCK: Int32 = SQLITE_IOERR | (15 << 8)
/// The extended result code `SQLITE_IOERR_CLOSE` (`SQLITE_IOERR | (16 << 8)`).
public let SQLITE_IOERR_CLOSE: Int32 = SQLITE_IOERR | (16 << 8)
/// The extended result code `SQLITE_IOERR_DIR_CLOSE` (`SQLITE_IOERR | (17 << 8)`).
public let SQLITE_IOERR_DIR_CLOSE: Int32 = SQLITE_IOERR | (17 << 8)
/// The extended result code `SQLITE_IOERR_SHMOPEN` (`SQLITE_IOERR | (18 << 8)`).
public let SQLITE_IOERR_SHMOPEN: Int32 = SQLITE_IOERR | (18 << 8)
/// The extended result code `SQLITE_IOERR_SHMSIZE` (`SQLITE_IOERR | (19 << 8)`).
public let SQLITE_IOERR_SHMSIZE: Int32 = SQLITE_IOERR | (19 << 8)
/// The extended result code `SQLITE_IOERR_SHMLOCK` (`SQLITE_IOERR | (20 << 8)`).
public let SQLITE_IOERR_SHMLOCK: Int32 = SQLITE_IOERR | (20 << 8)
/// The extended result code `SQLITE_IOERR_SHMMAP` (`SQLITE_IOERR | (21 << 8)`).
public let SQLITE_IOERR_SHMMAP: Int32 = SQLITE_IOERR | (21 << 8)
/// The extended result code `SQLITE_IOERR_SEEK` (`SQLITE_IOERR | (22 << 8)`).
public let SQLITE_IOERR_SEEK: Int32 = SQLITE_IOERR | (22 << 8)
/// The extended result code `SQLITE_IOERR_DELETE_NOENT` (`SQLITE_IOERR | (23 << 8)`).
public let SQLITE_IOERR_DELETE_NOENT: Int32 = SQLITE_IOERR | (23 << 8)
/// The extended result code `SQLITE_IOERR_MMAP` (`SQLITE_IOERR | (24 << 8)`).
public let SQLITE_IOERR_MMAP: Int32 = SQLITE_IOERR | (24 << 8)
/// The extended result code `SQLITE_IOERR_GETTEMPPATH` (`SQLITE_IOERR | (25 << 8)`).
public let SQLITE_IOERR_GETTEMPPATH: Int32 = SQLITE_IOERR | (25 << 8)
/// The extended result code `SQLITE_IOERR_CONVPATH` (`SQLITE_IOERR | (26 << 8)`).
public let SQLITE_IOERR_CONVPATH: Int32 = SQLITE_IOERR | (26 << 8)
/// The extended result code `SQLITE_IOERR_VNODE` (`SQLITE_IOERR | (27 << 8)`).
public let SQLITE_IOERR_VNODE: Int32 = SQLITE_IOERR | (27 << 8)
/// The extended result code `SQLITE_IOERR_AUTH` (`SQLITE_IOERR | (28 << 8)`).
public let SQLITE_IOERR_AUTH: Int32 = SQLITE_IOERR | (28 << 8)
/// The extended result code `SQLITE_IOERR_BEGIN_ATOMIC` (`SQLITE_IOERR | (29 << 8)`).
public let SQLITE_IOERR_BEGIN_ATOMIC: Int32 = SQLITE_IOERR | (29 << 8)
/// The extended result code `SQLITE_IOERR_COMMIT_ATOMIC` (`SQLITE_IOERR | (30 << 8)`).
public let SQLITE_IOERR_COMMIT_ATOMIC: Int32 = SQLITE_IOERR | (30 << 8)
/// The extended result code `SQLITE_IOERR_ROLLBACK_ATOMIC` (`SQLITE_IOERR | (31 << 8)`).
public let SQLITE_IOERR_ROLLBACK_ATOMIC: Int32 = SQLITE_IOERR | (31 << 8)
/// The extended result code `SQLITE_IOERR_DATA` (`SQLITE_IOERR | (32 << 8)`).
public let SQLITE_IOERR_DATA: Int32 = SQLITE_IOERR | (32 << 8)
/// The extended result code `SQLITE_IOERR_CORRUPTFS` (`SQLITE_IOERR | (33 << 8)`).
public let SQLITE_IOERR_CORRUPTFS: Int32 = SQLITE_IOERR | (33 << 8)
/// The extended result code `SQLITE_IOERR_IN_PAGE` (`SQLITE_IOERR | (34 << 8)`).
public let SQLITE_IOERR_IN_PAGE: Int32 = SQLITE_IOERR | (34 << 8)
/// The extended result code `SQLITE_LOCKED_SHAREDCACHE` (`SQLITE_LOCKED | (1 << 8)`).
public let SQLITE_LOCKED_SHAREDCACHE: Int32 = SQLITE_LOCKED | (1 << 8)
/// The extended result code `SQLITE_LOCKED_VTAB` (`SQLITE_LOCKED | (2 << 8)`).
public let SQLITE_LOCKED_VTAB: Int32 = SQLITE_LOCKED | (2 << 8)
/// The extended result code `SQLITE_BUSY_RECOVERY` (`SQLITE_BUSY | (1 << 8)`).
public let SQLITE_BUSY_RECOVERY: Int32 = SQLITE_BUSY | (1 << 8)
/// The extended result code `SQLITE_BUSY_SNAPSHOT` (`SQLITE_BUSY | (2 << 8)`).
public let SQLITE_BUSY_SNAPSHOT: Int32 = SQLITE_BUSY | (2 << 8)
/// The extended result code `SQLITE_BUSY_TIMEOUT` (`SQLITE_BUSY | (3 << 8)`).
public let SQLITE_BUSY_TIMEOUT: Int32 = SQLITE_BUSY | (3 << 8)
/// The extended result code `SQLITE_CANTOPEN_NOTEMPDIR` (`SQLITE_CANTOPEN | (1 << 8)`).
public let SQLITE_CANTOPEN_NOTEMPDIR: Int32 = SQLITE_CANTOPEN | (1 << 8)
/// The extended result code `SQLITE_CANTOPEN_ISDIR` (`SQLITE_CANTOPEN | (2 << 8)`).
public let SQLITE_CANTOPEN_ISDIR: Int32 = SQLITE_CANTOPEN | (2 << 8)
/// The extended result code `SQLITE_CANTOPEN_FULLPATH` (`SQLITE_CANTOPEN | (3 << 8)`).
public let SQLITE_CANTOPEN_FULLPATH: Int32 = SQLITE_CANTOPEN | (3 << 8)
/// The extended result code `SQLITE_CANTOPEN_CONVPATH` (`SQLITE_CANTOPEN | (4 << 8)`).
public let SQLITE_CANTOPEN_CONVPATH: Int32 = SQLITE_CANTOPEN | (4 << 8)
/// The extended result code `SQLITE_CANTOPEN_DIRTYWAL` (`SQLITE_CANTOPEN | (5 << 8)`).
public let SQLITE_CANTOPEN_DIRTYWAL: Int32 = SQLITE_CANTOPEN | (5 << 8)
/// The extended result code `SQLITE_CANTOPEN_SYMLINK` (`SQLITE_CANTOPEN | (6 << 8)`).
public let SQLITE_CANTOPEN_SYMLINK: Int32 = SQLITE_CANTOPEN | (6 << 8)
/// The extended result code `SQLITE_CORRUPT_VTAB` (`SQLITE_CORRUPT | (1 << 8)`).
public let SQLITE_CORRUPT_VTAB: Int32 = SQLITE_CORRUPT | (1 << 8)
/// The extended result code `SQLITE_CORRUPT_SEQUENCE` (`SQLITE_CORRUPT | (2 << 8)`).
public let SQLITE_CORRUPT_SEQUENCE: Int32 = SQLITE_CORRUPT | (2 << 8)
/// The extended result code `SQLITE_CORRUPT_INDEX` (`SQLITE_CORRUPT | (3 << 8)`).
public let SQLITE_CORRUPT_INDEX: Int32 = SQLITE_CORRUPT | (3 << 8)
/// The extended result code `SQLITE_READONLY_RECOVERY` (`SQLITE_READONLY | (1 << 8)`).
public let SQLITE_READONLY_RECOVERY: Int32 = SQLITE_READONLY | (1 << 8)
/// The extended result code `SQLITE_READONLY_CANTLOCK` (`SQLITE_READONLY | (2 << 8)`).
public let SQLITE_READONLY_CANTLOCK: Int32 = SQLITE_READONLY | (2 << 8)
/// The extended result code `SQLITE_READONLY_ROLLBACK` (`SQLITE_READONLY | (3 << 8)`).
public let SQLITE_READONLY_ROLLBACK: Int32 = SQLITE_READONLY | (3 << 8)
/// The extended result code `SQLITE_READONLY_DBMOVED` (`SQLITE_READONLY | (4 << 8)`).
public let SQLITE_READONLY_DBMOVED: Int32 = SQLITE_READONLY | (4 << 8)
/// The extended result code `SQLITE_READONLY_CANTINIT` (`SQLITE_READONLY | (5 << 8)`).
public let SQLITE_READONLY_CANTINIT: Int32 = SQLITE_READONLY | (5 << 8)
/// The extended result code `SQLITE_READONLY_DIRECTORY` (`SQLITE_READONLY | (6 << 8)`).
public let SQLITE_READONLY_DIRECTORY: Int32 = SQLITE_READONLY | (6 << 8)
/// The extended result code `SQLITE_ABORT_ROLLBACK` (`SQLITE_ABORT | (2 << 8)`).
public let SQLITE_ABORT_ROLLBACK: Int32 = SQLITE_ABORT | (2 << 8)
/// The extended result code `SQLITE_CONSTRAINT_CHECK` (`SQLITE_CONSTRAINT | (1 << 8)`).
public let SQLITE_CONSTRAINT_CHECK: Int32 = SQLITE_CONSTRAINT | (1 << 8)
/// The extended result code `SQLITE_CONSTRAINT_COMMITHOOK` (`SQLITE_CONSTRAINT | (2 << 8)`).
public let SQLITE_CONSTRAINT_COMMITHOOK: Int32 = SQLITE_CONSTRAINT | (2 << 8)
/// The extended result code `SQLITE_CONSTRAINT_FOREIGNKEY` (`SQLITE_CONSTRAINT | (3 << 8)`).
public let SQLITE_CONSTRAINT_FOREIGNKEY: Int32 = SQLITE_CONSTRAINT | (3 << 8)
/// The extended result code `SQLITE_CONSTRAINT_FUNCTION` (`SQLITE_CONSTRAINT | (4 << 8)`).
public let SQLITE_CONSTRAINT_FUNCTION: Int32 = SQLITE_CONSTRAINT | (4 << 8)
/// The extended result code `SQLITE_CONSTRAINT_NOTNULL` (`SQLITE_CONSTRAINT | (5 << 8)`).
public let SQLITE_CONSTRAINT_NOTNULL: Int32 = SQLITE_CONSTRAINT | (5 << 8)
/// The extended result code `SQLITE_CONSTRAINT_PRIMARYKEY` (`SQLITE_CONSTRAINT | (6 << 8)`).
public let SQLITE_CONSTRAINT_PRIMARYKEY: Int32 = SQLITE_CONSTRAINT | (6 << 8)
/// The extended result code `SQLITE_CONSTRAINT_TRIGGER` (`SQLITE_CONSTRAINT | (7 << 8)`).
public let SQLITE_CONSTRAINT_TRIGGER: Int32 = SQLITE_CONSTRAINT | (7 << 8)
/// The extended result code `SQLITE_CONSTRAINT_UNIQUE` (`SQLITE_CONSTRAINT | (8 << 8)`).
public let SQLITE_CONSTRAINT_UNIQUE: Int32 = SQLITE_CONSTRAINT | (8 << 8)
/// The extended result code `SQLITE_CONSTRAINT_VTAB` (`SQLITE_CONSTRAINT | (9 << 8)`).
public let SQLITE_CONSTRAINT_VTAB: Int32 = SQLITE_CONSTRAINT | (9 << 8)
/// The extended result code `SQLITE_CONSTRAINT_ROWID` (`SQLITE_CONSTRAINT | (10 << 8)`).
public let SQLITE_CONSTRAINT_ROWID: Int32 = SQLITE_CONSTRAINT | (10 << 8)
/// The extended result code `SQLITE_CONSTRAINT_PINNED` (`SQLITE_CONSTRAINT | (11 << 8)`).
public let SQLITE_CONSTRAINT_PINNED: Int32 = SQLITE_CONSTRAINT | (11 << 8)
/// The extended result code `SQLITE_CONSTRAINT_DATATYPE` (`SQLITE_CONSTRAINT | (12 << 8)`).
public let SQLITE_CONSTRAINT_DATATYPE: Int32 = SQLITE_CONSTRAINT | (12 << 8)
/// The extended result code `SQLITE_NOTICE_RECOVER_WAL` (`SQLITE_NOTICE | (1 << 8)`).
public let SQLITE_NOTICE_RECOVER_WAL: Int32 = SQLITE_NOTICE | (1 << 8)
/// The extended result code `SQLITE_NOTICE_RECOVER_ROLLBACK` (`SQLITE_NOTICE | (2 << 8)`).
public let SQLITE_NOTICE_RECOVER_ROLLBACK: Int32 = SQLITE_NOTICE | (2 << 8)
/// The extended result code `SQLITE_NOTICE_RBU` (`SQLITE_NOTICE | (3 << 8)`).
public let SQLITE_NOTICE_RBU: Int32 = SQLITE_NOTICE | (3 << 8)
/// The extended result code `SQLITE_WARNING_AUTOINDEX` (`SQLITE_WARNING | (1 << 8)`).
public let SQLITE_WARNING_AUTOINDEX: Int32 = SQLITE_WARNING | (1 << 8)
/// The extended result code `SQLITE_AUTH_USER` (`SQLITE_AUTH | (1 << 8)`).
public let SQLITE_AUTH_USER: Int32 = SQLITE_AUTH | (1 << 8)
/// The extended result code `SQLITE_OK_LOAD_PERMANENTLY` (`SQLITE_OK | (1 << 8)`).
public let SQLITE_OK_LOAD_PERMANENTLY: Int32 = SQLITE_OK | (1 << 8)
/// The extended result code `SQLITE_OK_SYMLINK` (`SQLITE_OK | (2 << 8)`).
public let SQLITE_OK_SYMLINK: Int32 = SQLITE_OK | (2 << 8)
