#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// SQLite's date and time functions (https://www.sqlite.org/lang_datefunc.html): a time value
/// followed by modifiers, every argument bound.
///
/// ```swift
/// DateFunctions.date("now")                 // date('now')
/// DateFunctions.datetime("now", "-1 day")   // datetime('now', '-1 day')
/// ```
public enum DateFunctions {
    /// `date(time, modifiers...)`: `YYYY-MM-DD`, readable as a `Date`.
    public static func date(_ timestring: String, _ modifiers: String...) -> Expression<Date?> {
        call("date", [timestring] + modifiers)
    }

    /// `time(time, modifiers...)`: `HH:MM:SS` as text (not a full date).
    public static func time(_ timestring: String, _ modifiers: String...) -> Expression<String?> {
        call("time", [timestring] + modifiers)
    }

    /// `datetime(time, modifiers...)`: `YYYY-MM-DD HH:MM:SS`, readable as a `Date`.
    public static func datetime(_ timestring: String, _ modifiers: String...) -> Expression<Date?> {
        call("datetime", [timestring] + modifiers)
    }

    /// `julianday(time, modifiers...)`: the Julian day number.
    public static func julianday(_ timestring: String, _ modifiers: String...) -> Expression<Double?> {
        call("julianday", [timestring] + modifiers)
    }

    /// `unixepoch(time, modifiers...)`: seconds since 1970.
    public static func unixepoch(_ timestring: String, _ modifiers: String...) -> Expression<Int64?> {
        call("unixepoch", [timestring] + modifiers)
    }

    /// `strftime(format, time, modifiers...)`: the time formatted.
    public static func strftime(_ format: String, _ timestring: String, _ modifiers: String...) -> Expression<String?> {
        call("strftime", [format, timestring] + modifiers)
    }

    private static func call<T>(_ name: String, _ arguments: [String]) -> Expression<T> {
        SQLText.call(name, arguments)
    }
}

extension Date {
    /// `date('2007-01-09T09:41:00.000')`: this date's calendar date, computed by SQLite.
    public var date: Expression<Date?> { DateFunctions.date(datatypeValue) }

    /// `time('...')`: this date's time of day as text.
    public var time: Expression<String?> { DateFunctions.time(datatypeValue) }

    /// `datetime('...')`: this date as `YYYY-MM-DD HH:MM:SS`.
    public var datetime: Expression<Date?> { DateFunctions.datetime(datatypeValue) }

    /// `julianday('...')`: this date's Julian day number.
    public var julianday: Expression<Double?> { DateFunctions.julianday(datatypeValue) }
}

extension Expression where Datatype == Date {
    /// `date("column")`: the calendar date of a stored date.
    public var date: Expression<Date> { SQLText.call("date", self) }

    /// `time("column")`: the time of day of a stored date, as text.
    public var time: Expression<String> { SQLText.call("time", self) }

    /// `datetime("column")`: the stored date as `YYYY-MM-DD HH:MM:SS`.
    public var datetime: Expression<Date> { SQLText.call("datetime", self) }

    /// `julianday("column")`: the stored date's Julian day number.
    public var julianday: Expression<Double> { SQLText.call("julianday", self) }
}

extension Expression where Datatype == Date? {
    /// `date("column")`, nil for `NULL`.
    public var date: Expression<Date?> { SQLText.call("date", self) }

    /// `time("column")`, nil for `NULL`.
    public var time: Expression<String?> { SQLText.call("time", self) }

    /// `datetime("column")`, nil for `NULL`.
    public var datetime: Expression<Date?> { SQLText.call("datetime", self) }

    /// `julianday("column")`, nil for `NULL`.
    public var julianday: Expression<Double?> { SQLText.call("julianday", self) }
}
