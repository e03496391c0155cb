#ifndef SWIFT_SQLITE_VARIADIC_SHIMS_H
#define SWIFT_SQLITE_VARIADIC_SHIMS_H

// Fixed-argument forms of SQLite's variadic functions, which Swift cannot call. One home for
// every SQLite source: each C module's header (CSQLiteAmalgamation.h, CSQLCipher.h,
// CSQLiteSystem.h) includes this right after its own sqlite3.h, so these compile against the
// API of the library that build links.

// sqlite3_db_config for the options taking an int and an int* (SQLITE_DBCONFIG_ENABLE_FKEY,
// SQLITE_DBCONFIG_DEFENSIVE...): `value` is 1 to turn the switch on, 0 off, -1 to leave it;
// `*current` receives its state afterwards. Returns SQLITE_OK, or SQLITE_ERROR for an option
// the library does not know.
static inline int swift_sqlite_db_config_switch(sqlite3 *db, int option, int value, int *current) {
    return sqlite3_db_config(db, option, value, current);
}

// sqlite3_config(SQLITE_CONFIG_MEMSTATUS, enabled): whether SQLite keeps its memory statistics
// (the memory counters of sqlite3_status64). Only before SQLite initializes (before the first
// connection opens); afterwards it returns SQLITE_MISUSE and changes nothing.
static inline int swift_sqlite_config_memstatus(int enabled) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, enabled);
}

#endif
