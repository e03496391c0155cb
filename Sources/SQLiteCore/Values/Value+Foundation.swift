#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Data: Value {
    /// `"BLOB"`.
    public static let declaredDatatype = Blob.declaredDatatype

    /// The blob's bytes.
    public static func fromDatatypeValue(_ datatypeValue: Blob) -> Data { Data(datatypeValue.bytes) }

    /// The bytes as a ``Blob`` (SQLite.swift's `Datatype` for `Data`; binding `Data` itself
    /// skips this copy).
    public var datatypeValue: Blob { Blob(bytes: [UInt8](self)) }
}

extension Data: Binding {
    /// Binds the bytes in place, copied once by SQLite (`SQLITE_TRANSIENT`); empty `Data` binds
    /// as a zero-length BLOB, not NULL (SQLite binds a NULL pointer as NULL, so an empty value
    /// gets a valid address).
    ///
    /// ```swift
    /// try db.run("INSERT INTO files (name, data) VALUES (?, ?)", "logo.png", Data(contentsOf: url))
    /// ```
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        withUnsafeBytes { bytes in
            sqlite3_bind_blob64(
                statement, index, bytes.baseAddress ?? emptyBytesAddress, sqlite3_uint64(bytes.count),
                Destructor.transient)
        }
    }

    /// Reads the column's bytes with one copy (`sqlite3_column_blob`); TEXT is read as its
    /// bytes and NULL as empty `Data`, as SQLite converts them.
    public static func read(from statement: OpaquePointer, at index: Int32) -> Data {
        guard let start = sqlite3_column_blob(statement, index) else { return Data() }
        return Data(bytes: start, count: Int(sqlite3_column_bytes(statement, index)))
    }
}

extension Date: Value {
    /// `"TEXT"`: dates are stored as ISO-8601 text in UTC with milliseconds,
    /// `2014-11-18T12:45:30.000`, which sorts and compares correctly as text.
    public static let declaredDatatype = String.declaredDatatype

    /// Parses stored text: `YYYY-MM-DD`, optionally followed by `T` or a space and
    /// `HH:MM[:SS[.fraction]]`, optionally followed by `Z` or `±HH:MM`.
    ///
    /// Keeps SQLite.swift's non-throwing signature, so it cannot report text that is not a
    /// date: it returns `Date.distantPast` for it (where SQLite.swift would crash). Rows read
    /// through the typed and Codable tiers throw for such text instead.
    ///
    /// ```swift
    /// let date = Date.fromDatatypeValue("2014-11-18T12:45:30.000")
    /// ```
    public static func fromDatatypeValue(_ datatypeValue: String) -> Date {
        ISO8601Text.parse(datatypeValue) ?? .distantPast
    }

    /// Parses stored text as ``fromDatatypeValue(_:)`` does, throwing `SQLITE_MISMATCH` for
    /// text that is not a date.
    @usableFromInline
    package static func checkedDate(_ text: String) throws(Result) -> Date {
        guard let date = ISO8601Text.parse(text) else {
            throw Result.misuse("'\(text)' is not a date (expected yyyy-MM-ddTHH:mm:ss.SSS)", code: SQLITE_MISMATCH)
        }
        return date
    }

    /// The date as `yyyy-MM-ddTHH:mm:ss.SSS` in UTC.
    public var datatypeValue: String { ISO8601Text.format(self) }
}

extension UUID: Value {
    /// `"TEXT"`: the canonical upper-case form, e.g. `E621E1F8-C36C-495A-93FC-0C247A3E6E5F`.
    public static let declaredDatatype = String.declaredDatatype

    /// Parses the canonical text form, as SQLite.swift's non-throwing conversion does; text that
    /// is not a UUID gives the nil UUID (all zeros) here, while rows read through the typed and
    /// Codable tiers throw `SQLITE_MISMATCH` for it.
    public static func fromDatatypeValue(_ datatypeValue: String) -> UUID {
        UUID(uuidString: datatypeValue) ?? UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
    }

    /// Parses the canonical text form, throwing `SQLITE_MISMATCH` for anything else.
    @usableFromInline
    package static func checkedUUID(_ text: String) throws(Result) -> UUID {
        guard let uuid = UUID(uuidString: text) else {
            throw Result.misuse("'\(text)' is not a UUID", code: SQLITE_MISMATCH)
        }
        return uuid
    }

    /// The canonical text form.
    public var datatypeValue: String { uuidString }
}

extension URL: Value {
    /// `"TEXT"`: the absolute string.
    public static let declaredDatatype = String.declaredDatatype

    /// Parses the stored text, as SQLite.swift's non-throwing conversion does; text that is not
    /// a URL gives `about:blank` here, while rows read through the typed and Codable tiers throw
    /// `SQLITE_MISMATCH` for it.
    public static func fromDatatypeValue(_ datatypeValue: String) -> URL {
        (try? checkedURL(datatypeValue)) ?? URL(string: "about:blank") ?? URL(fileURLWithPath: "/")
    }

    /// Parses the stored text, throwing `SQLITE_MISMATCH` when it is not a URL.
    @usableFromInline
    package static func checkedURL(_ text: String) throws(Result) -> URL {
        guard let url = URL(string: text) else {
            throw Result.misuse("'\(text)' is not a URL", code: SQLITE_MISMATCH)
        }
        return url
    }

    /// The absolute string.
    public var datatypeValue: String { absoluteString }
}

/// The date text format of the core tier, without `DateFormatter` (slow, and not `Sendable`).
enum ISO8601Text {
    static func format(_ date: Date) -> String {
        // Round to the nearest millisecond: a Date holds binary seconds since 2001, so the
        // product for an exact millisecond often lands just below it (…122.9999 for .123).
        let totalMilliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (days, dayMilliseconds) = floorDivide(totalMilliseconds, 86_400_000)
        let (year, month, day) = civilDate(daysSinceEpoch: days)
        let hour = dayMilliseconds / 3_600_000
        let minute = dayMilliseconds / 60_000 % 60
        let second = dayMilliseconds / 1000 % 60
        let millisecond = dayMilliseconds % 1000
        let date = "\(year < 0 ? "-" : "")\(padded(abs(year), 4))-\(padded(month, 2))-\(padded(day, 2))"
        return "\(date)T\(padded(hour, 2)):\(padded(minute, 2)):\(padded(second, 2)).\(padded(millisecond, 3))"
    }

    static func parse(_ text: String) -> Date? {
        var scanner = Scanner(Array(text.utf8))
        var sign: Int64 = 1
        if scanner.take(UInt8(ascii: "-")) { sign = -1 }
        guard let year = scanner.year(), scanner.take(UInt8(ascii: "-")),
            let month = scanner.number(digits: 2), scanner.take(UInt8(ascii: "-")),
            let day = scanner.number(digits: 2), (1...12).contains(month),
            (1...daysInMonth(year: sign * year, month: month)).contains(day)
        else { return nil }
        var seconds: Int64 = 0
        var fraction = 0.0
        if scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: " ")) {
            guard let hour = scanner.number(digits: 2), scanner.take(UInt8(ascii: ":")),
                let minute = scanner.number(digits: 2), hour < 24, minute < 60
            else { return nil }
            seconds = hour * 3600 + minute * 60
            if scanner.take(UInt8(ascii: ":")) {
                guard let second = scanner.number(digits: 2), second < 61 else { return nil }
                seconds += second
                if scanner.take(UInt8(ascii: ".")) {
                    var scale = 0.1
                    var any = false
                    while let digit = scanner.digit() {
                        fraction += Double(digit) * scale
                        scale /= 10
                        any = true
                    }
                    if !any { return nil }
                }
            }
            if scanner.take(UInt8(ascii: "Z")) {
            } else if let offsetSign = scanner.takeSign() {
                guard let offsetHours = scanner.number(digits: 2) else { return nil }
                _ = scanner.take(UInt8(ascii: ":"))
                let offsetMinutes = scanner.number(digits: 2) ?? 0
                seconds -= offsetSign * (offsetHours * 3600 + offsetMinutes * 60)
            }
        }
        guard scanner.atEnd else { return nil }
        let days = daysSinceEpoch(year: sign * year, month: month, day: day)
        // Milliseconds are what the format stores: round the fraction to them, so that a stored
        // value reads back as the same Date that was written.
        let milliseconds = (fraction * 1000).rounded()
        return Date(timeIntervalSince1970: Double(days * 86_400 + seconds) + milliseconds / 1000)
    }

    /// The number of days in `month` of `year` (proleptic Gregorian).
    private static func daysInMonth(year: Int64, month: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }
        var atEnd: Bool { position == bytes.count }
        mutating func take(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }
        mutating func takeSign() -> Int64? {
            if take(UInt8(ascii: "+")) { return 1 }
            if take(UInt8(ascii: "-")) { return -1 }
            return nil
        }
        mutating func digit() -> Int64? {
            guard position < bytes.count, bytes[position] >= 48, bytes[position] <= 57 else { return nil }
            position += 1
            return Int64(bytes[position - 1] - 48)
        }
        /// Four digits or more (`format` writes years past 9999 with five).
        mutating func year() -> Int64? {
            guard var value = number(digits: 4) else { return nil }
            while value < 100_000_000, let digit = digit() { value = value * 10 + digit }
            return value
        }

        mutating func number(digits: Int) -> Int64? {
            var value: Int64 = 0
            for _ in 0..<digits {
                guard let digit = digit() else { return nil }
                value = value * 10 + digit
            }
            return value
        }
    }

    /// `value`'s digits, zeros before them up to `width`.
    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let quotient = a / b
        let remainder = a % b
        return remainder < 0 ? (quotient - 1, remainder + b) : (quotient, remainder)
    }

    // Howard Hinnant's days-from-civil / civil-from-days algorithms (proleptic Gregorian).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilDate(daysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
