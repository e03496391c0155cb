// NSDate exists only in the full Foundation (swift-corelibs-foundation on Linux), which the
// core tier links already.
import Foundation

extension NSDate: Value {
    /// The value type a stored date is read as.
    public typealias ValueType = NSDate

    /// `"TEXT"`: stored as `Date` is, ISO-8601 text in UTC with milliseconds
    /// (`2014-11-18T12:45:30.000`).
    public static var declaredDatatype: String { Date.declaredDatatype }

    /// Parses stored text as `Date` does.
    ///
    /// ```swift
    /// let published = SQLExpression<NSDate?>("publish_date")
    /// let recent = products.filter(published > NSDate(timeIntervalSinceNow: -86_400))
    /// ```
    ///
    /// - Throws: `Result` with `SQLITE_MISMATCH` for text that is not a date.
    public static func fromDatatypeValue(_ datatypeValue: String) throws -> NSDate {
        // `as` does not bridge Date and NSDate on Linux: go through the time interval.
        NSDate(timeIntervalSinceReferenceDate: try Date.checkedDate(datatypeValue).timeIntervalSinceReferenceDate)
    }

    /// The date as `Date` stores it: `yyyy-MM-ddTHH:mm:ss.SSS` in UTC.
    public var datatypeValue: String {
        Date(timeIntervalSinceReferenceDate: timeIntervalSinceReferenceDate).datatypeValue
    }
}
