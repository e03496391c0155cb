/// The fixed-width integers narrower than 64 bits, stored as `INTEGER`. Reading a stored
/// integer that does not fit throws `SQLITE_RANGE` instead of wrapping or trapping.
public protocol NarrowInteger: FixedWidthInteger, Value, Binding
where Datatype == Int64, ValueType == Self {}

extension NarrowInteger {
    /// `"INTEGER"`.
    public static var declaredDatatype: String { "INTEGER" }

    /// The value, range-checked.
    public static func fromDatatypeValue(_ datatypeValue: Int64) throws -> Self {
        try checked(datatypeValue)
    }

    static func checked(_ datatypeValue: Int64) throws(Result) -> Self {
        guard let value = Self(exactly: datatypeValue) else {
            throw Result.misuse("integer \(datatypeValue) does not fit \(Self.self)", code: SQLITE_RANGE)
        }
        return value
    }

    /// The value widened to 64 bits.
    public var datatypeValue: Int64 { Int64(self) }

    /// Binds as a 64-bit integer.
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(self))
    }

    /// Reads a 64-bit integer, range-checked.
    public static func read(from statement: OpaquePointer, at index: Int32) throws(Result) -> Self {
        try checked(sqlite3_column_int64(statement, index))
    }
}

extension Int8: NarrowInteger {}
extension Int16: NarrowInteger {}
extension Int32: NarrowInteger {}
extension UInt8: NarrowInteger {}
extension UInt16: NarrowInteger {}
extension UInt32: NarrowInteger {}

extension Float: Value {
    /// `"REAL"`.
    public static let declaredDatatype = "REAL"
    /// The stored double narrowed to `Float` (rounding, as a conversion of reals does).
    public static func fromDatatypeValue(_ datatypeValue: Double) -> Float { Float(datatypeValue) }
    /// The value widened to `Double`.
    public var datatypeValue: Double { Double(self) }
}
