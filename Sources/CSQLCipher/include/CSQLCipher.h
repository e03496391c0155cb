#ifndef CSQLCIPHER_H
#define CSQLCIPHER_H

// The C module of the SQLCipher trait: SQLCipher's sqlite3.h, which is SQLite's public API plus
// the key functions (sqlite3_key_v2, sqlite3_rekey_v2). They are declared only under
// SQLITE_HAS_CODEC, which the C target defines for its own compilation but Swift's importer does
// not see. The header sits outside include/ for the reason CSQLiteAmalgamation.h gives.
#ifndef SQLITE_HAS_CODEC
#define SQLITE_HAS_CODEC 1
#endif
#include "../../CSQLiteAmalgamation/SQLiteDeclarationFlags.h"
#include "../sqlite3.h"
#include "../../CSQLiteAmalgamation/SQLiteVariadicShims.h"

#endif
