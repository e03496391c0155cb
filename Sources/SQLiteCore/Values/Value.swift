#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A Swift type that SQLite can store by mapping it onto a ``Binding`` (its `Datatype`).
///
/// Conform your own types to store them in columns and use them in the typed tier:
///
/// ```swift
/// struct Celsius: Value {
///     var degrees: Double
///     static let declaredDatatype = Double.declaredDatatype
///     static func fromDatatypeValue(_ value: Double) throws -> Celsius { Celsius(degrees: value) }
///     var datatypeValue: Double { degrees }
/// }
/// ```
///
/// `fromDatatypeValue` may throw for stored values that do not fit the type (an integer out of
/// range, malformed text), so bad data becomes an error instead of a crash. The built-in
/// conversions that SQLite.swift declares without `throws` (`Int64`, `Bool`, `Int`, `Date`, ...)
/// keep that signature, so they are called without `try`.
public protocol Value {
    /// The type the value is converted to, when it is not `Self`.
    associatedtype ValueType = Self

    /// The ``Binding`` the value is stored as.
    associatedtype Datatype: Binding

    /// The column type used when creating a table for values of this type, e.g. `"INTEGER"`.
    static var declaredDatatype: String { get }

    /// Makes a value from its stored form, throwing when the stored form does not fit.
    static func fromDatatypeValue(_ datatypeValue: Datatype) throws -> ValueType

    /// The stored form of the value.
    var datatypeValue: Datatype { get }
}

// Measured: these conformances out of line cost about 1.3 % on insert-named typed (callgrind).
extension Int64: Value {
    /// `"INTEGER"`.
    public static let declaredDatatype = "INTEGER"
    /// The value itself.
    @inlinable public static func fromDatatypeValue(_ datatypeValue: Int64) -> Int64 { datatypeValue }
    /// The value itself.
    @inlinable public var datatypeValue: Int64 { self }
}

extension Double: Value {
    /// `"REAL"`.
    public static let declaredDatatype = "REAL"
    /// The value itself.
    @inlinable public static func fromDatatypeValue(_ datatypeValue: Double) -> Double { datatypeValue }
    /// The value itself.
    @inlinable public var datatypeValue: Double { self }
}

extension String: Value {
    /// `"TEXT"`.
    public static let declaredDatatype = "TEXT"
    /// The value itself.
    @inlinable public static func fromDatatypeValue(_ datatypeValue: String) -> String { datatypeValue }
    /// The value itself.
    @inlinable public var datatypeValue: String { self }
}

extension Blob: Value {
    /// `"BLOB"`.
    public static let declaredDatatype = "BLOB"
    /// The value itself.
    @inlinable public static func fromDatatypeValue(_ datatypeValue: Blob) -> Blob { datatypeValue }
    /// The value itself.
    @inlinable public var datatypeValue: Blob { self }
}

extension Bool: Value {
    /// `"INTEGER"`: stored as 0 or 1, as SQLite.swift stores it.
    public static let declaredDatatype = Int64.declaredDatatype
    /// `true` for any non-zero integer.
    @inlinable public static func fromDatatypeValue(_ datatypeValue: Int64) -> Bool { datatypeValue != 0 }
    /// 1 for `true`, 0 for `false`.
    @inlinable public var datatypeValue: Int64 { self ? 1 : 0 }
}

extension Int: Value {
    /// `"INTEGER"`.
    public static let declaredDatatype = Int64.declaredDatatype
    /// The stored integer (a platform with a 32-bit `Int` keeps its low 32 bits, as
    /// ``Binding/read(from:at:)`` does).
    @inlinable public static func fromDatatypeValue(_ datatypeValue: Int64) -> Int {
        Int(truncatingIfNeeded: datatypeValue)
    }
    /// The value widened to 64 bits.
    @inlinable public var datatypeValue: Int64 { Int64(self) }
}

extension UInt64: Value {
    /// `"INTEGER"`.
    public static let declaredDatatype = "INTEGER"
    /// The value itself.
    @inlinable public static func fromDatatypeValue(_ datatypeValue: UInt64) -> UInt64 { datatypeValue }
    /// The value itself; binding one above `Int64.max` throws.
    @inlinable public var datatypeValue: UInt64 { self }
}

extension UInt: Value {
    /// `"INTEGER"`.
    public static let declaredDatatype = "INTEGER"
    /// The value itself.
    @inlinable public static func fromDatatypeValue(_ datatypeValue: UInt) -> UInt { datatypeValue }
    /// The value itself; binding one above `Int64.max` throws.
    @inlinable public var datatypeValue: UInt { self }
}

extension Value {
    /// Converts a stored value as `fromDatatypeValue(_:)` does, and also throws where a type's
    /// own conversion keeps SQLite.swift's non-throwing signature and so cannot: text that is
    /// not a date, a UUID or a URL, read as a `Date`, `UUID` or `URL`, throws `SQLITE_MISMATCH`
    /// here instead of giving a stand-in value (`Date.distantPast`, the nil UUID,
    /// `about:blank`). The higher tiers read rows and function arguments through this.
    @inlinable
    package static func checkedFromDatatypeValue(_ datatypeValue: Datatype) throws -> ValueType {
        // The tests fold away once the caller is specialized for a concrete type.
        if Datatype.self == String.self, let text = datatypeValue as? String {
            if Self.self == Date.self, let date = try Date.checkedDate(text) as? ValueType { return date }
            if Self.self == UUID.self, let uuid = try UUID.checkedUUID(text) as? ValueType { return uuid }
            if Self.self == URL.self, let url = try URL.checkedURL(text) as? ValueType { return url }
        }
        return try fromDatatypeValue(datatypeValue)
    }
}
