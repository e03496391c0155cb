// SQLite C functions newer than the floor's SQLite (3.28), in code the SystemSQLite trait
// compiles on Apple platforms. This package has no SQLite: the C check reads the text, so these
// clauses need not compile here (no Apple platform and no trait of this package defines
// SystemSQLite, so the Swift pass never sees them). Each ungated name is marked
// `// expect-c: NAME` on its line.

#if SystemSQLite
    /// A direct call where the SDK's SQLite may be 3.28: reported.
    func plantedChanges(_ db: OpaquePointer) -> Int64 {
        sqlite3_changes64(db)  // expect-c: sqlite3_changes64
    }

    /// 3.28's own function, and a newer one looked up by name: neither is reported.
    func gatedChanges(_ db: OpaquePointer) -> Int64 {
        if let address = dlsym(nil, "sqlite3_changes64") {
            typealias Changes64 = @convention(c) (OpaquePointer?) -> Int64
            return unsafeBitCast(address, to: Changes64.self)(db)
        }
        return Int64(sqlite3_changes(db))
    }
#elseif VendoredSQLite
    /// Only the vendored SQLite (3.50) runs this clause: not reported.
    func vendoredChanges(_ db: OpaquePointer) -> Int64 {
        sqlite3_changes64(db)
    }
#endif

#if SQLCipher || SystemSQLite
    /// Compiled with SystemSQLite (one side of the `||` is enough): reported.
    func plantedTransactionState(_ db: OpaquePointer) -> Int32 {
        sqlite3_txn_state(db, nil)  // expect-c: sqlite3_txn_state
    }
#endif
