#ifndef CSQLITE_AMALGAMATION_H
#define CSQLITE_AMALGAMATION_H

#include "sqlite3.h"

/// SQLITE_TRANSIENT: SQLite copies the bound bytes before the bind call returns.
/// (The C macro is a cast of -1 to a function pointer, which Swift cannot import.)
sqlite3_destructor_type csqlite_transient(void);

/// SQLITE_STATIC: the bound bytes outlive the statement's use of them.
sqlite3_destructor_type csqlite_static(void);

/// The storage class of column `column` of the current row (`SQLITE_INTEGER`, `SQLITE_FLOAT`,
/// `SQLITE_TEXT`, `SQLITE_BLOB` or `SQLITE_NULL`), as `sqlite3_column_type` reports it, in fewer
/// instructions. No current row, or a column out of range, reads as `SQLITE_NULL`.
int csqlite_column_type(sqlite3_stmt *statement, int column);

/// The storage class of column `column` of the current row; when it is `SQLITE_INTEGER`, its
/// value is stored in `*integer`. One call in place of `sqlite3_column_type` and
/// `sqlite3_column_int64`.
int csqlite_column_int64(sqlite3_stmt *statement, int column, sqlite3_int64 *integer);

/// The storage class of column `column` of the current row; when it is `SQLITE_FLOAT` or
/// `SQLITE_INTEGER`, its value as a double is stored in `*real`.
int csqlite_column_double(sqlite3_stmt *statement, int column, double *real);

#endif
