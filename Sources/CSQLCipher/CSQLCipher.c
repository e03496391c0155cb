// The one translation unit of the SQLCipher trait's C target: the pinned SQLCipher amalgamation,
// compiled with the package's flags (Package.swift) plus SQLCipher's own and the few that a
// trait cannot express directly. Under any other source this file compiles to nothing (SwiftPM
// builds the target only under the SQLCipher trait, but the guard keeps it honest).
// Exactly one SQLite source per build, as CSQLiteAmalgamation.c checks too: said here as well so
// that a build asking for two stops at once, before this large file is compiled.
#if (defined(SWIFT_SQLITE_SOURCE_VENDORED) + defined(SWIFT_SQLITE_SOURCE_SYSTEM) + defined(SWIFT_SQLITE_SOURCE_SQLCIPHER)) > 1
#error "swift-sqlite: more than one of the traits VendoredSQLite, SystemSQLite and SQLCipher is on; enable exactly one SQLite source (a dependency's traits: [.defaults, \"SQLCipher\"] turns on two; write traits: [\"SQLCipher\"])"
#endif

#if defined(SWIFT_SQLITE_SOURCE_SQLCIPHER)

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

#endif // SWIFT_SQLITE_SOURCE_SQLCIPHER
