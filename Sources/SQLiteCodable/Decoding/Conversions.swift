import Foundation

/// Why a stored value cannot be read as the requested type; turned into a `DecodingError`
/// naming the column and the row type by ``decodingError(_:column:rowType:codingPath:)``.
enum ConversionFailure: Error {
    case null
    case mismatch(found: String)
    case outOfRange(String)
    case corrupted(String)

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

/// Conversions from stored values to Swift values. Integers are range-checked (never wrapped),
/// reals read integers, text that is wholly a number reads as SQLite reads it (Core's
/// `NumericText`: `'1e3'` is the integer 1 and the real 1000), other text throws, and nothing
/// reads NULL.
enum Conversions {
    static func integer<I: FixedWidthInteger>(_ value: SQLValue, as type: I.Type) throws(ConversionFailure) -> I {
        switch value {
        case .integer(let integer):
            guard let exact = I(exactly: integer) else { throw .outOfRange("integer \(integer)") }
            return exact
        case .real(let real):
            guard let exact = I(exactly: real) else { throw .outOfRange("real \(real)") }
            return exact
        case .text(let text):
            guard let integer = NumericText.integer(text) else { throw notANumber(text) }
            guard let exact = I(exactly: integer) else { throw .outOfRange("integer \(integer)") }
            return exact
        case .null: throw .null
        case .blob: throw .mismatch(found: value.storageDescription)
        }
    }

    static func bool(_ value: SQLValue) throws(ConversionFailure) -> Bool {
        switch value {
        case .integer(let integer): return integer != 0
        case .real(let real): return real != 0
        case .text(let text):
            // SQLite's truth of a text: its real, as `WHERE '0.5'` holds.
            guard let real = NumericText.real(text) else { throw notANumber(text) }
            return real != 0
        case .null: throw .null
        case .blob: throw .mismatch(found: value.storageDescription)
        }
    }

    static func double(_ value: SQLValue) throws(ConversionFailure) -> Double {
        switch value {
        case .integer(let integer): return Double(integer)
        case .real(let real): return real
        case .text(let text):
            guard let real = NumericText.real(text) else { throw notANumber(text) }
            return real
        case .null: throw .null
        case .blob: throw .mismatch(found: value.storageDescription)
        }
    }

    static func float(_ value: SQLValue) throws(ConversionFailure) -> Float {
        let real = try double(value)
        let narrowed = Float(real)
        if narrowed.isInfinite && real.isFinite { throw .outOfRange("real \(real)") }
        return narrowed
    }

    static func string(_ value: SQLValue) throws(ConversionFailure) -> String {
        switch value {
        case .text(let text): return text
        case .integer(let integer): return String(integer)
        case .real(let real): return String(real)
        case .null: throw .null
        case .blob: throw .mismatch(found: value.storageDescription)
        }
    }

    static func bytes(_ value: SQLValue) throws(ConversionFailure) -> [UInt8] {
        switch value {
        case .blob(let blob): return blob.bytes
        case .text(let text): return Array(text.utf8)
        case .null: throw .null
        default: throw .mismatch(found: value.storageDescription)
        }
    }

    static func date(_ value: SQLValue, _ strategy: DateStrategy) throws(ConversionFailure) -> Date {
        switch value {
        case .text(let text):
            do {
                return try Date.checkedDate(text)
            } catch {
                throw .corrupted("'\(text)' is not a date (expected yyyy-MM-ddTHH:mm:ss.SSS)")
            }
        case .integer(let integer):
            if strategy == .unixMilliseconds { return Date(timeIntervalSince1970: Double(integer) / 1000) }
            return Date(timeIntervalSince1970: Double(integer))
        case .real(let real):
            if strategy == .unixMilliseconds { return Date(timeIntervalSince1970: real / 1000) }
            return Date(timeIntervalSince1970: real)
        case .null: throw .null
        case .blob: throw .mismatch(found: value.storageDescription)
        }
    }

    static func uuid(_ value: SQLValue) throws(ConversionFailure) -> UUID {
        switch value {
        case .text(let text):
            guard let uuid = UUID(uuidString: text) else { throw .corrupted("'\(text)' is not a UUID") }
            return uuid
        case .blob(let blob):
            let bytes = blob.bytes
            guard bytes.count == 16 else { throw .corrupted("a \(bytes.count)-byte blob is not a UUID") }
            let uuid: uuid_t = (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
            return UUID(uuid: uuid)
        case .null: throw .null
        default: throw .mismatch(found: value.storageDescription)
        }
    }

    static func decimal(_ value: SQLValue) throws(ConversionFailure) -> Decimal {
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
        case .blob: throw .mismatch(found: value.storageDescription)
        }
    }

    /// A core-tier ``Value`` type read through its datatype.
    static func stored<V: Value>(_ type: V.Type, _ value: SQLValue) throws -> V.ValueType {
        let read: Any
        if V.Datatype.self == Int64.self {
            read = try integer(value, as: Int64.self)
        } else if V.Datatype.self == Double.self {
            read = try double(value)
        } else if V.Datatype.self == String.self {
            read = try string(value)
        } else if V.Datatype.self == Blob.self {
            read = Blob(bytes: try bytes(value))
        } else if V.Datatype.self == Bool.self {
            read = try bool(value)
        } else {
            read = V.Datatype.self == SQLValue.self ? value : value.binding as Any
        }
        guard let datatype = read as? V.Datatype else { throw mismatch(value) }
        do {
            return try V.checkedFromDatatypeValue(datatype)
        } catch let failure as ConversionFailure {
            throw failure
        } catch {
            throw ConversionFailure.corrupted("\(error)")
        }
    }

    /// The failure of text that is not wholly a number, read as one.
    private static func notANumber(_ text: String) -> ConversionFailure {
        .mismatch(found: NumericText.describeNonNumber(text))
    }

    private static func mismatch(_ value: SQLValue) -> ConversionFailure {
        .mismatch(found: value.storageDescription)
    }
}
