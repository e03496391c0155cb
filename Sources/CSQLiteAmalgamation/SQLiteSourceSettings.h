// What every SQLite source compiled by this package sets before its amalgamation: included by
// CSQLiteAmalgamation.c (the vendored SQLite) and by CSQLCipher.c (the SQLCipher trait), right
// before each includes its sqlite3.c. The flags come from Package.swift; these are the few that
// a trait cannot express directly.

// Exactly one SQLite source per build (Package.swift's sqliteSources): two is a mistake in the
// traits, never a silent choice. Each `defined(...)` counts 1.
#if (defined(SWIFT_SQLITE_SOURCE_VENDORED) + defined(SWIFT_SQLITE_SOURCE_SYSTEM) + defined(SWIFT_SQLITE_SOURCE_SQLCIPHER)) > 1
#error "swift-sqlite: more than one of the traits VendoredSQLite, SystemSQLite and SQLCipher is on; enable exactly one SQLite source (a dependency's traits: [.defaults, \"SQLCipher\"] turns on two; write traits: [\"SQLCipher\"])"
#endif

// JSON is built into SQLite: the JSON trait being off is what removes it.
#ifndef SWIFT_SQLITE_JSON
#define SQLITE_OMIT_JSON 1
#endif

// Loading extensions is opt-in (the LoadExtension trait): without it the loader, its C API and
// the SQL function load_extension() are compiled out.
#ifndef SWIFT_SQLITE_LOAD_EXTENSION
#define SQLITE_OMIT_LOAD_EXTENSION 1
#endif

// Geopoly is an R*Tree extension; never ask for it without R*Tree.
#if defined(SQLITE_ENABLE_GEOPOLY) && !defined(SQLITE_ENABLE_RTREE)
#define SQLITE_ENABLE_RTREE 1
#endif
