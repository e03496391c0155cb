// The one translation unit of the SQLCipher trait's C target: the pinned SQLCipher amalgamation,
// compiled with the package's flags (Package.swift), SQLCipher's own, and the settings every
// SQLite source shares (kept with the vendored SQLite's target). Under any other source this
// file compiles to nothing (SwiftPM builds the target only under the SQLCipher trait, but the
// guard keeps it honest). The shared settings come first, so that a build asking for two
// sources stops at once, before this large file is compiled.
#include "../CSQLiteAmalgamation/SQLiteSourceSettings.h"

#if defined(SWIFT_SQLITE_SOURCE_SQLCIPHER)

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
