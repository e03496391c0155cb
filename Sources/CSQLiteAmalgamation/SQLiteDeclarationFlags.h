#ifndef SWIFT_SQLITE_DECLARATION_FLAGS_H
#define SWIFT_SQLITE_DECLARATION_FLAGS_H

// Some of sqlite3.h's declarations are guarded by the feature's compile flag, which the C target
// defines for its own compilation but Swift's importer does not see. Each C module's header
// (CSQLiteAmalgamation.h, CSQLCipher.h, CSQLiteSystem.h) includes this before its sqlite3.h, so
// that the session extension and the pre-update hook are visible to Swift under every SQLite
// source. SQLiteCore calls them only under the trait that compiles them in (`#if Session`); under
// SystemSQLite, whether the library has them is a run-time question
// (`SQLiteFeature.session.isAvailable`).
#ifndef SQLITE_ENABLE_SESSION
#define SQLITE_ENABLE_SESSION 1
#endif
#ifndef SQLITE_ENABLE_PREUPDATE_HOOK
#define SQLITE_ENABLE_PREUPDATE_HOOK 1
#endif

#endif
