#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One SQLite value, by its storage class: NULL, a 64-bit integer, a double, text or a blob.
///
/// ```swift
/// let rows: [[SQLValue]] = try db.selectAll(sql: "SELECT 1, 1.5, 'a', x'0A', NULL")
/// // [[.integer(1), .real(1.5), .text("a"), .blob(Blob(bytes: [10])), .null]]
/// try db.run("INSERT INTO t (x) VALUES (?)", SQLValue.integer(1))
/// let values: [SQLValue] = [42, 2.5, "text", nil, .blob(Data([0xDE, 0xAD]))]
/// ```
///
/// A value is a ``Binding``, so it can be passed wherever `Binding?` values are taken;
/// ``null`` binds SQL `NULL`. Its ``description`` is the SQL literal of the value (`'it''s'`,
/// `x'0a0b'`, `NULL`).
public enum SQLValue: Hashable, Sendable {
    /// SQL `NULL`.
    case null
    /// An `INTEGER`.
    case integer(Int64)
    /// A `REAL` (an IEEE double). SQLite stores NaN as `NULL`.
    case real(Double)
    /// `TEXT`.
    case text(String)
    /// A `BLOB`.
    case blob(Blob)

    /// A blob holding the bytes of `data`: `.blob(Data([0x0A, 0x0B]))`.
    public static func blob(_ data: Data) -> SQLValue {
        .blob(Blob(bytes: [UInt8](data)))
    }
}

// MARK: - Making values

extension SQLValue {
    /// An `INTEGER`.
    public init(_ value: Int64) { self = .integer(value) }

    /// An `INTEGER`.
    public init(_ value: Int) { self = .integer(Int64(value)) }

    /// An `INTEGER`: 1 for `true`, 0 for `false`, as SQLite and the typed tier store Booleans.
    public init(_ value: Bool) { self = .integer(value ? 1 : 0) }

    /// A `REAL`.
    public init(_ value: Double) { self = .real(value) }

    /// `TEXT`.
    public init(_ value: String) { self = .text(value) }

    /// A `BLOB`.
    public init(_ value: Blob) { self = .blob(value) }

    /// A `BLOB` holding the bytes of `data`.
    public init(_ data: Data) { self = .blob(data) }

    /// The value a ``Binding`` binds: `nil` is ``null``; `Int64`, `Int`, `Bool` and the other
    /// integers are ``integer(_:)``; `Double` is ``real(_:)``; `String` is ``text(_:)``;
    /// ``Blob`` and `Data` are ``blob(_:)-enum.case``.
    ///
    /// ```swift
    /// let name: String? = nil
    /// try SQLValue(name)          // .null
    /// try SQLValue(UInt64.max)    // throws SQLITE_RANGE
    /// ```
    ///
    /// - Throws: ``Result`` with `SQLITE_RANGE` for an unsigned integer above `Int64.max` (which
    ///   binding it would throw too), and with `SQLITE_MISMATCH` for a `Binding` of a type of
    ///   your own, which has no known storage class (conform such types to ``Value`` instead).
    public init(_ binding: Binding?) throws(Result) {
        guard let binding else {
            self = .null
            return
        }
        switch binding {
        case let value as SQLValue: self = value
        case let value as Int64: self = .integer(value)
        case let value as Int: self = .integer(Int64(value))
        case let value as Bool: self = .integer(value ? 1 : 0)
        case let value as Double: self = .real(value)
        case let value as String: self = .text(value)
        case let value as Blob: self = .blob(value)
        case let value as Data: self = .blob(value)
        case let value as UInt64: self = .integer(try Self.signed(value))
        case let value as UInt: self = .integer(try Self.signed(UInt64(value)))
        case let value as any NarrowInteger: self = .integer(value.datatypeValue)
        default:
            throw Result.misuse(
                "a value of type \(Swift.type(of: binding)) has no SQLite storage class: conform the type to Value instead",
                code: SQLITE_MISMATCH)
        }
    }

    /// The value `value` is stored as (its ``Value/datatypeValue``): a `Date` is its text, a
    /// `UUID` its canonical text, `Data` a blob, a `Float` a real...
    ///
    /// ```swift
    /// try SQLValue(UUID())   // .text("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
    /// ```
    ///
    /// - Throws: as ``init(_:)-8md2`` does for the stored form.
    public init<V: Value>(_ value: V) throws(Result) {
        try self.init(value.datatypeValue as Binding?)
    }

    /// `value` as a signed 64-bit integer, throwing `SQLITE_RANGE` as binding it would.
    private static func signed(_ value: UInt64) throws(Result) -> Int64 {
        guard let signed = Int64(exactly: value) else {
            throw Result.misuse("integer \(value) does not fit SQLite's 64-bit signed INTEGER", code: SQLITE_RANGE)
        }
        return signed
    }
}

// MARK: - Reading values

extension SQLValue {
    /// The value as a ``Binding``: `nil` for ``null``, else `Int64`, `Double`, `String` or
    /// ``Blob`` (what ``Cursor/binding(at:)`` gives for the same column).
    public var binding: Binding? {
        switch self {
        case .null: nil
        case .integer(let value): value
        case .real(let value): value
        case .text(let value): value
        case .blob(let value): value
        }
    }

    /// Whether the value is ``null``.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The integer of an ``integer(_:)``, nil for any other storage class (a real is not
    /// rounded, text is not parsed).
    public var int64Value: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number of a ``real(_:)``, or of an ``integer(_:)`` converted to a double (which
    /// rounds integers beyond 2^53); nil for any other storage class.
    public var doubleValue: Double? {
        switch self {
        case .real(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// The string of a ``text(_:)``, nil for any other storage class.
    public var textValue: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    /// The bytes of a ``blob(_:)-enum.case``, nil for any other storage class.
    public var blobValue: Blob? {
        if case .blob(let value) = self { return value }
        return nil
    }

    /// The bytes of a ``blob(_:)-enum.case`` as `Data`, nil for any other storage class.
    public var dataValue: Data? {
        if case .blob(let value) = self { return Data(value.bytes) }
        return nil
    }

    /// The storage class of the value.
    public var storageClass: ColumnType {
        switch self {
        case .null: .null
        case .integer: .integer
        case .real: .real
        case .text: .text
        case .blob: .blob
        }
    }
}

// MARK: - Binding

extension SQLValue: Binding {
    // Measured: bind out of line costs about 3 % on insert-record codable and record (callgrind).
    /// Binds the value by its storage class; ``null`` binds SQL `NULL`.
    @inlinable
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .null: sqlite3_bind_null(statement, index)
        case .integer(let value): sqlite3_bind_int64(statement, index, value)
        case .real(let value): sqlite3_bind_double(statement, index, value)
        case .text(let value): value.bind(to: statement, at: index)
        case .blob(let value): value.bind(to: statement, at: index)
        }
    }

    /// Reads column `index` by its storage class (`sqlite3_column_type`), without converting
    /// it: NULL is ``null``, text is read by byte length (embedded NUL characters survive).
    @inlinable
    public static func read(from statement: OpaquePointer, at index: Int32) -> SQLValue {
        ValueConversion.stored(sqlite3_column_value(statement, index))
    }
}

// MARK: - Literals

extension SQLValue: ExpressibleByIntegerLiteral {
    /// An ``integer(_:)``: `let value: SQLValue = 42`.
    public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLValue: ExpressibleByFloatLiteral {
    /// A ``real(_:)``: `let value: SQLValue = 2.5`.
    public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLValue: ExpressibleByStringLiteral {
    /// A ``text(_:)``: `let value: SQLValue = "text"`.
    public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLValue: ExpressibleByBooleanLiteral {
    /// An ``integer(_:)``, 1 or 0: `let value: SQLValue = true`.
    public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}

extension SQLValue: ExpressibleByNilLiteral {
    /// ``null``: `let value: SQLValue = nil`.
    public init(nilLiteral: ()) { self = .null }
}

// MARK: - SQL text

extension SQLValue: CustomStringConvertible {
    /// The value as an SQL literal: `NULL`, `42`, `2.5`, `'it''s'` (quotes doubled), `x'0a0b'`.
    /// A NaN is `NULL` (what SQLite stores for it) and an infinity `1e999` or `-1e999` (what
    /// SQLite reads as one).
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value):
            if value.isNaN {
                "NULL"
            } else if value.isInfinite {
                value < 0 ? "-1e999" : "1e999"
            } else {
                "\(value)"
            }
        case .text(let value): value.quotedLiteral
        case .blob(let value): value.description
        }
    }

    /// `binding` as an SQL literal (``description``), for SQL that cannot take parameters,
    /// such as a trigger's body or `CREATE TABLE ... DEFAULT`: the one place every tier renders
    /// values as literals. A binding of a type with no storage class is rendered by its own
    /// description.
    package static func literal(_ binding: Binding?) -> String {
        guard let binding else { return "NULL" }
        if let value = try? SQLValue(binding) { return value.description }
        return "\(binding)"
    }
}
