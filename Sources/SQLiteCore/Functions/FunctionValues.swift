/// Conversions between SQLite's function arguments/results and ``Binding`` values.
enum FunctionValues {
    /// The arguments of a function call as `Binding?` values.
    static func arguments(_ count: Int32, _ values: UnsafeMutablePointer<OpaquePointer?>?) -> [Binding?] {
        guard let values else { return [] }
        return (0..<Int(count)).map { binding(values[$0]) }
    }

    static func binding(_ value: OpaquePointer?) -> Binding? {
        guard let value else { return nil }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER:
            return sqlite3_value_int64(value)
        case SQLITE_FLOAT:
            return sqlite3_value_double(value)
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return "" }
            let count = Int(sqlite3_value_bytes(value))
            return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
        case SQLITE_BLOB:
            guard let bytes = sqlite3_value_blob(value) else { return Blob(bytes: []) }
            return Blob(bytes: bytes, length: Int(sqlite3_value_bytes(value)))
        default:
            return nil
        }
    }

    /// An argument (or a virtual table's constraint value) as an ``SQLValue``.
    static func sqlValue(_ value: OpaquePointer?) -> SQLValue {
        guard let value else { return .null }
        switch sqlite3_value_type(value) {
        case SQLITE_INTEGER: return .integer(sqlite3_value_int64(value))
        case SQLITE_FLOAT: return .real(sqlite3_value_double(value))
        case SQLITE_TEXT:
            guard let text = sqlite3_value_text(value) else { return .text("") }
            let count = Int(sqlite3_value_bytes(value))
            return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
        case SQLITE_BLOB:
            guard let bytes = sqlite3_value_blob(value) else { return .blob(Blob(bytes: [])) }
            return .blob(Blob(bytes: bytes, length: Int(sqlite3_value_bytes(value))))
        default: return .null
        }
    }

    /// Sets the result in `context` (a function's or a virtual table column's) to `value`.
    static func setResult(_ value: SQLValue, in context: OpaquePointer?) {
        switch value {
        case .null: sqlite3_result_null(context)
        case .integer(let integer): sqlite3_result_int64(context, integer)
        case .real(let real): sqlite3_result_double(context, real)
        case .text(let text): setResult(text as Binding?, in: context)
        case .blob(let blob): setResult(blob as Binding?, in: context)
        }
    }

    /// Sets the function's result to `value`, or to an error for a value SQLite cannot hold.
    static func setResult(_ value: Binding?, in context: OpaquePointer?) {
        switch value {
        case nil:
            sqlite3_result_null(context)
        case let value as Int64:
            sqlite3_result_int64(context, value)
        case let value as Double:
            sqlite3_result_double(context, value)
        case let value as String:
            var text = value
            text.withUTF8 { (bytes: UnsafeBufferPointer<UInt8>) in
                let start = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? emptyBytesAddress
                sqlite3_result_text64(
                    context, start.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count),
                    Destructor.transient, UInt8(SQLITE_UTF8))
            }
        case let value as Blob:
            value.bytes.withUnsafeBytes { buffer in
                sqlite3_result_blob64(
                    context, buffer.baseAddress ?? emptyBytesAddress, sqlite3_uint64(buffer.count),
                    Destructor.transient)
            }
        case let value as Bool:
            sqlite3_result_int64(context, value ? 1 : 0)
        case let value as Int:
            sqlite3_result_int64(context, Int64(value))
        case let value as any BinaryInteger:
            if let integer = Int64(exactly: value) {
                sqlite3_result_int64(context, integer)
            } else {
                setError("integer \(value) does not fit SQLite's 64-bit INTEGER", in: context)
            }
        case let value?:
            setError("a function returned \(type(of: value)), which SQLite cannot store", in: context)
        }
    }

    /// Sets the function's result to what `body` returns, or to the error it throws.
    static func setResult(in context: OpaquePointer?, of body: () throws -> Binding?) {
        do {
            setResult(try body(), in: context)
        } catch {
            setError(message(for: error), in: context)
        }
    }

    static func setError(_ message: String, in context: OpaquePointer?) {
        var message = message
        message.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) {
                sqlite3_result_error(context, $0.baseAddress, Int32(clamping: $0.count))
            }
        }
    }

    /// The message SQLite reports for an error thrown from a Swift function.
    static func message(for error: any Error) -> String {
        if let error = error as? Result { return error.message }
        return String(describing: error)
    }
}
