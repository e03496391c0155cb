#ifndef CSQLITE_SYSTEM_H
#define CSQLITE_SYSTEM_H

// The operating system's SQLite (trait SystemSQLite): its public API, from the sqlite3.h that
// pkg-config's sqlite3 package points at.
// The session extension's and pre-update hook's declarations are guarded by their compile flags
// (CSQLiteAmalgamation.h says why they are defined here). Whether the system library has them
// is a run-time question: `SQLiteFeature.session.isAvailable`.
#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif
#include <sqlite3.h>
#include "../CSQLiteAmalgamation/SQLiteVariadicShims.h"

// The vendored build compiles SQLITE_DQS=0 in: double-quoted text is always an identifier, so a
// misspelled column is an error rather than a string. A system library usually keeps SQLite's
// lenient default; this turns it off for one connection. It exists only because
// sqlite3_db_config is variadic, which Swift cannot call. Returns SQLITE_OK, or SQLite's error
// on a library too old to know the options (before 3.29).
static inline int swift_sqlite_disable_double_quoted_strings(sqlite3 *db) {
    int code = sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DML, 0, (int *)0);
    if (code != SQLITE_OK) return code;
    return sqlite3_db_config(db, SQLITE_DBCONFIG_DQS_DDL, 0, (int *)0);
}

#endif
