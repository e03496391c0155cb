// NSNumber and NSDate exist only in the full Foundation (swift-corelibs-foundation on Linux).
import Foundation

/// The Foundation objects ``Stored`` keeps in a column: `NSNumber`, `NSDate`, and optionals of
/// them. Conform nothing else to it: ``Stored`` reports any other type as an error.
public protocol StoredObject {}

extension NSNumber: StoredObject {}
extension NSDate: StoredObject {}
extension Optional: StoredObject where Wrapped: StoredObject {}

/// A record property holding an `NSNumber` or an `NSDate` (ActiveSQLite's property types),
/// which are not `Codable` themselves.
///
/// ```swift
/// struct Product: Record {
///     var id: Int64 = 0
///     var name = ""
///     @Stored var price: NSNumber = 0             // REAL: listed in doubleProperties
///     @Stored var stock: NSNumber = 0             // INTEGER
///     @Stored var publishDate: NSDate? = nil      // as a Date is stored; NULL for nil
///
///     static let doubleProperties = ["price"]
/// }
/// ```
///
/// In a record:
/// - an `NSNumber` is an `INTEGER` column, or a `REAL` one when the property is listed in
///   ``Record/doubleProperties``. A property stored as `INTEGER` saves a number with a
///   fraction (`1.5`) as an error, not a truncated value, and reads a `REAL` with a fraction
///   as an error too; an integral real (`2.0`) reads as the integer `2`.
/// - an `NSDate` is stored as a `Date` is (the record's ``CodingOptions/dateStrategy``).
/// - an optional one is a nullable column; `nil` is `NULL`.
///
/// Other coders (`JSONEncoder`...) see the number itself (an integer or a `Double`) or the
/// date as they code a `Date`.
@propertyWrapper
public struct Stored<Wrapped: StoredObject>: Codable {
    /// The number or date.
    public var wrappedValue: Wrapped

    /// Wraps `wrappedValue`: `@Stored var price: NSNumber = 0`.
    public init(wrappedValue: Wrapped) {
        self.wrappedValue = wrappedValue
    }

    /// Decodes the number (an integer, else a `Double`) or the date from a single value; `nil`
    /// from a null.
    ///
    /// - Throws: `DecodingError` when the value is neither, or when `Wrapped` is not
    ///   `NSNumber`, `NSDate` or an optional of one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let value: SQLValue
        if container.decodeNil() {
            value = .null
        } else if Self.kind == .date {
            value = .real(try container.decode(Date.self).timeIntervalSince1970)
        } else if let integer = try? container.decode(Int64.self) {
            value = .integer(integer)
        } else {
            value = .real(try container.decode(Double.self))
        }
        do {
            self = try Self.make(value, real: value.isReal, dateStrategy: .unixSeconds)
        } catch {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(Self.self): \(error.reason)")
        }
    }

    /// Encodes the number (an integer or a `Double`, as it holds) or the date as a single
    /// value; `nil` as a null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let any = wrappedValue as Any
        if let number = any as? NSNumber {
            if number.holdsFloatingPoint {
                try container.encode(number.doubleValue)
            } else {
                try container.encode(number.int64Value)
            }
        } else if let date = any as? NSDate {
            try container.encode(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate))
        } else {
            try container.encodeNil()
        }
    }
}

extension Stored: Equatable where Wrapped: Equatable {}
extension Stored: Hashable where Wrapped: Hashable {}
extension Stored: Sendable where Wrapped: Sendable {}

extension Stored: ExpressibleByNilLiteral where Wrapped: ExpressibleByNilLiteral {
    /// `nil`: `@Stored var publishDate: NSDate? = nil`.
    public init(nilLiteral: ()) {
        self.init(wrappedValue: nil)
    }
}

// MARK: - Columns

/// What a record's coders need of a ``Stored`` property, whatever its `Wrapped` type.
protocol StoredColumn {
    /// The column type: `INTEGER`, `REAL` when `real`, a date's type for dates.
    static func declaredType(real: Bool, dateStrategy: DateStrategy) -> String
    /// Whether the column is nullable (`Wrapped` is optional).
    static var isOptional: Bool { get }
    /// Zero, the 1970 epoch, or nil: the value schema probes make up.
    static var placeholder: Self { get throws }
    /// The column value.
    func columnValue(real: Bool, dateStrategy: DateStrategy) throws(DecodingFailure) -> SQLValue
    /// The property read from a column value.
    static func make(_ value: SQLValue, real: Bool, dateStrategy: DateStrategy) throws(DecodingFailure) -> Self
}

extension DecodingFailure {
    static let unsupportedStored = DecodingFailure.corrupted(
        "@Stored holds an NSNumber, an NSDate, or an optional of one (not a subclass)")

    /// A sentence for messages.
    var reason: String {
        switch self {
        case .null: "NULL for a property that is not optional"
        case .mismatch(let found): "\(found) cannot be read as a number or a date"
        case .outOfRange(let reason), .corrupted(let reason): reason
        }
    }
}

extension Stored: StoredColumn {
    enum Kind { case number, date }

    /// Whether `Wrapped` is a number or a date (nil for any other type).
    static var kind: Kind? {
        if Wrapped.self == NSNumber.self || Wrapped.self == NSNumber?.self { return .number }
        if Wrapped.self == NSDate.self || Wrapped.self == NSDate?.self { return .date }
        return nil
    }

    static var isOptional: Bool { Wrapped.self is any ExpressibleByNilLiteral.Type }

    static func declaredType(real: Bool, dateStrategy: DateStrategy) -> String {
        switch kind {
        case .date: dateStrategy.declaredDatatype
        case .number: real ? "REAL" : "INTEGER"
        case nil: "TEXT"
        }
    }

    static var placeholder: Stored {
        get throws {
            try make(isOptional ? .null : .integer(0), real: false, dateStrategy: .unixSeconds)
        }
    }

    func columnValue(real: Bool, dateStrategy: DateStrategy) throws(DecodingFailure) -> SQLValue {
        let any = wrappedValue as Any
        if let number = any as? NSNumber {
            if real { return .real(number.doubleValue) }
            if number.holdsFloatingPoint {
                guard let integer = Int64(exactly: number.doubleValue) else {
                    throw .outOfRange(
                        "\(number) has a fraction; list the property in doubleProperties to store it as REAL")
                }
                return .integer(integer)
            }
            if number.holdsUnsigned64, number.uint64Value > UInt64(Int64.max) {
                throw .outOfRange("\(number) does not fit SQLite's 64-bit signed INTEGER")
            }
            return .integer(number.int64Value)
        }
        if let date = any as? NSDate {
            return ValueEncoding.encode(
                Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate), dateStrategy)
        }
        guard Self.kind != nil else { throw .unsupportedStored }
        return .null
    }

    static func make(_ value: SQLValue, real: Bool, dateStrategy: DateStrategy) throws(DecodingFailure) -> Stored {
        guard let kind else { throw .unsupportedStored }
        let object: Any?
        switch (kind, value) {
        case (_, .null): object = nil
        case (.number, _):
            object =
                real
                ? NSNumber(value: try Conversions.double(value))
                : NSNumber(value: try Conversions.integer(value, as: Int64.self))
        case (.date, _):
            let date = try Conversions.date(value, dateStrategy)
            object = NSDate(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate)
        }
        if let object, let wrapped = object as? Wrapped { return Stored(wrappedValue: wrapped) }
        // nil, as `Wrapped` when it is optional.
        if object == nil, let none = (nil as NSNumber?) as? Wrapped { return Stored(wrappedValue: none) }
        throw .null
    }
}

extension SQLValue {
    /// Whether the value is a ``SQLValue/real(_:)``.
    fileprivate var isReal: Bool {
        if case .real = self { return true }
        return false
    }
}
