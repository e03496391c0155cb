/// A key for an encrypted (SQLCipher) database: a passphrase, or a raw 256-bit key.
///
/// A passphrase is stretched into the real key with PBKDF2 each time the database is opened; a
/// raw key is used as it is, which skips that (deliberately slow) derivation.
///
/// ```swift
/// let db = try Connection("secrets.sqlite3", key: .passphrase("correct horse"))
/// let fast = try Connection("cache.sqlite3", key: .raw(Blob(bytes: keyBytes)))  // 32 bytes
/// ```
///
/// Every call that takes a `String` key (SQLite.swift's ``Connection/key(_:db:)-(String,_)``) takes
/// it as a passphrase, except text of the form `x'…'` with 64 hexadecimal digits, which SQLCipher
/// reads as a raw key.
public struct EncryptionKey: Sendable, Hashable {
    /// The bytes handed to SQLCipher (`sqlite3_key_v2`, `ATTACH … KEY`).
    let material: [UInt8]
    /// Why the key cannot be used, for a raw key of the wrong size; checked when it is used.
    let problem: String?

    private init(material: [UInt8], problem: String? = nil) {
        self.material = material
        self.problem = problem
    }

    /// A passphrase, from which SQLCipher derives the key (PBKDF2-HMAC-SHA512).
    ///
    /// Any text works, quotes included: it is passed to SQLCipher as bytes, never spliced into SQL.
    public static func passphrase(_ passphrase: String) -> EncryptionKey {
        EncryptionKey(material: Array(passphrase.utf8))
    }

    /// A passphrase given as bytes, as SQLite.swift's `key(_: Blob)` takes it: SQLCipher derives
    /// the key from these bytes exactly as from a text passphrase. For bytes that *are* the key,
    /// use ``raw(_:)``.
    public static func passphrase(bytes: Blob) -> EncryptionKey {
        EncryptionKey(material: bytes.bytes)
    }

    /// A raw key: 32 bytes used as the AES-256 key directly, without key derivation; or 48 bytes,
    /// the key followed by the database's 16-byte salt. It is handed to SQLCipher as the blob
    /// literal `x'…'` its documentation describes. Another size throws when the key is used.
    public static func raw(_ key: Blob) -> EncryptionKey {
        let count = key.bytes.count
        guard count == 32 || count == 48 else {
            return EncryptionKey(
                material: [],
                problem: "a raw encryption key is 32 bytes (or 48: the key and a 16-byte salt), not \(count)")
        }
        return EncryptionKey(material: Array("x'\(key.toHex())'".utf8))
    }

    /// Calls `body` with the key's bytes and their count, for `sqlite3_key_v2` and
    /// `sqlite3_rekey_v2`: never a null pointer, which SQLite's API armor refuses; the empty key
    /// (no encryption) is a valid pointer and a count of 0.
    func withBytes<T>(_ body: (UnsafeRawPointer?, Int32) -> T) -> T {
        // A one-byte buffer has an address; the count of 0 says none of it is key.
        let bytes = material.isEmpty ? [0] : material
        return bytes.withUnsafeBytes { body($0.baseAddress, Int32(clamping: material.count)) }
    }

    /// The key as the value bound to `ATTACH … KEY ?`: its exact bytes, as a blob (SQLCipher reads
    /// a text and a blob key alike); the empty key as empty text, since an empty blob would bind
    /// as NULL, which SQLCipher takes as "the main database's key".
    var binding: any Binding { material.isEmpty ? "" : Blob(bytes: material) }
}
