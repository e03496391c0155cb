// NSNumber exists only in the full Foundation (swift-corelibs-foundation on Linux), which the
// core tier links already.
import Foundation

extension NSNumber: Value {
    /// The value type a stored number is read as.
    public typealias ValueType = NSNumber

    /// `"INTEGER"`, as ActiveSQLite declares `NSNumber` columns; a column declared `REAL` holds
    /// them too.
    public static var declaredDatatype: String { Int64.declaredDatatype }

    /// The number as stored: an `SQLValue.integer` for an integer or Boolean number, an
    /// `SQLValue.real` for a floating-point one (and for an unsigned integer above
    /// `Int64.max`, which SQLite's INTEGER cannot hold), so that no digits are lost. The
    /// column's type affinity then converts as SQLite does: a `REAL` column keeps `599` as
    /// `599.0`, an `INTEGER` column keeps `599.0` as `599` and `1.5` as a real.
    ///
    /// ```swift
    /// let price = SQLExpression<NSNumber>("price")
    /// try db.run(products.insert(price <- NSNumber(value: 599.5)))
    /// let cheap = products.filter(price < NSNumber(value: 100))
    /// ```
    public var datatypeValue: SQLValue {
        if holdsFloatingPoint { return .real(doubleValue) }
        if holdsUnsigned64, uint64Value > UInt64(Int64.max) { return .real(doubleValue) }
        return .integer(int64Value)
    }

    /// A number of the stored kind: an `INTEGER` gives an integer `NSNumber`, a `REAL` a
    /// `Double` one, text that is wholly a number (`'42'`, `'1.5'`) the number SQLite reads
    /// from it.
    ///
    /// - Throws: `Result` with `SQLITE_MISMATCH` for `NULL`, a blob, or text that is not a
    ///   number.
    public static func fromDatatypeValue(_ datatypeValue: SQLValue) throws -> NSNumber {
        switch datatypeValue {
        case .integer(let integer): return NSNumber(value: integer)
        case .real(let real): return NSNumber(value: real)
        case .text(let text):
            if let integer = NumericText.integer(text), let real = NumericText.real(text), Double(integer) == real {
                return NSNumber(value: integer)
            }
            if let real = NumericText.real(text) { return NSNumber(value: real) }
            throw Result.misuse("'\(text)' is not a number", code: SQLITE_MISMATCH)
        case .null, .blob:
            throw Result.misuse("\(ValueConversion.describe(datatypeValue)) is not a number", code: SQLITE_MISMATCH)
        }
    }

    /// Whether the number holds a `Float` or a `Double` (its Objective-C type is `f` or `d`),
    /// on Apple platforms and on Linux alike.
    package var holdsFloatingPoint: Bool {
        let type = UInt8(truncatingIfNeeded: objCType.pointee)
        return type == UInt8(ascii: "f") || type == UInt8(ascii: "d")
    }

    /// Whether the number holds a `UInt64` (its Objective-C type is `Q`), which may be above
    /// `Int64.max`.
    package var holdsUnsigned64: Bool {
        UInt8(truncatingIfNeeded: objCType.pointee) == UInt8(ascii: "Q")
    }
}
