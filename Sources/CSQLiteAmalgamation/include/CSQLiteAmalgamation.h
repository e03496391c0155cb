#ifndef CSQLITE_AMALGAMATION_H
#define CSQLITE_AMALGAMATION_H

// The C module exposes SQLite's public API and nothing else: the vendored amalgamation's
// sqlite3.h, as a system or SQLCipher build exposes theirs.
#include "sqlite3.h"

#endif
