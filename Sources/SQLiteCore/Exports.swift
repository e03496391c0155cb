// The C API stays reachable through SQLiteCore alone: `SQLITE_CONSTRAINT`, `sqlite3_*` and the
// raw handles are the escape hatch for anything the Swift layer does not wrap. Which C module
// that is depends on the SQLite source trait (Package.swift's `sqliteSources`): exactly one.
#if VendoredSQLite && SystemSQLite
    #error(
        "swift-sqlite: the traits VendoredSQLite and SystemSQLite are both on; enable exactly one SQLite source (a dependency's traits: [.defaults, \"SystemSQLite\"] turns on both; write traits: [\"SystemSQLite\"])"
    )
    // Still import the one the `#if SystemSQLite` code expects, so the message stands alone.
    @_exported import CSQLiteSystem
#elseif SystemSQLite
    @_exported import CSQLiteSystem
#else
    @_exported import CSQLiteAmalgamation
#endif
