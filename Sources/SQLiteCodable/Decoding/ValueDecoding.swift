import Foundation

/// Where a value is being decoded, for strategies and error messages.
struct ValueDecodingContext {
    let options: CodingOptions
    let userInfo: [CodingUserInfoKey: Any]
    let rowType: String
    let codingPath: [any CodingKey]
    /// The column's name, or the key and lookup to find it (only needed for errors).
    let columnName: String?
    let lookup: KeyLookup?

    /// The column being decoded, for error messages.
    var column: String {
        if let columnName { return columnName }
        guard let key = codingPath.last?.stringValue, let lookup else { return "" }
        return lookup.columnName(for: key)
    }
}

/// Reads a property value that is not a Swift primitive: the counterpart of ``ValueEncoding``.
enum ValueDecoding {
    /// Column `index` of `handle`'s row as a `T` (the row is checked by the caller, and by the
    /// ``SingleValueDecoder`` handed to `T(from:)`).
    static func decode<T: Decodable>(
        _ type: T.Type, handle: RowHandle, index: Int, _ context: ValueDecodingContext
    ) throws -> T {
        let value = handle.decoder.reader.value(at: index)
        if value == .null, !(T.self is any ExpressibleByNilLiteral.Type) {
            throw CodingErrors.valueNotFound(
                T.self, column: context.column, rowType: context.rowType, codingPath: context.codingPath)
        }
        do {
            if let special = try special(type, value, context) { return special }
        } catch let failure as ConversionFailure {
            throw failure.decodingError(
                T.self, column: context.column, rowType: context.rowType, codingPath: context.codingPath)
        }
        do {
            return try T(from: SingleValueDecoder(handle: handle, index: index, context: context))
        } catch is NeedsJSON {
            return try json(type, value, context)
        }
    }

    /// Dates, `Data`, `UUID`, `URL`, `Decimal`, ``Stored`` numbers and dates, and core-tier
    /// `Value` types; nil for others.
    private static func special<T>(_ type: T.Type, _ value: SQLValue, _ context: ValueDecodingContext) throws -> T? {
        if T.self == Date.self { return try Conversions.date(value, context.options.dateStrategy) as? T }
        if T.self == Data.self { return Data(try Conversions.bytes(value)) as? T }
        if T.self == UUID.self { return try Conversions.uuid(value) as? T }
        if T.self == URL.self {
            let text = try Conversions.string(value)
            guard let url = URL(string: text) else { throw ConversionFailure.corrupted("'\(text)' is not a URL") }
            return url as? T
        }
        if T.self == Decimal.self { return try Conversions.decimal(value) as? T }
        if T.self == Blob.self { return Blob(bytes: try Conversions.bytes(value)) as? T }
        if let stored = T.self as? any StoredColumn.Type {
            return try stored.make(
                value, real: context.options.isDouble(context.codingPath), dateStrategy: context.options.dateStrategy)
                as? T
        }
        if let valueType = T.self as? any Value.Type {
            return try Conversions.stored(valueType, value) as? T
        }
        return nil
    }

    static func json<T: Decodable>(_ type: T.Type, _ value: SQLValue, _ context: ValueDecodingContext) throws -> T {
        let data: Data
        switch value {
        case .text(let text): data = Data(text.utf8)
        case .blob(let blob): data = Data(blob.bytes)
        default:
            throw ConversionFailure.mismatch(found: value.storageDescription)
                .decodingError(T.self, column: context.column, rowType: context.rowType, codingPath: context.codingPath)
        }
        let decoder = JSONDecoder()
        // `Any` and `any Sendable` share one representation (Sendable is a marker): hand the
        // caller's user info on to the JSON coder, which is used on this thread only.
        decoder.userInfo = unsafeBitCast(context.userInfo, to: [CodingUserInfoKey: any Sendable].self)
        do {
            return try decoder.decode(T.self, from: data)
        } catch {
            throw CodingErrors.corrupted(
                column: context.column, rowType: context.rowType, codingPath: context.codingPath,
                "the JSON text cannot be decoded as \(T.self): \(error)")
        }
    }
}

/// A decoder over one column, for values that decode from a single-value container (enums
/// with raw values, wrappers, optionals); a keyed or unkeyed container throws ``NeedsJSON``.
///
/// Like the row's other handles, it checks its ``RowHandle`` first: kept past its row, it
/// throws (and `decodeNil()` answers `false`, so that what follows throws).
final class SingleValueDecoder: Decoder, SingleValueDecodingContainer {
    let handle: RowHandle
    let index: Int
    let context: ValueDecodingContext

    init(handle: RowHandle, index: Int, context: ValueDecodingContext) {
        self.handle = handle
        self.index = index
        self.context = context
    }

    private var reader: ColumnReader { handle.decoder.reader }

    var codingPath: [any CodingKey] { context.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { isCurrent ? context.userInfo : [:] }

    /// Whether the column can be read: always for copied values, during its row for a live one.
    private var isCurrent: Bool { handle.isCurrent }

    /// Throws when the live row is over.
    private func checkRow() throws {
        if !isCurrent { throw CodingErrors.outlivedRow() }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try checkRow()
        throw NeedsJSON()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try checkRow()
        throw NeedsJSON()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try checkRow()
        return self
    }

    func decodeNil() -> Bool { isCurrent && reader.isNull(at: index) }

    private func convert<T>(_ type: T.Type, _ body: (SQLValue) throws(ConversionFailure) -> T) throws -> T {
        try checkRow()
        do {
            return try body(reader.value(at: index))
        } catch {
            throw error.decodingError(
                type, column: context.column, rowType: context.rowType, codingPath: context.codingPath)
        }
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        try convert(Bool.self) { value throws(ConversionFailure) in try Conversions.bool(value) }
    }

    func decode(_ type: String.Type) throws -> String {
        try convert(String.self) { value throws(ConversionFailure) in try Conversions.string(value) }
    }

    func decode(_ type: Double.Type) throws -> Double {
        try convert(Double.self) { value throws(ConversionFailure) in try Conversions.double(value) }
    }

    func decode(_ type: Float.Type) throws -> Float {
        try convert(Float.self) { value throws(ConversionFailure) in try Conversions.float(value) }
    }

    /// Every integer type (the witness of each per-type `decode`).
    func decode<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T {
        try convert(T.self) { value throws(ConversionFailure) in try Conversions.integer(value, as: T.self) }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try checkRow()
        return try ValueDecoding.decode(type, handle: handle, index: index, context)
    }
}
