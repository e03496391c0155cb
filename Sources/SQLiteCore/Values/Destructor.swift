/// SQLite's special destructor value for `sqlite3_bind_text`, `sqlite3_result_blob` and the
/// like. The C macro is a cast of an integer to a function pointer, which Swift cannot import.
package enum Destructor {
    /// `SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns.
    package static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }
}
