#ifndef CSQLITE_SYSTEM_H
#define CSQLITE_SYSTEM_H

// The operating system's SQLite (trait SystemSQLite): its public API, from the sqlite3.h that
// pkg-config's sqlite3 package points at (on Apple platforms CSQLiteSDK includes this header,
// and sqlite3.h is the SDK's).
#include "../CSQLiteAmalgamation/SQLiteDeclarationFlags.h"
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
