import Foundation

/// A value as SQLite stores it in a column: what every encoded property becomes, bound
/// straight to a statement without boxing it in a `Binding` existential.
enum ColumnValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    /// Binds the value to parameter `index` (1-based) of the raw statement.
    @inline(__always)
    func bind(to handle: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let value): sqlite3_bind_int64(handle, index, value)
        case .real(let value): sqlite3_bind_double(handle, index, value)
        case .text(let value): value.bind(to: handle, at: index)
        case .blob(let bytes): Blob(bytes: bytes).bind(to: handle, at: index)
        }
    }

    /// The value as a core-tier binding (`nil` for NULL).
    var binding: Binding? {
        switch self {
        case .null: nil
        case .integer(let value): value
        case .real(let value): value
        case .text(let value): value
        case .blob(let bytes): Blob(bytes: bytes)
        }
    }

    /// The value of a core-tier binding, or nil when it is not one SQLite stores.
    init?(binding: Binding?) {
        guard let binding else {
            self = .null
            return
        }
        switch binding {
        case let value as Int64: self = .integer(value)
        case let value as Double: self = .real(value)
        case let value as String: self = .text(value)
        case let value as Blob: self = .blob(value.bytes)
        case let value as Bool: self = .integer(value ? 1 : 0)
        case let value as any BinaryInteger:
            guard let exact = Int64(exactly: value) else { return nil }
            self = .integer(exact)
        case let value as any BinaryFloatingPoint: self = .real(Double(value))
        default: return nil
        }
    }

    /// The storage class name, for error messages.
    var storageDescription: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): "integer \(value)"
        case .real(let value): "real \(value)"
        case .text: "text"
        case .blob(let bytes): "a \(bytes.count)-byte blob"
        }
    }

    /// Whether the value is NULL.
    var isNull: Bool { self == .null }
}

extension ColumnValue {
    /// A typed-tier setter assigning this value to `column`, with the same SQL a setter
    /// built with `<-` has.
    func setter(column: String) -> Setter {
        switch self {
        case .null: SQLExpression<String?>(column) <- (nil as String?)
        case .integer(let value): SQLExpression<Int64>(column) <- value
        case .real(let value): SQLExpression<Double>(column) <- value
        case .text(let value): SQLExpression<String>(column) <- value
        case .blob(let bytes): SQLExpression<Blob>(column) <- Blob(bytes: bytes)
        }
    }
}
