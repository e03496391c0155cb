import Foundation
import SQLiteCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this build is SQLCipher (the `SQLCipher` trait).
let isSQLCipher = SQLiteFeature.sqlcipher.isAvailable

let sqlcipherOnly: Comment = "needs the SQLCipher trait (swift test --traits SQLCipher)"
let plainSQLiteOnly: Comment = "SQLCipher build: encryption is there"

/// The crypto provider the SQLCipher trait builds with on this platform (Package.swift).
#if canImport(Darwin)
    let expectedCipherProvider = "commoncrypto"
#else
    let expectedCipherProvider = "openssl"
#endif

/// SQLite's plain-text file header, the first 16 bytes of every unencrypted database.
let plainHeader = Array("SQLite format 3\0".utf8)

/// The bytes of the file at `path`.
func fileBytes(_ path: String) throws -> [UInt8] {
    // Read with stdio: Foundation's Data(contentsOf:) on Linux leaks its buffer reading an empty
    // file (the captured standard error of a test that expects none), which LeakSanitizer reports.
    guard let file = fopen(path, "rb") else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while case let count = fread(&chunk, 1, chunk.count, file), count > 0 { bytes += chunk[..<count] }
    return bytes
}

/// Whether `bytes` contains `needle` anywhere.
func contains(_ bytes: [UInt8], _ needle: String) -> Bool {
    let needle = Array(needle.utf8)
    guard !needle.isEmpty, bytes.count >= needle.count else { return false }
    return (0...(bytes.count - needle.count)).contains { start in
        bytes[start] == needle[0] && Array(bytes[start..<start + needle.count]) == needle
    }
}

/// 32 bytes of key, 0x00, 0x01, ... 0x1f.
let rawKeyBytes: [UInt8] = (0..<32).map { UInt8($0) }

/// A build without SQLCipher refuses every keyed call, instead of writing plain files.
@Suite(.enabled(if: !isSQLCipher, plainSQLiteOnly))
struct NoEncryptionTests {
    @Test func everyKeyedCallThrowsNoEncryption() throws {
        let db = try Connection()
        let calls: [(String, () throws -> Void)] = [
            ("key(String)", { try db.key("secret") }),
            ("key(Blob)", { try db.key(Blob(bytes: [1, 2, 3])) }),
            ("key(EncryptionKey)", { try db.key(.raw(Blob(bytes: rawKeyBytes))) }),
            ("keyAndMigrate", { try db.keyAndMigrate("secret") }),
            ("rekey(String)", { try db.rekey("secret") }),
            ("rekey(Blob)", { try db.rekey(Blob(bytes: [1])) }),
            ("rekey(EncryptionKey)", { try db.rekey(.passphrase("secret")) }),
            ("sqlcipher_export", { try db.sqlcipher_export(.inMemory, key: "secret") }),
            ("attach(key:)", { try db.attach(.inMemory, as: "other", key: "secret") }),
            ("attach(EncryptionKey)", { try db.attach(.inMemory, as: "other", key: .passphrase("secret")) }),
            ("enableCipherLogging", { try db.enableCipherLogging(logLevel: .warn) }),
            ("applyLicense", { try db.applyLicense("code") }),
        ]
        for (name, call) in calls {
            let error = expectResult(code: SQLITE_MISUSE, "\(name)", performing: call)
            #expect(error?.message.contains("this build of swift-sqlite has no encryption") == true, "\(name)")
            #expect(error?.message.contains("SQLCipher") == true, "\(name)")
        }
        // Nothing was attached, and the connection still works.
        #expect(try db.scalar("SELECT count(*) FROM pragma_database_list") as? Int64 == 1)
        try db.disableCipherLogging()
    }

    /// A keyed open fails before the file exists: plain SQLite would create it unencrypted.
    @Test func keyedOpenThrowsAndCreatesNothing() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("secret.sqlite3")
            let opens: [() throws -> Void] = [
                { _ = try Connection(path, key: "secret") },
                { _ = try Connection(.uri(path), key: .passphrase("secret")) },
                { _ = try Connection(path, key: .raw(Blob(bytes: rawKeyBytes)), journalMode: .wal) },
            ]
            for open in opens {
                let error = expectResult(code: SQLITE_MISUSE, performing: open)
                #expect(
                    error?.message.hasPrefix("Connection(_:key:): this build of swift-sqlite has no encryption") == true
                )
            }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func versionsReportNoCipher() throws {
        #expect(!SQLiteFeature.available.contains(.sqlcipher))
        #expect(SQLiteVersion.cipherVersion == nil)
        let db = try Connection()
        #expect(db.cipherVersion == nil)
        #expect(db.cipherProvider == nil)
        #expect(db.cipherFipsStatus == nil)
        #expect(db.cipherProviderVersion == nil)
    }

    /// As documented: raw `PRAGMA key` is plain SQLite's no-op, and the file is written in the clear.
    @Test func rawPragmaKeyHasNoEffect() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("plain.sqlite3")
            let db = try Connection(path)
            try db.execute("PRAGMA key = 'secret'")
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES ('visible-canary')")
            try db.close()
            let bytes = try fileBytes(path)
            #expect(Array(bytes.prefix(16)) == plainHeader)
            #expect(contains(bytes, "visible-canary"))
        }
    }

    /// A plain `attach` with a nil key is no encryption call: it attaches as usual.
    @Test func attachWithNilKeyIsPlainAttach() throws {
        let db = try Connection()
        try db.attach(.inMemory, as: "other", key: nil)
        #expect(try db.scalar("SELECT count(*) FROM pragma_database_list") as? Int64 == 2)
    }
}

/// Encrypted databases, under the SQLCipher trait.
@Suite(.enabled(if: isSQLCipher, sqlcipherOnly))
struct EncryptionTests {
    @Test func encryptedFileHasNoPlaintextAndReopensWithItsKey() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("secret.sqlite3")
            do {
                let db = try Connection(path, key: "correct horse")
                try db.execute("CREATE TABLE notes (body TEXT)")
                try db.run("INSERT INTO notes VALUES (?)", "top-secret-canary-7431")
                #expect(db.cipherProvider == expectedCipherProvider)
            }
            let bytes = try fileBytes(path)
            #expect(bytes.count >= 4096)
            #expect(Array(bytes.prefix(16)) != plainHeader)
            #expect(!contains(bytes, "SQLite format 3"))
            #expect(!contains(bytes, "top-secret-canary"))
            #expect(!contains(bytes, "CREATE TABLE"))

            let reopened = try Connection(path, key: "correct horse")
            #expect(try reopened.scalar("SELECT body FROM notes") as? String == "top-secret-canary-7431")
        }
    }

    @Test func wrongKeyAndNoKeyThrowNotADatabase() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("secret.sqlite3")
            try Connection(path, key: "right").execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")

            // A keyed open checks the key.
            let wrong = expectResult(code: SQLITE_NOTADB) { _ = try Connection(path, key: "wrong") }
            #expect(wrong?.message.contains("the encryption key is wrong") == true, "\(String(describing: wrong))")

            // SQLite.swift's way: open, then key; the key is checked at once.
            let db = try Connection(path)
            let keyed = expectResult(code: SQLITE_NOTADB) { try db.key("wrong") }
            #expect(keyed?.message.contains("the encryption key is wrong") == true)

            // No key: the first statement fails, and says why.
            let unkeyed = try Connection(path)
            let missing = expectResult(code: SQLITE_NOTADB) { _ = try unkeyed.scalar("SELECT x FROM t") }
            #expect(missing?.message == "file is not a database (SQLCipher: the encryption key is wrong or missing)")
            #expect(missing?.sql == "SELECT x FROM t")
            unkeyed.usesExtendedErrorCodes = true
            expectResult(code: SQLITE_NOTADB) { try unkeyed.execute("INSERT INTO t VALUES (2)") }

            // Nothing was changed by the failed attempts.
            #expect(try Connection(path, key: "right").scalar("SELECT count(*) FROM t") as? Int64 == 1)
        }
    }

    @Test func sqliteSwiftStyleKeyAfterOpen() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("secret.sqlite3")
            do {
                let db = try Connection(path)
                try db.key("secret")
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES ('a')")
            }
            let db = try Connection(path)
            try db.key("secret", db: "main")
            #expect(try db.scalar("SELECT x FROM t") as? String == "a")
        }
    }

    /// Passphrases are bytes handed to SQLCipher or bound values, never spliced into SQL.
    @Test(arguments: [
        "it's", #"say "cheese""#, "'); DROP TABLE t; --", "x'00'", "ключ 🔑", "",
    ])
    func passphrasesWithQuotesAndSymbols(passphrase: String) throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("secret.sqlite3")
            try Connection(path, key: passphrase).execute("CREATE TABLE t (x); INSERT INTO t VALUES (42)")
            #expect(try Connection(path, key: passphrase).scalar("SELECT x FROM t") as? Int64 == 42)

            // Attached with the same passphrase, and exported to a copy under it.
            let db = try Connection()
            try db.attach(.uri(path), as: "other", key: passphrase)
            #expect(try db.scalar(#"SELECT x FROM "other".t"#) as? Int64 == 42)
            try db.detach("other")
            let copy = directory.path("copy.sqlite3")
            try Connection(path, key: passphrase).sqlcipher_export(.uri(copy), key: passphrase)
            #expect(try Connection(copy, key: passphrase).scalar("SELECT x FROM t") as? Int64 == 42)
            // The empty passphrase is no encryption at all.
            #expect((Array(try fileBytes(copy).prefix(16)) == plainHeader) == passphrase.isEmpty)
        }
    }

    @Test func rekeyThenReopenWithTheNewKey() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("secret.sqlite3")
            do {
                let db = try Connection(path, key: "old")
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES ('kept')")
                try db.rekey("new")
                #expect(try db.scalar("SELECT x FROM t") as? String == "kept")
            }
            expectResult(code: SQLITE_NOTADB) { _ = try Connection(path, key: "old") }
            let db = try Connection(path, key: "new")
            #expect(try db.scalar("SELECT x FROM t") as? String == "kept")
            try db.rekey(.raw(Blob(bytes: rawKeyBytes)))
            try db.close()
            expectResult(code: SQLITE_NOTADB) { _ = try Connection(path, key: "new") }
            #expect(
                try Connection(path, key: .raw(Blob(bytes: rawKeyBytes))).scalar("SELECT x FROM t") as? String == "kept"
            )
        }
    }

    @Test func rawKeys() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("raw.sqlite3")
            let raw = EncryptionKey.raw(Blob(bytes: rawKeyBytes))
            try Connection(path, key: raw).execute("CREATE TABLE t (x); INSERT INTO t VALUES ('raw')")
            #expect(!contains(try fileBytes(path), "SQLite format 3"))

            // The same key as SQLCipher's blob literal, through the String API.
            let literal = "x'" + Blob(bytes: rawKeyBytes).toHex() + "'"
            #expect(try Connection(path, key: literal).scalar("SELECT x FROM t") as? String == "raw")
            let db = try Connection(path)
            try db.key(raw)
            #expect(try db.scalar("SELECT x FROM t") as? String == "raw")

            // The same bytes as a passphrase (SQLite.swift's key(Blob)) are another key.
            expectResult(code: SQLITE_NOTADB) { try Connection(path).key(Blob(bytes: rawKeyBytes)) }
            expectResult(code: SQLITE_NOTADB) {
                _ = try Connection(path, key: .passphrase(bytes: Blob(bytes: rawKeyBytes)))
            }

            // A raw key of another size is refused before anything is keyed.
            let short = expectResult(code: SQLITE_MISUSE) {
                _ = try Connection(path, key: .raw(Blob(bytes: [1, 2, 3])))
            }
            #expect(short?.message == "a raw encryption key is 32 bytes (or 48: the key and a 16-byte salt), not 3")
        }
    }

    @Test func blobPassphraseAsSQLiteSwiftTakesIt() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("blob.sqlite3")
            let bytes = Blob(bytes: [0, 1, 2, 0xFF, 0x27])
            do {
                let db = try Connection(path)
                try db.key(bytes)
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            }
            let db = try Connection(path)
            try db.key(bytes)
            #expect(try db.scalar("SELECT x FROM t") as? Int64 == 1)
            #expect(try Connection(path, key: .passphrase(bytes: bytes)).scalar("SELECT x FROM t") as? Int64 == 1)
        }
    }

    @Test func exportPlainToEncryptedAndBack() throws {
        try withTemporaryDirectory { directory in
            let plainPath = directory.path("plain.sqlite3")
            let encryptedPath = directory.path("encrypted.sqlite3")
            let backPath = directory.path("back.sqlite3")
            let plain = try Connection(plainPath)
            try plain.execute(
                """
                CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL);
                CREATE UNIQUE INDEX users_email ON users (email);
                INSERT INTO users (email) VALUES ('alice@example.com'), ('bob@example.com');
                PRAGMA user_version = 7;
                """)
            try plain.sqlcipher_export(.uri(encryptedPath), key: "secret")
            // The copy is detached afterwards.
            #expect(try plain.scalar("SELECT count(*) FROM pragma_database_list") as? Int64 == 1)

            let bytes = try fileBytes(encryptedPath)
            #expect(!contains(bytes, "SQLite format 3"))
            #expect(!contains(bytes, "alice@example.com"))

            let encrypted = try Connection(encryptedPath, key: "secret")
            try expectSameContents(encrypted)

            // And back: the empty key exports a plain database.
            try encrypted.sqlcipher_export(.uri(backPath), key: "")
            #expect(Array(try fileBytes(backPath).prefix(16)) == plainHeader)
            try expectSameContents(try Connection(backPath))
        }
    }

    private func expectSameContents(_ db: Connection) throws {
        #expect(try db.scalar("PRAGMA user_version") as? Int64 == 7)
        let names = try db.prepare("SELECT type, name FROM sqlite_master ORDER BY name").map {
            "\($0[0] ?? "") \($0[1] ?? "")"
        }
        #expect(names == ["table users", "index users_email"])
        let emails = try db.prepare("SELECT email FROM users ORDER BY id").map { $0[0] as? String }
        #expect(emails == ["alice@example.com", "bob@example.com"])
        expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO users (email) VALUES (?)", "bob@example.com") }
    }

    @Test func exportFailureDetachesTheTarget() throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("plain.sqlite3"))
            try db.execute("CREATE TABLE t (x)")
            let target = directory.path("target.sqlite3")
            try Connection(target, key: "secret").execute("CREATE TABLE t (y)")
            // The target already has a table t: the copy fails, and the target is detached.
            expectResult(code: SQLITE_ERROR) { try db.sqlcipher_export(.uri(target), key: "secret") }
            #expect(try db.scalar("SELECT count(*) FROM pragma_database_list") as? Int64 == 1)
        }
    }

    @Test func encryptedAttach() throws {
        try withTemporaryDirectory { directory in
            let mainPath = directory.path("main.sqlite3")
            let otherPath = directory.path("other.sqlite3")
            do {
                let db = try Connection(mainPath, key: "main key")
                try db.attach(.uri(otherPath), as: "other", key: "other key")
                try db.execute(#"CREATE TABLE "other".items (name TEXT); INSERT INTO "other".items VALUES ('pen')"#)
                try db.attach(.uri(directory.path("raw.sqlite3")), as: "raw", key: .raw(Blob(bytes: rawKeyBytes)))
                try db.execute(#"CREATE TABLE "raw".t (x); INSERT INTO "raw".t VALUES (1)"#)
                // Without a key, an attached database takes the main database's.
                try db.attach(.uri(directory.path("same.sqlite3")), as: "same", key: nil)
                try db.execute(#"CREATE TABLE "same".t (x); INSERT INTO "same".t VALUES (2)"#)
                try db.detach("other")
            }
            #expect(!contains(try fileBytes(otherPath), "pen"))
            #expect(try Connection(otherPath, key: "other key").scalar("SELECT name FROM items") as? String == "pen")
            expectResult(code: SQLITE_NOTADB) { _ = try Connection(otherPath, key: "main key") }
            let raw = try Connection(directory.path("raw.sqlite3"), key: .raw(Blob(bytes: rawKeyBytes)))
            #expect(try raw.scalar("SELECT x FROM t") as? Int64 == 1)
            #expect(
                try Connection(directory.path("same.sqlite3"), key: "main key").scalar("SELECT x FROM t") as? Int64 == 2
            )

            // Attaching with a wrong key fails at once: ATTACH reads the attached schema.
            let db = try Connection(mainPath, key: "main key")
            let error = expectResult(code: SQLITE_NOTADB) { try db.attach(.uri(otherPath), as: "other", key: "wrong") }
            #expect(error?.message.contains("the encryption key is wrong or missing") == true)
            #expect(try db.scalar("SELECT count(*) FROM pragma_database_list") as? Int64 == 1)
        }
    }

    @Test func keyedOpenSetsTheJournalModeAfterTheKey() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("wal.sqlite3")
            try Connection(path, key: "secret", journalMode: .wal).execute("CREATE TABLE t (x)")
            let db = try Connection(.uri(path), key: .passphrase("secret"), journalMode: .wal)
            #expect(try db.scalar("PRAGMA journal_mode") as? String == "wal")
            expectResult(code: SQLITE_NOTADB) { _ = try Connection(path, key: "wrong", journalMode: .wal) }
        }
    }

    @Test func versionAndFeatureReportSQLCipher() throws {
        #expect(SQLiteFeature.available.contains(.sqlcipher))
        #expect(CompileOptions.isUsed("HAS_CODEC"))
        #expect(CompileOptions.all.contains("TEMP_STORE=2"))
        #expect(SQLiteVersion.cipherVersion == "4.19.0 community")
        #expect(SQLiteVersion.current == SQLiteVersion(major: 3, minor: 53, point: 4))
        let db = try Connection()
        #expect(db.cipherVersion == SQLiteVersion.cipherVersion)
        try db.key("secret")
        #expect(db.cipherProvider == expectedCipherProvider)
        #expect(db.cipherFipsStatus == "0")
        #expect(db.cipherProviderVersion?.isEmpty == false)
    }

    /// SQLCipher logs nothing by default here; `enableCipherLogging` turns its lines on.
    @Test func wrongKeyWritesNothingToStandardError() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("secret.sqlite3")
            try Connection(path, key: "right").execute("CREATE TABLE t (x)")
            let quiet = try capturingStandardError(in: directory) {
                expectResult(code: SQLITE_NOTADB) { _ = try Connection(path, key: "wrong") }
            }
            #expect(!quiet.contains("hmac check failed"), "\(quiet)")

            // The capture works: with logging on, the same mistake is reported.
            let loud = try capturingStandardError(in: directory) {
                let db = try? Connection()
                try? db?.enableCipherLogging(logLevel: .warn)
                expectResult(code: SQLITE_NOTADB) { _ = try Connection(path, key: "wrong") }
                try? db?.disableCipherLogging()
            }
            #expect(loud.contains("hmac check failed"), "\(loud)")
        }
    }

    /// What `body` writes to the process's standard error, through a file in `directory`.
    private func capturingStandardError(in directory: TemporaryDirectory, _ body: () throws -> Void) throws -> String {
        let path = directory.path("stderr-\(UUID().uuidString).txt")
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = open(path, O_WRONLY)
        let saved = dup(STDERR_FILENO)
        #expect(file >= 0 && saved >= 0)
        fflush(nil)
        dup2(file, STDERR_FILENO)
        defer {
            fflush(nil)
            dup2(saved, STDERR_FILENO)
            close(saved)
            close(file)
        }
        try body()
        fflush(nil)
        return String(decoding: try fileBytes(path), as: UTF8.self)
    }
}
