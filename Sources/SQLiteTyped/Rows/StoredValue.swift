/// Which stored values a datatype accepts, and conversions for copied rows.
@usableFromInline
enum StoredValue {
    /// Whether a column of storage class `storage` can be read as `D` without losing meaning:
    /// integers from INTEGER, reals from INTEGER or REAL, text from anything but a blob,
    /// blobs from BLOB or TEXT, an ``SQLValue`` from anything.
    @usableFromInline
    static func accepts<D: Binding>(_ type: D.Type, _ storage: Int32) -> Bool {
        // An `SQLValue` holds any storage class: its value type decides what it accepts.
        if D.self == SQLValue.self { return true }
        if D.self == Double.self { return storage == SQLITE_FLOAT || storage == SQLITE_INTEGER }
        if D.self == String.self { return storage != SQLITE_BLOB }
        if D.self == Blob.self { return storage == SQLITE_BLOB || storage == SQLITE_TEXT }
        return storage == SQLITE_INTEGER
    }

    /// A stored value (`Int64`, `Double`, `String` or `Blob`) as `D`, nil when it does not fit.
    static func convert<D: Binding>(_ value: Binding, to type: D.Type) -> D? {
        if let same = value as? D { return same }
        if D.self == SQLValue.self { return (try? SQLValue(value)) as? D }
        switch value {
        case let integer as Int64:
            if D.self == Int.self { return Int(exactly: integer) as? D }
            if D.self == Bool.self { return (integer != 0) as? D }
            if D.self == UInt64.self { return UInt64(exactly: integer) as? D }
            if D.self == UInt.self { return UInt(exactly: integer) as? D }
            if D.self == Double.self { return Double(integer) as? D }
            if D.self == String.self { return String(integer) as? D }
            return nil
        case let real as Double:
            if D.self == String.self { return "\(real)" as? D }
            return nil
        case let text as String:
            if D.self == Blob.self { return Blob(bytes: Array(text.utf8)) as? D }
            return nil
        default:
            return nil
        }
    }

    static func describe(_ value: Binding) -> String {
        switch value {
        case is Int64: "an INTEGER"
        case is Double: "a REAL"
        case is String: "TEXT"
        default: "a BLOB"
        }
    }

    static func describe(storage: Int32) -> String {
        switch storage {
        case SQLITE_INTEGER: "an INTEGER"
        case SQLITE_FLOAT: "a REAL"
        case SQLITE_TEXT: "TEXT"
        case SQLITE_BLOB: "a BLOB"
        default: "NULL"
        }
    }
}
