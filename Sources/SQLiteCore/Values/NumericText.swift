/// Numbers stored as text, read as SQLite reads them: a column declared `TEXT` keeps the number
/// `1` as the text `'1'`, and reading it as a number gives what SQLite's own conversion gives
/// (`sqlite3_column_int64`, `sqlite3_column_double`, `CAST(... AS INTEGER)`/`AS REAL`) for text
/// that is wholly a number in SQLite's grammar: optional spaces, an optional sign, digits with
/// an optional decimal point (at least one digit), an optional exponent (`e`, an optional sign,
/// digits), optional spaces. Other text (`'abc'`, `'0x10'`, `'12abc'`, `''`, an embedded NUL
/// unless the linked SQLite ends the text there) gives nil, so that the caller throws instead of reading SQLite's 0 or partial number.
///
/// As SQLite's conversion does, an integer read takes the integer that starts the text:
/// `'1e3'` and `'3.9'` read as the integers 1 and 3 (and as the reals 1000 and 3.9), and an
/// integer beyond 64 bits reads as `Int64.max` or `Int64.min`. A real is SQLite's own parse
/// (its rounding, `inf` beyond the largest double): from a live column, the column's
/// `sqlite3_value_double`; from text alone, ``RealTextConverter``'s.
@usableFromInline
package enum NumericText {
    /// The integer SQLite reads from `text`, when `text` is wholly a number; nil otherwise.
    package static func integer(_ text: String) -> Int64? {
        withBytes(of: text) { isNumber($0) ? leadingInteger($0) : nil }
    }

    /// The real SQLite reads from `text`, when `text` is wholly a number; nil otherwise.
    package static func real(_ text: String) -> Double? {
        withBytes(of: text) { isNumber($0) ? RealTextConverter.shared.real($0) : nil }
    }

    /// Whether `text` is wholly a number in SQLite's grammar.
    package static func isNumber(_ text: String) -> Bool {
        withBytes(of: text) { isNumber($0) }
    }

    private static func withBytes<T>(of text: String, _ body: (UnsafeRawBufferPointer) -> T) -> T {
        var text = text
        return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
    }

    /// Whether the UTF-8 `bytes` are wholly a number in SQLite's grammar (where its
    /// `sqlite3AtoF` reports a whole number: what a column of `NUMERIC` affinity stores as one).
    /// A NUL ends text the database stores as UTF-8 when the linked SQLite reads it so
    /// (``nulEndsText``); `storedAsUTF8` is false for text converted from UTF-16, which SQLite
    /// reads to its end.
    package static func isNumber(_ bytes: UnsafeRawBufferPointer, storedAsUTF8: Bool = true) -> Bool {
        let count = bytes.count
        var index = 0
        while index < count, isSpace(bytes[index]) { index += 1 }
        if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        var digits = 0
        while index < count, isDigit(bytes[index]) {
            index += 1
            digits += 1
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < count, isDigit(bytes[index]) {
                index += 1
                digits += 1
            }
        }
        guard digits > 0 else { return false }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            var exponentDigits = 0
            while index < count, isDigit(bytes[index]) {
                index += 1
                exponentDigits += 1
            }
            guard exponentDigits > 0 else { return false }
        }
        while index < count, isSpace(bytes[index]) { index += 1 }
        // A NUL ends the text for SQLite versions that parse UTF-8 text as a C string.
        return index == count || (bytes[index] == 0 && storedAsUTF8 && nulEndsText)
    }

    /// Whether the linked SQLite reads UTF-8 text as a number only up to its first NUL: 3.53
    /// stores `'1\0' || '2'` in a `NUMERIC` column as the integer 1, while 3.50 keeps it as
    /// text (the NUL is not part of a number). Asked of the library itself, once, by storing
    /// that text in a `NUMERIC` column of a private in-memory database.
    static let nulEndsText: Bool = {
        var db: OpaquePointer?
        defer { sqlite3_close_v2(db) }
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK,
            sqlite3_exec(db, "CREATE TABLE probe (x NUMERIC)", nil, nil, nil) == SQLITE_OK
        else { return false }
        var insert: OpaquePointer?
        defer { sqlite3_finalize(insert) }
        let text: [CChar] = [CChar(UInt8(ascii: "1")), 0, CChar(UInt8(ascii: "2"))]
        let inserted = text.withUnsafeBufferPointer { buffer -> Bool in
            guard let start = buffer.baseAddress,
                sqlite3_prepare_v2(db, "INSERT INTO probe (x) VALUES (?1)", -1, &insert, nil) == SQLITE_OK,
                sqlite3_bind_text64(insert, 1, start, sqlite3_uint64(buffer.count), nil, UInt8(SQLITE_UTF8))
                    == SQLITE_OK
            else { return false }
            return sqlite3_step(insert) == SQLITE_DONE
        }
        var select: OpaquePointer?
        defer { sqlite3_finalize(select) }
        guard inserted, sqlite3_prepare_v2(db, "SELECT typeof(x) FROM probe", -1, &select, nil) == SQLITE_OK,
            sqlite3_step(select) == SQLITE_ROW
        else { return false }
        guard let type = sqlite3_column_text(select, 0) else { return false }
        return String(cString: type) == "integer"
    }()

    /// The integer that starts `bytes` after spaces and a sign, as SQLite's `sqlite3Atoi64`
    /// reads it: its digits up to the first other character, `Int64.max` or `Int64.min` beyond
    /// 64 bits.
    static func leadingInteger(_ bytes: UnsafeRawBufferPointer) -> Int64 {
        let count = bytes.count
        var index = 0
        while index < count, isSpace(bytes[index]) { index += 1 }
        var negative = false
        if index < count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
            negative = bytes[index] == UInt8(ascii: "-")
            index += 1
        }
        var magnitude: UInt64 = 0
        var overflows = false
        while index < count, isDigit(bytes[index]) {
            let (times10, over1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, over2) = times10.addingReportingOverflow(UInt64(bytes[index] &- UInt8(ascii: "0")))
            if over1 || over2 { overflows = true }
            magnitude = sum
            index += 1
        }
        let limit = UInt64(Int64.max)
        if negative {
            return overflows || magnitude > limit ? Int64.min : -Int64(magnitude)
        }
        return overflows || magnitude > limit ? Int64.max : Int64(magnitude)
    }

    /// `TEXT '…' (not a number)`, for errors: the text, shortened to 40 characters, with
    /// control characters (an embedded NUL) escaped.
    @usableFromInline
    package static func describeNonNumber(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(40) {
            shown += scalar.value < 0x20 ? scalar.escaped(asASCII: true) : String(scalar)
        }
        if text.unicodeScalars.count > 40 { shown += "…" }
        return "TEXT '\(shown)' (not a number)"
    }

    /// SQLite's `sqlite3Isspace`: space, tab, line feed, vertical tab, form feed, carriage return.
    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (byte >= 0x09 && byte <= 0x0D)
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

extension RowReader {
    /// Whether the text of `value` is wholly a number: read in place when it is UTF-8 (no
    /// allocation); text of another encoding is converted by SQLite first, as
    /// `String.read(from:at:)` converts it.
    @usableFromInline
    static func holdsNumber(_ value: OpaquePointer?) -> Bool {
        if isUTF8(value) {
            guard let bytes = sqlite3_value_blob(value) else { return false }
            return NumericText.isNumber(UnsafeRawBufferPointer(start: bytes, count: Int(sqlite3_value_bytes(value))))
        }
        // SQLite reads UTF-16 text to its end: a NUL in it is never the end of a number.
        guard let text = sqlite3_value_text(value) else { return false }
        return NumericText.isNumber(
            UnsafeRawBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))), storedAsUTF8: false)
    }
}
