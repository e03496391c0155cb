import Foundation

/// Why a stored value cannot be decoded as the requested type: Core's ``ConversionFailure``, or
/// NULL for a value that is not optional. Turned into a `DecodingError` naming the column and
/// the row type by ``decodingError(_:column:rowType:codingPath:)``.
enum DecodingFailure: Error {
    case null
    case mismatch(found: String)
    case outOfRange(String)
    case corrupted(String)

    /// Core's failure: `mismatch` stays a type mismatch, `outOfRange` and `invalid` are corrupted
    /// data.
    init(_ failure: ConversionFailure) {
        switch failure {
        case .mismatch(let found): self = .mismatch(found: found)
        case .outOfRange(let value): self = .outOfRange(value)
        case .invalid(let reason): self = .corrupted(reason)
        }
    }

    func decodingError(_ type: Any.Type, column: String, rowType: String, codingPath: [any CodingKey])
        -> DecodingError
    {
        switch self {
        case .null:
            CodingErrors.valueNotFound(type, column: column, rowType: rowType, codingPath: codingPath)
        case .mismatch(let found):
            CodingErrors.typeMismatch(type, column: column, rowType: rowType, codingPath: codingPath, found: found)
        case .outOfRange(let value):
            CodingErrors.outOfRange(type, column: column, rowType: rowType, codingPath: codingPath, value: value)
        case .corrupted(let reason):
            CodingErrors.corrupted(column: column, rowType: rowType, codingPath: codingPath, reason)
        }
    }
}

/// Conversions from stored values to Swift values: Core's conversion table (`ValueConversion`),
/// with NULL a failure (the decoders ask for optionals through `decodeNil` first), plus what the
/// table does not know: the date strategy for numbers, `Decimal`.
enum Conversions {
    static func integer<I: FixedWidthInteger>(_ value: SQLValue, as type: I.Type) throws(DecodingFailure) -> I {
        try table { () throws(ConversionFailure) in try ValueConversion.integer(value, as: I.self) }
    }

    static func bool(_ value: SQLValue) throws(DecodingFailure) -> Bool {
        try table { () throws(ConversionFailure) in try ValueConversion.bool(value) }
    }

    static func double(_ value: SQLValue) throws(DecodingFailure) -> Double {
        try table { () throws(ConversionFailure) in try ValueConversion.double(value) }
    }

    static func float(_ value: SQLValue) throws(DecodingFailure) -> Float {
        try table { () throws(ConversionFailure) in try ValueConversion.float(value) }
    }

    static func string(_ value: SQLValue) throws(DecodingFailure) -> String {
        try table { () throws(ConversionFailure) in try ValueConversion.string(value) }
    }

    static func data(_ value: SQLValue) throws(DecodingFailure) -> Data {
        try table { () throws(ConversionFailure) in try ValueConversion.data(value) }
    }

    static func blob(_ value: SQLValue) throws(DecodingFailure) -> Blob {
        try table { () throws(ConversionFailure) in try ValueConversion.blob(value) }
    }

    static func uuid(_ value: SQLValue) throws(DecodingFailure) -> UUID {
        try table { () throws(ConversionFailure) in try ValueConversion.uuid(value) }
    }

    static func url(_ value: SQLValue) throws(DecodingFailure) -> URL {
        try table { () throws(ConversionFailure) in try ValueConversion.url(value) }
    }

    /// A date: a number by the date strategy (seconds, or milliseconds for `unixMilliseconds`),
    /// anything else by the table (its text).
    static func date(_ value: SQLValue, _ strategy: DateStrategy) throws(DecodingFailure) -> Date {
        let scale: Double = strategy == .unixMilliseconds ? 1000 : 1
        switch value {
        case .integer(let integer): return Date(timeIntervalSince1970: Double(integer) / scale)
        case .real(let real): return Date(timeIntervalSince1970: real / scale)
        default: return try table { () throws(ConversionFailure) in try ValueConversion.date(value) }
        }
    }

    static func decimal(_ value: SQLValue) throws(DecodingFailure) -> Decimal {
        switch value {
        case .text(let text):
            // Decimal(string:) would read the number that starts '12abc': the text must be wholly
            // a number first.
            guard NumericText.isNumber(text),
                let decimal = Decimal(
                    string: text.trimmingCharacters(in: .whitespacesAndNewlines),
                    locale: Locale(identifier: "en_US_POSIX"))
            else {
                throw .corrupted("'\(text)' is not a decimal number")
            }
            return decimal
        case .integer(let integer): return Decimal(integer)
        case .real(let real): return Decimal(real)
        case .null: throw .null
        case .blob: throw .mismatch(found: ValueConversion.describe(value))
        }
    }

    /// A core-tier ``Value`` type, by the table; a `fromDatatypeValue`'s own error is corrupted
    /// data.
    static func stored<V: Value>(_ type: V.Type, _ value: SQLValue) throws -> V.ValueType {
        let read: V.ValueType?
        do {
            read = try ValueConversion.convert(value, toValue: V.self)
        } catch let failure as ConversionFailure {
            throw DecodingFailure(failure)
        } catch {
            throw DecodingFailure.corrupted("\(error)")
        }
        guard let read else { throw DecodingFailure.null }
        return read
    }

    /// The table's answer, NULL (nil) a failure.
    private static func table<T>(_ read: () throws(ConversionFailure) -> T?) throws(DecodingFailure) -> T {
        let value: T?
        do {
            value = try read()
        } catch {
            throw DecodingFailure(error)
        }
        guard let value else { throw .null }
        return value
    }
}
