#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one table of conversions from a stored SQLite value to the Swift type asked for, used by
/// every checked read of every tier: ``Cursor/get(_:at:)``, the typed tier's `row.get`, the
/// Codable tier's decoders, function arguments. Documented as a table in `Documentation/Core.md`
/// ("Reading values: the conversion table").
///
/// The rule of the table: a value is read when the type holds it without loss, and is a
/// ``ConversionFailure`` otherwise, never a stand-in (0, "", a truncated number).
///
/// - NULL reads as nil for every type but ``SQLValue`` (which reads it as ``SQLValue/null``): the
///   caller decides (an optional is nil, a required value is its tier's error).
/// - An integer type reads an INTEGER that fits it (else `outOfRange`), a REAL that is a whole
///   number that fits (3.0 is 3: a `REAL` column stores 3 as 3.0, and no digit is lost; 3.5 and
///   NaN are a `mismatch`), and TEXT that is wholly a number as SQLite's `CAST(... AS INTEGER)`
///   reads it (``NumericText``: `'42'` is 42, `'1e3'` is 1); other text and a BLOB are a mismatch.
///   `Bool` is the integer rule, then non-zero.
/// - `Double` reads INTEGER (rounding beyond 2^53, as every SQLite comparison does), REAL, and
///   text that is wholly a number as `CAST(... AS REAL)` reads it. `Float` narrows it, and a
///   finite value beyond `Float`'s range is `outOfRange`.
/// - `String` reads TEXT, an INTEGER as its digits, a REAL as Swift's shortest text that reads
///   back as the same double (`0.1`, `1e+20`); a BLOB is a mismatch (its bytes need not be text).
/// - ``Blob`` and `Data` read a BLOB, and TEXT as its UTF-8 bytes; a number is a mismatch.
/// - `Date`, `UUID` and `URL` read their text form (a `UUID` also a 16-byte BLOB); text that does
///   not parse is `invalid`.
/// - ``SQLValue`` reads any value as it is stored, NULL included.
///
/// Two forms of each read, with the same results: from a live value (`sqlite3_value*`, what
/// `sqlite3_column_value` gives for a column of the current row, or a function's argument), and
/// from a copied ``SQLValue``. A live read costs one `sqlite3_column_value`, one
/// `sqlite3_value_type` and one read when the stored type is the one asked for. Numbers and UTF-8
/// text are read as they are stored; SQLite converts text held in another encoding and expands a
/// `zeroblob(n)` result with the connection's allocator: read BLOBs and such text with the
/// connection's lock held.
@usableFromInline
package enum ValueConversion {}

/// Why a stored value cannot be read as the type asked for, for the tiers to turn into their own
/// error (`Result`, `ColumnTypeMismatch`, `DecodingError`) naming the column.
@usableFromInline
package enum ConversionFailure: Error, Equatable, Sendable {
    /// The stored value is of a kind the type cannot hold; `found` describes it: `a REAL 3.5`,
    /// `a BLOB`, `TEXT 'abc' (not a number)`.
    case mismatch(found: String)
    /// A number beyond the type's range: `integer 300`, `real 1e+300`.
    case outOfRange(String)
    /// Text that is not what the type parses: `'tomorrow' is not a date`.
    case invalid(String)

    /// `column 2 holds a REAL 3.5, which cannot be read as Int64`, for the column `column`
    /// (`"column 2"`, `"column 'email'"`).
    package func message(column: String, requested: Any.Type) -> String {
        switch self {
        case .mismatch(let found): "\(column) holds \(found), which cannot be read as \(requested)"
        case .outOfRange(let value): "\(column): \(value) does not fit \(requested)"
        case .invalid(let reason): "\(column): \(reason)"
        }
    }

    /// The failure as Core's error: `SQLITE_RANGE` for a number out of range, `SQLITE_MISMATCH`
    /// otherwise.
    package func result(column: String, requested: Any.Type) -> Result {
        let code: Int32
        if case .outOfRange = self { code = SQLITE_RANGE } else { code = SQLITE_MISMATCH }
        return Result.misuse(message(column: column, requested: requested), code: code)
    }
}

// MARK: - Copied values

extension ValueConversion {
    /// `value` as the integer type `I`, nil for NULL.
    package static func integer<I: FixedWidthInteger>(_ value: SQLValue, as type: I.Type) throws(ConversionFailure)
        -> I?
    {
        switch value {
        case .null: return nil
        case .integer(let integer): return try fitting(integer, I.self)
        case .real(let real): return try integer(real, as: I.self)
        case .text(let text):
            guard let integer = NumericText.integer(text) else {
                throw .mismatch(found: NumericText.describeNonNumber(text))
            }
            return try fitting(integer, I.self)
        case .blob: throw .mismatch(found: "a BLOB")
        }
    }

    /// `value` as a Boolean: the `Int64` rule, then non-zero.
    package static func bool(_ value: SQLValue) throws(ConversionFailure) -> Bool? {
        try integer(value, as: Int64.self).map { $0 != 0 }
    }

    /// `value` as a double, nil for NULL.
    package static func double(_ value: SQLValue) throws(ConversionFailure) -> Double? {
        switch value {
        case .null: return nil
        case .integer(let integer): return Double(integer)
        case .real(let real): return real
        case .text(let text):
            guard let real = NumericText.real(text) else { throw .mismatch(found: NumericText.describeNonNumber(text)) }
            return real
        case .blob: throw .mismatch(found: "a BLOB")
        }
    }

    /// `value` as a `Float`, nil for NULL.
    package static func float(_ value: SQLValue) throws(ConversionFailure) -> Float? {
        try double(value).map { (real: Double) throws(ConversionFailure) -> Float in try narrowed(real) }
    }

    /// `value` as text, nil for NULL.
    package static func string(_ value: SQLValue) throws(ConversionFailure) -> String? {
        switch value {
        case .null: return nil
        case .integer(let integer): return String(integer)
        case .real(let real): return "\(real)"
        case .text(let text): return text
        case .blob: throw .mismatch(found: "a BLOB")
        }
    }

    /// `value`'s bytes as a ``Blob``, nil for NULL.
    package static func blob(_ value: SQLValue) throws(ConversionFailure) -> Blob? {
        switch value {
        case .null: return nil
        case .blob(let blob): return blob
        case .text(let text): return Blob(bytes: Array(text.utf8))
        case .integer, .real: throw .mismatch(found: describe(value))
        }
    }

    /// `value`'s bytes as `Data`, nil for NULL.
    package static func data(_ value: SQLValue) throws(ConversionFailure) -> Data? {
        switch value {
        case .null: return nil
        case .blob(let blob): return Data(blob.bytes)
        case .text(let text): return Data(text.utf8)
        case .integer, .real: throw .mismatch(found: describe(value))
        }
    }

    /// `value` as a date: its text, `yyyy-MM-ddTHH:mm:ss.SSS` and the forms `Date` reads.
    package static func date(_ value: SQLValue) throws(ConversionFailure) -> Date? {
        guard let text = try text(value, for: Date.self) else { return nil }
        guard let date = ISO8601Text.parse(text) else {
            throw .invalid("'\(text)' is not a date (expected yyyy-MM-ddTHH:mm:ss.SSS)")
        }
        return date
    }

    /// `value` as a UUID: its canonical text, or a 16-byte BLOB.
    package static func uuid(_ value: SQLValue) throws(ConversionFailure) -> UUID? {
        if case .blob(let blob) = value { return try uuid(bytes: blob.bytes) }
        guard let text = try text(value, for: UUID.self) else { return nil }
        guard let uuid = UUID(uuidString: text) else { throw .invalid("'\(text)' is not a UUID") }
        return uuid
    }

    /// `value` as a URL: its text.
    package static func url(_ value: SQLValue) throws(ConversionFailure) -> URL? {
        guard let text = try text(value, for: URL.self) else { return nil }
        guard let url = URL(string: text) else { throw .invalid("'\(text)' is not a URL") }
        return url
    }

    /// `value` as the ``Binding`` type `D` by the table, nil for NULL.
    package static func convert<D: Binding>(_ value: SQLValue, to type: D.Type) throws(ConversionFailure) -> D? {
        if D.self == SQLValue.self { return cast(value, D.self) }
        if D.self == Int64.self { return try integer(value, as: Int64.self).map { cast($0, D.self) } }
        if D.self == Double.self { return try double(value).map { cast($0, D.self) } }
        if D.self == String.self { return try string(value).map { cast($0, D.self) } }
        if D.self == Int.self { return try integer(value, as: Int.self).map { cast($0, D.self) } }
        if D.self == Bool.self { return try bool(value).map { cast($0, D.self) } }
        if D.self == Blob.self { return try blob(value).map { cast($0, D.self) } }
        if D.self == Data.self { return try data(value).map { cast($0, D.self) } }
        return try convertOther(value, to: D.self)
    }

    /// ``convert(_:to:)`` for the unsigned and narrow integers, and a `Binding` of the
    /// caller's own (read when the value is stored as one).
    private static func convertOther<D: Binding>(_ value: SQLValue, to type: D.Type) throws(ConversionFailure) -> D? {
        if let integerType = D.self as? any (FixedWidthInteger & Binding).Type {
            return try integer(value, asOpened: integerType) as? D
        }
        if value.isNull { return nil }
        guard let same = value.binding as? D else { throw .mismatch(found: describe(value)) }
        return same
    }

    private static func integer<I: FixedWidthInteger & Binding>(_ value: SQLValue, asOpened type: I.Type)
        throws(ConversionFailure) -> I?
    {
        try integer(value, as: I.self)
    }

    /// `value` as the ``Value`` type `V` by the table: the built-in types by their own rows
    /// (`Data`, `Date`, `UUID`, `URL`, `Float`), any other through its `Datatype` and
    /// `fromDatatypeValue`, whose own error is rethrown as it is. Nil for NULL.
    @usableFromInline
    package static func convert<V: Value>(_ value: SQLValue, toValue type: V.Type) throws -> V.ValueType? {
        if let special = try special(value, V.self) { return special }
        guard let datatype = try convert(value, to: V.Datatype.self) else { return nil }
        return try V.fromDatatypeValue(datatype)
    }

    /// The rows of the built-in `Value` types that are not their own `Datatype`; nil for any
    /// other type (and for NULL).
    @usableFromInline
    static func special<V: Value>(_ value: SQLValue, _ type: V.Type) throws(ConversionFailure) -> V.ValueType? {
        if V.self == Data.self { return try data(value) as? V.ValueType }
        if V.self == Date.self { return try date(value) as? V.ValueType }
        if V.self == UUID.self { return try uuid(value) as? V.ValueType }
        if V.self == URL.self { return try url(value) as? V.ValueType }
        if V.self == Float.self { return try float(value) as? V.ValueType }
        return nil
    }

    /// How errors describe a stored value: `an INTEGER`, `a REAL 3.5`, `TEXT`, `a BLOB`, `NULL`.
    package static func describe(_ value: SQLValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): "an INTEGER \(integer)"
        case .real(let real): "a REAL \(real)"
        case .text: "TEXT"
        case .blob: "a BLOB"
        }
    }
}

// MARK: - Live values

// Measured: RowReader's getters out of line cost 6.2 % on fetch-positional typed and 3.5 % on
// fetch-record (callgrind); they read text and stored values through `text(of:)` and `stored(_:)`
// here, so these are inlinable with them, and a read of a concrete type specializes to one switch
// and one C call.
extension ValueConversion {
    /// Column `column` of `statement`'s current row as `D`, by the table; nil for NULL.
    @inlinable
    package static func read<D: Binding>(_ type: D.Type, from statement: OpaquePointer, at column: Int32)
        throws(ConversionFailure) -> D?
    {
        try read(D.self, value: sqlite3_column_value(statement, column))
    }

    /// The SQLite value `value` (a column's, or a function's argument) as `D`, by the table; nil
    /// for NULL. The common case, a value stored as the type asked for, is one switch and one
    /// C call after its type.
    @inlinable
    package static func read<D: Binding>(_ type: D.Type, value: OpaquePointer?) throws(ConversionFailure) -> D? {
        if D.self == SQLValue.self { return cast(stored(value), D.self) }
        let storage = sqlite3_value_type(value)
        if D.self == Int64.self, storage == SQLITE_INTEGER { return cast(sqlite3_value_int64(value), D.self) }
        if D.self == Int.self, storage == SQLITE_INTEGER, let integer = Int(exactly: sqlite3_value_int64(value)) {
            return cast(integer, D.self)
        }
        if D.self == Double.self, storage == SQLITE_FLOAT || storage == SQLITE_INTEGER {
            return cast(sqlite3_value_double(value), D.self)
        }
        if D.self == String.self, storage == SQLITE_TEXT { return cast(text(of: value), D.self) }
        if D.self == Bool.self, storage == SQLITE_INTEGER { return cast(sqlite3_value_int64(value) != 0, D.self) }
        if D.self == Data.self, storage == SQLITE_BLOB { return cast(bytes(of: value), D.self) }
        if D.self == Blob.self, storage == SQLITE_BLOB { return cast(blob(of: value), D.self) }
        if storage == SQLITE_NULL { return nil }
        return try readConverting(D.self, value: value, storage: storage)
    }

    /// ``read(_:value:)`` past its common case: TEXT read as a number goes to SQLite's own
    /// conversion (as `CAST` does) when it is wholly a number; everything else reads as the
    /// copied value would.
    @usableFromInline
    static func readConverting<D: Binding>(_ type: D.Type, value: OpaquePointer?, storage: Int32)
        throws(ConversionFailure) -> D?
    {
        if storage == SQLITE_TEXT, readsNumber(D.self) {
            guard RowReader.holdsNumber(value) else {
                throw .mismatch(found: NumericText.describeNonNumber(text(of: value)))
            }
            if D.self == Double.self { return cast(sqlite3_value_double(value), D.self) }
            return try convert(.integer(sqlite3_value_int64(value)), to: D.self)
        }
        return try convert(stored(value), to: D.self)
    }

    /// Column `column` of `statement`'s current row as the ``Value`` type `V`, by the table; nil
    /// for NULL. `Data` is read straight from the BLOB's bytes.
    @inlinable
    package static func read<V: Value>(value type: V.Type, from statement: OpaquePointer, at column: Int32) throws
        -> V.ValueType?
    {
        let value = sqlite3_column_value(statement, column)
        if V.self == Data.self { return try read(Data.self, value: value).map { cast($0, V.ValueType.self) } }
        if V.self == Date.self || V.self == UUID.self || V.self == URL.self || V.self == Float.self {
            return try special(stored(value), V.self)
        }
        guard let datatype = try read(V.Datatype.self, value: value) else { return nil }
        return try V.fromDatatypeValue(datatype)
    }

    /// The SQLite value `value` as it is stored, with no conversion.
    @inlinable
    package static func stored(_ value: OpaquePointer?) -> SQLValue {
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: .real(sqlite3_value_double(value))
        case SQLITE_TEXT: .text(text(of: value))
        case SQLITE_BLOB: .blob(blob(of: value))
        default: .null
        }
    }

    /// The text of a TEXT value by byte length (embedded NUL characters survive): read in place
    /// when held as UTF-8, else converted by SQLite (which allocates).
    @inlinable
    package static func text(of value: OpaquePointer?) -> String {
        if let text = RowReader.utf8Text(of: value) { return text }
        guard let text = sqlite3_value_text(value) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: text, count: Int(sqlite3_value_bytes(value))), as: UTF8.self)
    }

    /// The bytes of a BLOB value, copied once into `Data` (an empty BLOB, whose pointer is NULL,
    /// is empty `Data`).
    @inlinable
    package static func bytes(of value: OpaquePointer?) -> Data {
        guard let start = sqlite3_value_blob(value) else { return Data() }
        return Data(bytes: start, count: Int(sqlite3_value_bytes(value)))
    }

    /// The bytes of a BLOB value, copied once into a ``Blob``.
    @inlinable
    package static func blob(of value: OpaquePointer?) -> Blob {
        guard let start = sqlite3_value_blob(value) else { return Blob(bytes: []) }
        return Blob(bytes: start, length: Int(sqlite3_value_bytes(value)))
    }

    /// Whether `D` is read from numbers (the integers, `Bool`, `Double`).
    private static func readsNumber<D: Binding>(_ type: D.Type) -> Bool {
        D.self == Int64.self || D.self == Int.self || D.self == Double.self || D.self == Bool.self
            || D.self is any FixedWidthInteger.Type
    }
}

// MARK: - Helpers

extension ValueConversion {
    /// `value` as `U`, which the caller has checked is its own type: free once specialized.
    @inlinable
    package static func cast<T, U>(_ value: T, _ type: U.Type) -> U {
        unsafeBitCast(value, to: U.self)
    }

    /// `integer` as `I`, or `outOfRange`.
    static func fitting<I: FixedWidthInteger>(_ integer: Int64, _ type: I.Type) throws(ConversionFailure) -> I {
        guard let exact = I(exactly: integer) else { throw .outOfRange("integer \(integer)") }
        return exact
    }

    /// A REAL as `I`: a whole number that fits, `outOfRange` for a whole number that does not,
    /// `mismatch` for a fraction, NaN or an infinity.
    static func integer<I: FixedWidthInteger>(_ real: Double, as type: I.Type) throws(ConversionFailure) -> I {
        guard real.isFinite, real.rounded(.towardZero) == real else { throw .mismatch(found: "a REAL \(real)") }
        guard let exact = I(exactly: real) else { throw .outOfRange("real \(real)") }
        return exact
    }

    /// `real` as a `Float`, `outOfRange` when a finite double is beyond `Float`'s range.
    static func narrowed(_ real: Double) throws(ConversionFailure) -> Float {
        let narrowed = Float(real)
        if narrowed.isInfinite && real.isFinite { throw .outOfRange("real \(real)") }
        return narrowed
    }

    /// The text of `value` for a type read from text (`Date`, `UUID`, `URL`), nil for NULL.
    private static func text(_ value: SQLValue, for type: Any.Type) throws(ConversionFailure) -> String? {
        switch value {
        case .null: return nil
        case .text(let text): return text
        default: throw .mismatch(found: describe(value))
        }
    }

    /// A UUID from its 16 bytes.
    private static func uuid(bytes: [UInt8]) throws(ConversionFailure) -> UUID {
        guard bytes.count == 16 else { throw .invalid("a \(bytes.count)-byte BLOB is not a UUID") }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
