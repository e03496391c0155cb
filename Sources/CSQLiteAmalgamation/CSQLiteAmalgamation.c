// The one translation unit of the C target: the pinned amalgamation, compiled with the
// package's flags (Package.swift) and the settings every SQLite source shares.
#include "SQLiteSourceSettings.h"

// Another source links its own library: the amalgamation must not be compiled in beside it.
#if !defined(SWIFT_SQLITE_SOURCE_SYSTEM) && !defined(SWIFT_SQLITE_SOURCE_SQLCIPHER)

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
