/// A copied column value, read back as the type a typed column asks for.
extension SQLValue {
    /// The value as `D`, nil when it does not fit (`NULL` is handled by the caller).
    @usableFromInline
    func converted<D: Binding>(to type: D.Type) -> D? {
        if D.self == SQLValue.self { return same(self, D.self) }
        switch self {
        case .null:
            return nil
        case .integer(let value):
            if D.self == Int64.self { return same(value, D.self) }
            if D.self == Int.self { return Int(exactly: value).map { same($0, D.self) } }
            if D.self == Bool.self { return same(value != 0, D.self) }
            if D.self == Double.self { return same(Double(value), D.self) }
            if D.self == String.self { return same(String(value), D.self) }
            if D.self == UInt64.self { return UInt64(exactly: value).map { same($0, D.self) } }
            if D.self == UInt.self { return UInt(exactly: value).map { same($0, D.self) } }
            return nil
        case .real(let value):
            if D.self == Double.self { return same(value, D.self) }
            if D.self == String.self { return same("\(value)", D.self) }
            return nil
        case .text(let value):
            if D.self == String.self { return same(value, D.self) }
            if D.self == Blob.self { return same(Blob(bytes: Array(value.utf8)), D.self) }
            // A number stored as text reads as SQLite reads it, when it is wholly one
            // (`NumericText`): '1e3' is the integer 1 and the real 1000.
            if D.self == Double.self { return NumericText.real(value).map { same($0, D.self) } }
            return NumericText.integer(value).flatMap { SQLValue.integer($0).converted(to: D.self) }
        case .blob(let value):
            if D.self == Blob.self { return same(value, D.self) }
            return nil
        }
    }

    /// A description of the stored type for errors.
    @usableFromInline
    var kind: String {
        switch self {
        case .null: "NULL"
        case .integer: "an INTEGER"
        case .real: "a REAL"
        case .text: "TEXT"
        case .blob: "a BLOB"
        }
    }
}

/// `value` as `U`, which the caller has checked is its own type.
@usableFromInline
func same<T, U>(_ value: T, _ type: U.Type) -> U {
    unsafeBitCast(value, to: U.self)
}
