// The C API stays reachable through SQLiteCore alone: `SQLITE_CONSTRAINT`, `sqlite3_*` and the
// raw handles are the escape hatch for anything the Swift layer does not wrap. Which C module
// that is depends on the SQLite source trait (Package.swift's `sqliteSources`): exactly one.
// Under SystemSQLite it is CSQLiteSDK on Apple platforms (the SDK's library) and CSQLiteSystem
// elsewhere (pkg-config's).
#if (VendoredSQLite && SystemSQLite) || (VendoredSQLite && SQLCipher) || (SystemSQLite && SQLCipher)
    #error(
        "swift-sqlite: more than one of the traits VendoredSQLite, SystemSQLite and SQLCipher is on; enable exactly one SQLite source (a dependency's traits: [.defaults, \"SQLCipher\"] turns on two; write traits: [\"SQLCipher\"])"
    )
    // Still import the one the `#if SystemSQLite` code expects, so the message stands alone.
    #if SystemSQLite && canImport(Darwin)
        @_exported import CSQLiteSDK
    #elseif SystemSQLite
        @_exported import CSQLiteSystem
    #else
        @_exported import CSQLCipher
    #endif
#elseif SystemSQLite && canImport(Darwin)
    @_exported import CSQLiteSDK
#elseif SystemSQLite
    @_exported import CSQLiteSystem
#elseif SQLCipher
    @_exported import CSQLCipher
#else
    @_exported import CSQLiteAmalgamation
#endif
