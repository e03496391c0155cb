#if Snapshot
    /// SQLite's snapshot functions (SQLITE_ENABLE_SNAPSHOT): called directly in the vendored and
    /// SQLCipher builds, looked up at run time under `SystemSQLite`, whose library may lack them
    /// (Debian's does); nil then, and the Swift API throws.
    enum SnapshotFunctions {
        typealias Get =
            @convention(c) (
                OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_snapshot>?>?
            ) -> Int32
        typealias Open =
            @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<sqlite3_snapshot>?)
            -> Int32
        typealias Free = @convention(c) (UnsafeMutablePointer<sqlite3_snapshot>?) -> Void
        typealias Compare =
            @convention(c) (
                UnsafeMutablePointer<sqlite3_snapshot>?, UnsafeMutablePointer<sqlite3_snapshot>?
            ) -> Int32
        typealias Recover = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32

        struct Table {
            let get: Get
            let open: Open
            let free: Free
            let compare: Compare
            let recover: Recover
        }

        /// The functions, nil when the library has none of them.
        static let table: Table? = {
            #if SystemSQLite
                guard let get = NewerCFunctions.snapshotGet, let open = NewerCFunctions.snapshotOpen,
                    let free = NewerCFunctions.snapshotFree, let compare = NewerCFunctions.snapshotCompare,
                    let recover = NewerCFunctions.snapshotRecover
                else { return nil }
                return Table(get: get, open: open, free: free, compare: compare, recover: recover)
            #else
                return Table(
                    get: { sqlite3_snapshot_get($0, $1, $2) }, open: { sqlite3_snapshot_open($0, $1, $2) },
                    free: { sqlite3_snapshot_free($0) }, compare: { sqlite3_snapshot_cmp($0, $1) },
                    recover: { sqlite3_snapshot_recover($0, $1) })
            #endif
        }()

        /// The functions, or the error saying the library lacks them.
        static func required() throws(Result) -> Table {
            guard let table else {
                throw Result.misuse(
                    "this SQLite library was built without snapshots (SQLITE_ENABLE_SNAPSHOT)", code: SQLITE_ERROR)
            }
            return table
        }
    }
#endif
