// A C shim header as the SystemSQLite trait's module would have (not compiled: the C check
// reads it as text). A comment naming sqlite3_db_name is not a use; the call below is.
#include <sqlite3.h>

static inline const char *planted_second_schema(sqlite3 *db) {
    return sqlite3_db_name(db, 1); /* expect-c: sqlite3_db_name */
}

static inline int planted_old_call(sqlite3 *db) {
    return sqlite3_changes(db);
}
