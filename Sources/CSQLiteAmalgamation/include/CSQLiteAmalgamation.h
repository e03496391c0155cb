#ifndef CSQLITE_AMALGAMATION_H
#define CSQLITE_AMALGAMATION_H

// The C module exposes SQLite's public API and nothing else: the vendored amalgamation's
// sqlite3.h, as a system or SQLCipher build exposes theirs. The header sits outside include/
// on purpose: every target depending on this one gets include/ on its header search path, and
// under the SystemSQLite trait `#include <sqlite3.h>` must find the system's header, not this.
//
// SQLiteDeclarationFlags.h makes the declarations guarded by a feature flag visible to Swift.
#include "../SQLiteDeclarationFlags.h"
#include "../sqlite3.h"
#include "../SQLiteVariadicShims.h"

#endif
