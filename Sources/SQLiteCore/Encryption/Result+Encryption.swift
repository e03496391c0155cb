extension Result {
    /// The error every encryption call throws in a build without the `SQLCipher` trait, where
    /// SQLite would otherwise take `PRAGMA key` or `ATTACH … KEY` and ignore the key: the database
    /// would be written in plain text, without a word.
    static func noEncryption(_ operation: String) -> Result {
        .misuse(
            "\(operation): this build of swift-sqlite has no encryption; build it with the SQLCipher trait"
                + " (traits: [\"SQLCipher\"], see Documentation/Encryption.md)",
            code: SQLITE_MISUSE)
    }

    /// SQLite's `message` for a failure with primary code `code`, with the likely cause added
    /// where SQLCipher hides it: an encrypted file read without its key, or with another key,
    /// reads as `SQLITE_NOTADB` ("file is not a database").
    static func explainingEncryption(_ message: String, code: Int32) -> String {
        #if SQLCipher
            guard code & 0xFF == SQLITE_NOTADB else { return message }
            return message + " (SQLCipher: the encryption key is wrong or missing)"
        #else
            return message
        #endif
    }
}
