#ifndef CSQLITE_SDK_H
#define CSQLITE_SDK_H

// The SDK's SQLite on Apple platforms (trait SystemSQLite): the SDK's sqlite3.h, and its
// libsqlite3, which the module map links; no pkg-config. The declarations and shims are those
// of CSQLiteSystem, the same trait's module on other platforms.
#include "../CSQLiteSystem/CSQLiteSystem.h"

#endif
