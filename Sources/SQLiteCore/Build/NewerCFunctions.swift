#if SystemSQLite
    #if canImport(Glibc)
        import Glibc
    #elseif canImport(Musl)
        import Musl
    #elseif canImport(Darwin)
        import Darwin
    #endif

    /// The functions of SQLite's C API that Core calls and that are newer than the oldest system
    /// library the `SystemSQLite` trait supports (3.28, the Apple floor's). A system build looks
    /// each one up in the loaded libsqlite3 at run time, once, and never names it in a call (the
    /// SDK's `sqlite3.h` marks it with the OS versions that have it): `nil` when the library is
    /// too old, and the API built on it falls back (``GatedCalls``) or says so (reports false or
    /// throws). The vendored build calls them directly.
    enum NewerCFunctions {
        /// `sqlite3_is_interrupted` (3.41).
        static let isInterrupted = symbol("sqlite3_is_interrupted", as: IsInterrupted.self)

        typealias IsInterrupted = @convention(c) (OpaquePointer?) -> Int32

        /// `sqlite3_value_encoding` (3.41).
        static let valueEncoding = symbol("sqlite3_value_encoding", as: ValueEncoding.self)

        typealias ValueEncoding = @convention(c) (OpaquePointer?) -> Int32

        /// `sqlite3_changes64` (3.37).
        static let changes64 = symbol("sqlite3_changes64", as: Changes64.self)
        /// `sqlite3_total_changes64` (3.37).
        static let totalChanges64 = symbol("sqlite3_total_changes64", as: Changes64.self)

        typealias Changes64 = @convention(c) (OpaquePointer?) -> Int64

        /// `sqlite3_txn_state` (3.34).
        static let txnState = symbol("sqlite3_txn_state", as: TxnState.self)

        typealias TxnState = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32

        /// `sqlite3_db_name` (3.39).
        static let dbName = symbol("sqlite3_db_name", as: DBName.self)

        typealias DBName = @convention(c) (OpaquePointer?, Int32) -> UnsafePointer<CChar>?

        /// `sqlite3_serialize` (3.36 by default; 3.23 with `SQLITE_ENABLE_DESERIALIZE`).
        static let serialize = symbol("sqlite3_serialize", as: Serialize.self)

        typealias Serialize =
            @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<Int64>?, UInt32) ->
            UnsafeMutablePointer<UInt8>?

        /// `sqlite3_deserialize` (as `sqlite3_serialize`).
        static let deserialize = symbol("sqlite3_deserialize", as: Deserialize.self)

        typealias Deserialize =
            @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UInt8>?, Int64, Int64, UInt32)
            -> Int32

        /// The function `name` of the process's loaded libraries, as a C function of type `F`.
        static func symbol<F>(_ name: String, as type: F.Type) -> F? {
            // The handle of the program itself searches every library it loaded, libsqlite3
            // among them, whichever path the dynamic linker found it at.
            guard let program = dlopen(nil, RTLD_NOW), let address = dlsym(program, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }

        // MARK: Statement explain mode (Statement+Explain.swift)

        /// `sqlite3_stmt_explain` (3.43).
        static let statementExplain = symbol("sqlite3_stmt_explain", as: StatementExplain.self)

        typealias StatementExplain = @convention(c) (OpaquePointer?, Int32) -> Int32
    }
#endif

#if SystemSQLite && Snapshot
    // MARK: - Snapshots (SQLITE_ENABLE_SNAPSHOT, which system libraries often leave out)

    extension NewerCFunctions {
        /// `sqlite3_snapshot_get`.
        static let snapshotGet = symbol("sqlite3_snapshot_get", as: SnapshotFunctions.Get.self)
        /// `sqlite3_snapshot_open`.
        static let snapshotOpen = symbol("sqlite3_snapshot_open", as: SnapshotFunctions.Open.self)
        /// `sqlite3_snapshot_free`.
        static let snapshotFree = symbol("sqlite3_snapshot_free", as: SnapshotFunctions.Free.self)
        /// `sqlite3_snapshot_cmp`.
        static let snapshotCompare = symbol("sqlite3_snapshot_cmp", as: SnapshotFunctions.Compare.self)
        /// `sqlite3_snapshot_recover`.
        static let snapshotRecover = symbol("sqlite3_snapshot_recover", as: SnapshotFunctions.Recover.self)
    }
#endif
