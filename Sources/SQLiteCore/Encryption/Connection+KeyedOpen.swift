extension Connection {
    /// Opens the encrypted database at `location` with the passphrase `key` (or a raw key written
    /// `x'…'`), and checks the key before returning: a wrong key, or a file that is not
    /// encrypted with it, throws ``Result`` `SQLITE_NOTADB` here, not at the first query.
    ///
    /// A new file is created encrypted. The key is set before anything else reads the file,
    /// `journalMode` included. In a build without the `SQLCipher` trait this throws
    /// (`SQLITE_MISUSE`) before creating anything.
    ///
    /// ```swift
    /// let db = try Connection(.uri("secrets.sqlite3"), key: "correct horse", journalMode: .wal)
    /// ```
    public convenience init(
        _ location: Location = .inMemory, readonly: Bool = false, key: String, journalMode: JournalMode? = nil
    ) throws {
        try self.init(opening: location, readonly: readonly, journalMode: journalMode, key: .passphrase(key))
    }

    /// Opens the encrypted database at `location` with `key`, a passphrase or a raw key; see
    /// ``init(_:readonly:key:journalMode:)-7ictt``.
    public convenience init(
        _ location: Location = .inMemory, readonly: Bool = false, key: EncryptionKey, journalMode: JournalMode? = nil
    ) throws {
        try self.init(opening: location, readonly: readonly, journalMode: journalMode, key: key)
    }

    /// Opens the encrypted database file at `filename` (a path or a `file:` URI) with the
    /// passphrase `key`; see ``init(_:readonly:key:journalMode:)-7ictt``.
    ///
    /// ```swift
    /// let db = try Connection("secrets.sqlite3", key: "correct horse")
    /// ```
    public convenience init(
        _ filename: String, readonly: Bool = false, key: String, journalMode: JournalMode? = nil
    ) throws {
        try self.init(opening: .uri(filename), readonly: readonly, journalMode: journalMode, key: .passphrase(key))
    }

    /// Opens the encrypted database file at `filename` with `key`, a passphrase or a raw key.
    public convenience init(
        _ filename: String, readonly: Bool = false, key: EncryptionKey, journalMode: JournalMode? = nil
    ) throws {
        try self.init(opening: .uri(filename), readonly: readonly, journalMode: journalMode, key: key)
    }
}
