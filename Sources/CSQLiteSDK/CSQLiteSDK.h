#ifndef CSQLITE_SDK_H
#define CSQLITE_SDK_H

// The SDK's SQLite on Apple platforms (trait SystemSQLite): the SDK's sqlite3.h, which the SDK
// maps to its own clang module, and its libsqlite3, which the module map links; no pkg-config.
//
// Self-contained on purpose: a header of another target's folder (CSQLiteAmalgamation's,
// CSQLiteSystem's) is not part of this module, and macros defined before the include do not
// reach the SDK's module. So the session extension and the pre-update hook, which sqlite3.h
// declares only under SQLITE_ENABLE_SESSION / SQLITE_ENABLE_PREUPDATE_HOOK, are not declared
// here, and SQLiteCore compiles their API out under this module
// (`#if Session && !(SystemSQLite && canImport(Darwin))`; Documentation/Build.md).
//
// Functions newer than the Apple floor's SQLite (3.28) are not called through this header:
// SQLiteCore looks them up at run time (NewerCFunctions, GatedCalls), and
// scripts/check-availability fails on a direct call. The three inline functions below call
// only 3.28's API. They are the same as SQLiteVariadicShims.h's and CSQLiteSystem.h's, which
// this module cannot include (see above).
#include <sqlite3.h>

// sqlite3_db_config for the options taking an int and an int*: `value` 1 on, 0 off, -1 leave;
// `*current` receives the state afterwards. SQLITE_ERROR for an option the library does not know.
static inline int swift_sqlite_db_config_switch(sqlite3 *db, int option, int value, int *current) {
    return sqlite3_db_config(db, option, value, current);
}

// sqlite3_config(SQLITE_CONFIG_MEMSTATUS, enabled), before SQLite initializes.
static inline int swift_sqlite_config_memstatus(int enabled) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, enabled);
}

// Double-quoted text is an identifier on every connection, as in the vendored build
// (SQLITE_DQS=0). The option numbers are 3.29's; a 3.28 library answers SQLITE_ERROR, which
// the caller ignores (the library then keeps its lenient default).
static inline int swift_sqlite_disable_double_quoted_strings(sqlite3 *db) {
    int code = sqlite3_db_config(db, 1013 /* SQLITE_DBCONFIG_DQS_DML */, 0, (int *)0);
    if (code != SQLITE_OK) return code;
    return sqlite3_db_config(db, 1014 /* SQLITE_DBCONFIG_DQS_DDL */, 0, (int *)0);
}

#endif
