/// Numbers stored as text, read back exactly: a column declared `TEXT` keeps the number `1` as
/// the text `'1'`, and reading it as a number should give 1. Unlike SQLite's own conversion
/// (`sqlite3_column_int64` reads `'abc'` as 0 and `'12abc'` as 12), text that is not wholly a
/// number, or a number that does not fit, gives nil, so the caller reports a type mismatch
/// instead of a wrong value.
@usableFromInline
package enum NumericText {
    /// The integer `text` spells (surrounding white space allowed, as SQLite allows it): `"42"`,
    /// `" -7 "`, or a real with no fractional part, `"3.0"`; nil otherwise.
    @usableFromInline
    package static func integer(_ text: String) -> Int64? {
        let trimmed = trimmed(text)
        if let integer = Int64(trimmed) { return integer }
        return finite(trimmed).flatMap { Int64(exactly: $0) }
    }

    /// The finite real `text` spells (`"2.5"`, `"1e3"`, `"7"`); nil otherwise.
    @usableFromInline
    package static func real(_ text: String) -> Double? {
        finite(trimmed(text))
    }

    private static func finite(_ text: Substring) -> Double? {
        guard let real = Double(text), real.isFinite else { return nil }
        return real
    }

    private static func trimmed(_ text: String) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }
}
