#ifndef CSQLITE_AMALGAMATION_H
#define CSQLITE_AMALGAMATION_H

// The C module exposes SQLite's public API and nothing else: the vendored amalgamation's
// sqlite3.h, as a system or SQLCipher build exposes theirs. The header sits outside include/
// on purpose: every target depending on this one gets include/ on its header search path, and
// under the SystemSQLite trait `#include <sqlite3.h>` must find the system's header, not this.
//
// Some declarations are guarded by the feature's compile flag, which the C target defines for its
// own compilation but Swift's importer does not see: these make the session extension and the
// pre-update hook visible. SQLiteCore calls them only under the matching trait (`#if Session`),
// the traits that compile them in.
#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif
#include "../sqlite3.h"
#include "../SQLiteVariadicShims.h"

#endif
