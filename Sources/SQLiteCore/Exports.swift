// The C API stays reachable through SQLiteCore alone: `SQLITE_CONSTRAINT`, `sqlite3_*` and the
// raw handles are the escape hatch for anything the Swift layer does not wrap.
@_exported import CSQLiteAmalgamation
