/// SQL quoting, written once for every tier: the typed query builder, the schema reader and
/// changer, the Codable records and Core's own savepoints all quote names and text through it.
extension String {
    /// The string as an SQL identifier: in double quotes, each `"` doubled, so that any name (a
    /// keyword, one with spaces or quotes) stands for exactly itself:
    /// `my "table"` becomes `"my ""table"""`.
    @usableFromInline
    package var quotedIdentifier: String { sqlQuoted(by: "\"") }

    /// The string as an SQL text literal: in single quotes, each `'` doubled:
    /// `it's` becomes `'it''s'`.
    package var quotedLiteral: String { sqlQuoted(by: "'") }

    /// The string between two `mark`s, each `mark` in it doubled: the escaping SQL uses for
    /// identifiers (`"`) and text (`'`), and FTS5 for its strings (`"`). `mark` is ASCII.
    package func sqlQuoted(by mark: Unicode.Scalar) -> String {
        let quote = UInt8(ascii: mark)
        // Most names and texts hold no quote: the string as it is, between the marks.
        return utf8.contains(quote) ? doublingQuotes(quote) : String(mark) + self + String(mark)
    }

    /// The string between two `quote` bytes, each `quote` in it doubled. Doubled byte by byte,
    /// as SQLite reads the text: a quote followed by a combining mark is one `Character` to
    /// Swift, but still a quote to SQLite.
    func doublingQuotes(_ quote: UInt8) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 8)
        bytes.append(quote)
        for byte in utf8 {
            bytes.append(byte)
            if byte == quote { bytes.append(quote) }
        }
        bytes.append(quote)
        // Only ASCII bytes were added next to ASCII bytes: still valid UTF-8.
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string with each doubled `quote` byte made one: the inside of a quoted name or text
    /// literal read back (`a""b` gives `a"b` for `"`). Read byte by byte, as SQLite reads it.
    package func undoublingQuotes(_ quote: UInt8) -> String {
        guard utf8.contains(quote) else { return self }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var afterQuote = false
        for byte in utf8 {
            // The second quote of a pair is dropped; a third starts a new pair.
            if byte == quote && afterQuote {
                afterQuote = false
                continue
            }
            afterQuote = byte == quote
            bytes.append(byte)
        }
        // Only ASCII bytes were removed: still valid UTF-8.
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Substring {
    /// The quoted identifier this text starts with, maybe qualified (`"main"."users"`): its
    /// last name unquoted (`"a""b"` gives `a"b`), and the text after it. Nil when the text does
    /// not start with a complete quoted identifier. The reverse of
    /// `String.quotedIdentifier`, read byte by byte as SQLite reads it.
    ///
    /// ```swift
    /// #""users"."email" = ?"#[...].leadingQuotedName   // ("email", " = ?")
    /// ```
    package var leadingQuotedName: (name: String, rest: Substring)? {
        let quote = UInt8(ascii: "\"")
        let bytes = utf8
        var index = bytes.startIndex
        var name: String?
        while index < bytes.endIndex, bytes[index] == quote {
            var part: [UInt8] = []
            index = bytes.index(after: index)
            var closed = false
            while index < bytes.endIndex {
                let byte = bytes[index]
                index = bytes.index(after: index)
                guard byte == quote else {
                    part.append(byte)
                    continue
                }
                // A doubled quote is a quote in the name; a single one ends it.
                guard index < bytes.endIndex, bytes[index] == quote else {
                    closed = true
                    break
                }
                part.append(quote)
                index = bytes.index(after: index)
            }
            guard closed else { return nil }
            name = String(decoding: part, as: UTF8.self)
            // Qualified: a dot, then the next quoted part.
            let dot = index
            guard dot < bytes.endIndex, bytes[dot] == UInt8(ascii: "."),
                bytes.index(after: dot) < bytes.endIndex, bytes[bytes.index(after: dot)] == quote
            else { break }
            index = bytes.index(after: dot)
        }
        guard let name else { return nil }
        return (name, self[index...])
    }
}
