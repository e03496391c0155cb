// The one translation unit of the C target: the pinned amalgamation, compiled with the
// package's flags (Package.swift) plus the few that a trait cannot express directly.

// Exactly one SQLite source per build (Package.swift's sqliteSources): two is a mistake in the
// traits, never a silent choice. Each `defined(...)` counts 1.
#if (defined(SWIFT_SQLITE_SOURCE_VENDORED) + defined(SWIFT_SQLITE_SOURCE_SYSTEM) + defined(SWIFT_SQLITE_SOURCE_SQLCIPHER)) > 1
#error "swift-sqlite: more than one of the traits VendoredSQLite, SystemSQLite and SQLCipher is on; enable exactly one SQLite source (a dependency's traits: [.defaults, \"SQLCipher\"] turns on two; write traits: [\"SQLCipher\"])"
#endif

// Another source links its own library: the amalgamation must not be compiled in beside it.
#if !defined(SWIFT_SQLITE_SOURCE_SYSTEM) && !defined(SWIFT_SQLITE_SOURCE_SQLCIPHER)

// JSON is built into SQLite: the JSON trait being off is what removes it.
#ifndef SWIFT_SQLITE_JSON
#define SQLITE_OMIT_JSON 1
#endif

// Geopoly is an R*Tree extension; never ask for it without R*Tree.
#if defined(SQLITE_ENABLE_GEOPOLY) && !defined(SQLITE_ENABLE_RTREE)
#define SQLITE_ENABLE_RTREE 1
#endif

// The amalgamation is vendored as released; its warnings are not ours to fix.
#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Weverything"
#endif
#include "sqlite3.c"
#if defined(__clang__)
#pragma clang diagnostic pop
#endif

#endif // !SWIFT_SQLITE_SOURCE_SYSTEM && !SWIFT_SQLITE_SOURCE_SQLCIPHER
