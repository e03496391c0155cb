import Foundation

/// Where a nested value is being encoded, for strategies and error messages.
struct ValueEncodingContext {
    let options: CodingOptions
    let userInfo: [CodingUserInfoKey: Any]
    let column: String
    let rowType: String
    let codingPath: [any CodingKey]
}

/// Turns a property value that is not a Swift primitive into a column value: dates by the
/// date strategy, `Data` as a blob, `UUID`/`URL`/`Decimal` as text, core-tier `Value` types
/// by their datatype, single-value types (such as `RawRepresentable` enums) by their single
/// value, and everything else (structs, arrays, dictionaries) as JSON text.
enum ValueEncoding {
    static func encode<T: Encodable>(_ value: T, _ context: ValueEncodingContext) throws -> SQLValue {
        switch value {
        case let date as Date: return encode(date, context.options.dateStrategy)
        case let data as Data: return .blob(Blob(bytes: [UInt8](data)))
        case let uuid as UUID: return .text(uuid.uuidString)
        case let url as URL: return .text(url.absoluteString)
        case let decimal as Decimal: return .text(decimal.description)
        case let blob as Blob: return .blob(blob)
        case let stored as any StoredColumn:
            do {
                return try stored.columnValue(
                    real: context.options.isDouble(context.codingPath), dateStrategy: context.options.dateStrategy)
            } catch {
                throw CodingErrors.invalidValue(
                    value, column: context.column, rowType: context.rowType, codingPath: context.codingPath,
                    error.reason)
            }
        case let stored as any Value:
            if let column = try? SQLValue(stored.datatypeValue) { return column }
        default: break
        }
        let capture = SingleValueCaptureEncoder(context: context)
        do {
            try value.encode(to: capture)
            if let captured = capture.captured { return captured }
        } catch is NeedsJSON {
            // A keyed or unkeyed value: stored as JSON below.
        }
        return try json(value, context)
    }

    static func encode(_ date: Date, _ strategy: DateStrategy) -> SQLValue {
        switch strategy {
        case .iso8601Text:
            // The core format rounds to the nearest millisecond, as this tier's other date
            // strategies do.
            .text(date.datatypeValue)
        case .unixSeconds: .real(date.timeIntervalSince1970)
        case .unixMilliseconds: .integer(Int64((date.timeIntervalSince1970 * 1000).rounded()))
        }
    }

    static func json<T: Encodable>(_ value: T, _ context: ValueEncodingContext) throws -> SQLValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // `Any` and `any Sendable` share one representation (Sendable is a marker): hand the
        // caller's user info on to the JSON coder, which is used on this thread only.
        encoder.userInfo = unsafeBitCast(context.userInfo, to: [CodingUserInfoKey: any Sendable].self)
        do {
            return .text(String(decoding: try encoder.encode(value), as: UTF8.self))
        } catch {
            throw CodingErrors.invalidValue(
                value, column: context.column, rowType: context.rowType, codingPath: context.codingPath,
                "\(T.self) cannot be stored as JSON: \(error)")
        }
    }
}

/// Thrown by the capture encoder and decoder when a value asks for a keyed or unkeyed
/// container: it is stored as JSON instead.
struct NeedsJSON: Error {}

/// An encoder that captures a value written through a single-value container (what enums
/// with raw values and wrapper types do); any other container throws ``NeedsJSON``.
final class SingleValueCaptureEncoder: Encoder, SingleValueEncodingContainer {
    let context: ValueEncodingContext
    var captured: SQLValue?

    init(context: ValueEncodingContext) {
        self.context = context
    }

    var codingPath: [any CodingKey] { context.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FailingKeyedEncodingContainer<Key>(error: NeedsJSON()))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncodingContainer(error: NeedsJSON())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    func encodeNil() throws { captured = .null }
    func encode(_ value: Bool) throws { captured = .integer(value ? 1 : 0) }
    func encode(_ value: String) throws { captured = .text(value) }
    func encode(_ value: Double) throws { captured = .real(value) }
    func encode(_ value: Float) throws { captured = .real(Double(value)) }

    /// Every integer type (the witness of each per-type `encode`): `UInt` and `UInt64` values
    /// past `Int64.max` throw.
    func encode<T: FixedWidthInteger & Encodable>(_ value: T) throws {
        guard let exact = Int64(exactly: value) else {
            throw CodingErrors.invalidValue(
                value, column: context.column, rowType: context.rowType, codingPath: context.codingPath,
                "\(T.self) \(value) does not fit SQLite's 64-bit signed INTEGER")
        }
        captured = .integer(exact)
    }

    func encode<T: Encodable>(_ value: T) throws {
        captured = try ValueEncoding.encode(value, context)
    }
}
