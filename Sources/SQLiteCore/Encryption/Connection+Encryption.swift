/// Encrypted databases, through SQLCipher (https://www.zetetic.net/sqlcipher/): the API of
/// SQLite.swift's SQLCipher extension, plus a keyed open and ``EncryptionKey``.
///
/// It works only in a build with the `SQLCipher` package trait. In any other build every call
/// that would key, re-key, export or attach with a key throws ``Result`` (`SQLITE_MISUSE`, "this
/// build of swift-sqlite has no encryption"), rather than writing a plain file: plain SQLite
/// ignores `PRAGMA key` and `ATTACH … KEY` without a word. See `Documentation/Encryption.md`.
///
/// ```swift
/// let db = try Connection("secrets.sqlite3", key: "correct horse")  // keyed and checked
/// try db.rekey("battery staple")
/// ```
extension Connection {
    /// How much SQLCipher logs, each level more than the one before (`PRAGMA cipher_log_level`).
    public enum CipherLogLevel: String, Sendable, Hashable, CaseIterable {
        /// Nothing (the default here).
        case none
        /// Errors.
        case error
        /// Errors and warnings, such as a page failing its integrity check under a wrong key.
        case warn
        /// Also informational messages.
        case info
        /// Also debugging detail.
        case debug
        /// Everything.
        case trace
    }

    // MARK: - Versions

    /// SQLCipher's version, e.g. `"4.19.0 community"` (`PRAGMA cipher_version`); nil when this
    /// build is plain SQLite.
    public var cipherVersion: String? { cipherPragma("cipher_version") }

    /// SQLCipher's FIPS status, `"1"` in FIPS mode and `"0"` otherwise, once the connection is
    /// keyed (`PRAGMA cipher_fips_status`); nil when this build is plain SQLite.
    public var cipherFipsStatus: String? { cipherPragma("cipher_fips_status") }

    /// The crypto provider SQLCipher was built with, once the connection is keyed (`PRAGMA
    /// cipher_provider`): `"commoncrypto"` on Apple platforms, `"openssl"` elsewhere; nil when
    /// this build is plain SQLite.
    public var cipherProvider: String? { cipherPragma("cipher_provider") }

    /// The version of the crypto provider, once the connection is keyed
    /// (`PRAGMA cipher_provider_version`); nil when this build is plain SQLite.
    public var cipherProviderVersion: String? { cipherPragma("cipher_provider_version") }

    /// The text of `PRAGMA name`, or nil: plain SQLite returns no row for a pragma it does not
    /// know, so nothing is asked there.
    private func cipherPragma(_ name: String) -> String? {
        #if SQLCipher
            return (try? scalar("PRAGMA \(name)")) as? String
        #else
            return nil
        #endif
    }

    // MARK: - Keying

    /// Sets the key of database `db` (`"main"`, or an attached schema's name) and checks it by
    /// reading the schema: a wrong key throws here, not at some later query.
    ///
    /// Call it straight after opening, before anything else reads the database; or open with
    /// ``init(_:readonly:key:journalMode:)-7ictt``, which does that for you. A new
    /// database is created encrypted with this key. `key` is a passphrase (any text, quotes
    /// included), or a raw 256-bit key written as the blob literal
    /// `x'2DD29CA851E7B56E4697B0E1F08507293D761A05CE4D1B628663F411A8086D99'`.
    ///
    /// - Throws: ``Result`` `SQLITE_NOTADB` when the key does not open the database (or the file
    ///   is not one); `SQLITE_MISUSE` in a build without the `SQLCipher` trait.
    public func key(_ key: String, db: String = "main") throws {
        try applyKey(.passphrase(key), db: db, migrate: false)
    }

    /// Sets the key of database `db` to a passphrase given as bytes, as SQLite.swift does; see
    /// ``key(_:db:)-(String,_)``. SQLCipher derives the key from these bytes as from text: for
    /// bytes that are the key itself, use ``key(_:db:)-(EncryptionKey,_)`` with
    /// ``EncryptionKey/raw(_:)``.
    public func key(_ key: Blob, db: String = "main") throws {
        try applyKey(.passphrase(bytes: key), db: db, migrate: false)
    }

    /// Sets the key of database `db` (a passphrase or a raw key) and checks it; see
    /// ``key(_:db:)-(String,_)``.
    ///
    /// ```swift
    /// try db.key(.raw(Blob(bytes: keyBytes)))   // 32 bytes, no key derivation
    /// ```
    public func key(_ key: EncryptionKey, db: String = "main") throws {
        try applyKey(key, db: db, migrate: false)
    }

    /// Sets the key, then upgrades a database written by an older major version of SQLCipher
    /// (3.x and before) to this one's format (`PRAGMA cipher_migrate`), then checks the key.
    /// Migrating is slow: use it after ``key(_:db:)-(String,_)`` has failed on such a file.
    public func keyAndMigrate(_ key: String, db: String = "main") throws {
        try applyKey(.passphrase(key), db: db, migrate: true)
    }

    /// ``keyAndMigrate(_:db:)-(String,_)`` with a passphrase given as bytes.
    public func keyAndMigrate(_ key: Blob, db: String = "main") throws {
        try applyKey(.passphrase(bytes: key), db: db, migrate: true)
    }

    /// Re-encrypts every page of database `db` with a new key (`sqlite3_rekey_v2`).
    ///
    /// The database must already be encrypted and keyed, and the new key must not be empty: to
    /// encrypt a plain database, or decrypt an encrypted one, use
    /// ``sqlcipher_export(_:key:)-7illq``.
    public func rekey(_ key: String, db: String = "main") throws {
        try applyRekey(.passphrase(key), db: db)
    }

    /// ``rekey(_:db:)-(String,_)`` with a passphrase given as bytes.
    public func rekey(_ key: Blob, db: String = "main") throws {
        try applyRekey(.passphrase(bytes: key), db: db)
    }

    /// ``rekey(_:db:)-(String,_)`` with a passphrase or a raw key.
    public func rekey(_ key: EncryptionKey, db: String = "main") throws {
        try applyRekey(key, db: db)
    }

    // MARK: - Attaching and exporting

    /// Attaches another database under `schemaName`, encrypted with `key` (`ATTACH … KEY ?`, every
    /// value bound). With `key` nil this is ``attach(_:as:)``: under SQLCipher the attached
    /// database takes the main database's key. The empty key `""` attaches a plain database.
    ///
    /// ```swift
    /// try db.attach(.uri("archive.sqlite3"), as: "archive", key: "other secret")
    /// ```
    public func attach(_ location: Location, as schemaName: String, key: String?) throws {
        guard let key else { return try attach(location, as: schemaName) }
        try attach(location, as: schemaName, key: .passphrase(key))
    }

    /// Attaches another database under `schemaName`, encrypted with `key` (a passphrase or a raw
    /// key); see ``attach(_:as:key:)-(_,_,String?)``.
    public func attach(_ location: Location, as schemaName: String, key: EncryptionKey) throws {
        #if SQLCipher
            if let problem = key.problem { throw Result.misuse(problem) }
            // The key is a bound value: never in a log entry, whatever the logging settings.
            try withValuesRedactedFromLogs {
                try run("ATTACH DATABASE ? AS ? KEY ?", location.description, schemaName, key.binding)
            }
        #else
            throw Result.noEncryption("attach(_:as:key:)")
        #endif
    }

    /// Copies this connection's main database, schema, rows, `user_version` and `application_id`
    /// alike, into the database at `location`, encrypted with `key` (`sqlcipher_export`, which
    /// leaves the two version numbers behind; this copies them too).
    ///
    /// This is how a plain database becomes encrypted, and, with the empty key `""`, how an
    /// encrypted one becomes plain again. The target should be new or empty. It is attached as
    /// `cipher_export` for the copy and detached afterwards, also when the copy fails.
    ///
    /// ```swift
    /// let plain = try Connection("plain.sqlite3")
    /// try plain.sqlcipher_export(.uri("encrypted.sqlite3"), key: "secret")
    /// ```
    public func sqlcipher_export(_ location: Location, key: String) throws {
        try sqlcipher_export(location, key: .passphrase(key))
    }

    /// ``sqlcipher_export(_:key:)-7illq`` with a passphrase or a raw key.
    public func sqlcipher_export(_ location: Location, key: EncryptionKey) throws {
        #if SQLCipher
            let schemaName = "cipher_export"
            try attach(location, as: schemaName, key: key)
            do {
                try run("SELECT sqlcipher_export(?)", schemaName)
                // sqlcipher_export copies schema and rows but not the header's version numbers;
                // migrations (user_version) must go on from where they were.
                for pragma in ["user_version", "application_id"] {
                    let value = try scalar("PRAGMA main.\(pragma)") as? Int64 ?? 0
                    try execute("PRAGMA \(schemaName.quotedIdentifier).\(pragma) = \(value)")
                }
            } catch {
                try? detach(schemaName)
                throw error
            }
            try detach(schemaName)
        #else
            throw Result.noEncryption("sqlcipher_export(_:key:)")
        #endif
    }

    // MARK: - Licensing and logging

    /// Gives SQLCipher a commercial or enterprise license code (`PRAGMA cipher_license`); the
    /// community edition this package builds needs none. The code is quoted, never spliced in.
    public func applyLicense(_ license: String) throws {
        #if SQLCipher
            try execute("PRAGMA cipher_license = \(license.quotedLiteral)")
        #else
            throw Result.noEncryption("applyLicense(_:)")
        #endif
    }

    /// Makes SQLCipher log at `logLevel` and above: to the system log on Apple platforms and
    /// Android, to standard error elsewhere (`PRAGMA cipher_log`, `PRAGMA cipher_log_level`).
    ///
    /// The setting is process-wide. This package builds SQLCipher to log nothing until asked, so
    /// that a wrong key does not fill an app's console with SQLCipher's own lines.
    public func enableCipherLogging(logLevel: CipherLogLevel = .debug) throws {
        #if SQLCipher
            #if canImport(Darwin) || os(Android)
                try execute("PRAGMA cipher_log = device")
            #else
                try execute("PRAGMA cipher_log = stderr")
            #endif
            try execute("PRAGMA cipher_log_level = \(logLevel.rawValue.uppercased())")
        #else
            throw Result.noEncryption("enableCipherLogging(logLevel:)")
        #endif
    }

    /// Stops SQLCipher's logging (`PRAGMA cipher_log_level = NONE`), process-wide. In a build
    /// without SQLCipher there is nothing to stop, and this does nothing.
    public func disableCipherLogging() throws {
        #if SQLCipher
            try execute("PRAGMA cipher_log_level = NONE")
        #endif
    }

    // MARK: - Plumbing

    /// Keys database `db` with `key` (`sqlite3_key_v2`), optionally migrates it from an older
    /// SQLCipher format, then reads its schema, so that a wrong key fails here.
    func applyKey(_ key: EncryptionKey, db: String, migrate: Bool) throws(Result) {
        #if SQLCipher
            if let problem = key.problem { throw Result.misuse(problem) }
            try connection.lock.withLock { () throws(Result) in
                try connection.checkOpen()
                // The empty key is no encryption, as `ATTACH … KEY ''` takes it; SQLCipher's
                // sqlite3_key_v2 would refuse it as misuse.
                if key.material.isEmpty { return }
                let code = key.withBytes { sqlite3_key_v2(handle, db, $0, $1) }
                if code != SQLITE_OK { throw keyingError(code, "sqlite3_key_v2") }
            }
            if migrate {
                // 0 is success; anything else is the reason migration failed.
                let outcome: Binding?
                let pragma = "PRAGMA \(db.quotedIdentifier).cipher_migrate"
                do { outcome = try scalar(pragma) } catch { throw Result.from(error) }
                if let outcome, "\(outcome)" != "0" {
                    throw Result.misuse("PRAGMA cipher_migrate failed with \(outcome)", code: SQLITE_ERROR)
                }
            }
            try verifyKey(db: db)
        #else
            throw Result.noEncryption(migrate ? "keyAndMigrate(_:db:)" : "key(_:db:)")
        #endif
    }

    /// Re-keys database `db` (`sqlite3_rekey_v2`).
    private func applyRekey(_ key: EncryptionKey, db: String) throws(Result) {
        #if SQLCipher
            if let problem = key.problem { throw Result.misuse(problem) }
            try connection.lock.withLock { () throws(Result) in
                try connection.checkOpen()
                let code = key.withBytes { sqlite3_rekey_v2(handle, db, $0, $1) }
                if code != SQLITE_OK { throw keyingError(code, "sqlite3_rekey_v2") }
            }
        #else
            throw Result.noEncryption("rekey(_:db:)")
        #endif
    }

    /// The error for `code` from SQLCipher's `function`, which often returns a code without
    /// setting the connection's message ("not an error"): then SQLite's text for the code says
    /// more. Call with the lock held, straight after the call.
    private func keyingError(_ code: Int32, _ function: String) -> Result {
        let error = connection.error(code: code, statement: nil)
        guard error.message == "not an error" else { return error }
        let reason = code == SQLITE_MISUSE ? "no key, or no such database" : String(cString: sqlite3_errstr(code))
        return Result.misuse("\(function) failed: \(reason)", code: code)
    }

    /// Reads database `db`'s schema: SQLCipher decrypts (and authenticates) its first page only
    /// when something reads it, so a wrong key would otherwise go unnoticed until then.
    private func verifyKey(db: String) throws(Result) {
        do {
            _ = try scalar("SELECT count(*) FROM \(db.quotedIdentifier).sqlite_master")
        } catch {
            let result = Result.from(error)
            guard result.code == SQLITE_NOTADB else { throw result }
            throw Result.error(
                message: "file is not a database: the encryption key is wrong, or the file is not a database"
                    + " SQLCipher can open",
                code: SQLITE_NOTADB, statement: result.statement)
        }
    }
}
