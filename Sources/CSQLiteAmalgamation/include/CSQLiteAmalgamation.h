#ifndef CSQLITE_AMALGAMATION_H
#define CSQLITE_AMALGAMATION_H

#include "sqlite3.h"

/// SQLITE_TRANSIENT: SQLite copies the bound bytes before the bind call returns.
/// (The C macro is a cast of -1 to a function pointer, which Swift cannot import.)
sqlite3_destructor_type csqlite_transient(void);

/// SQLITE_STATIC: the bound bytes outlive the statement's use of them.
sqlite3_destructor_type csqlite_static(void);

#endif
