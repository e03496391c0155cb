#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A type a typed custom function can take or return: every built-in `Value` and its
/// optional. Conform your own `Value` types with an empty extension
/// (`extension Celsius: FunctionValue {}`).
public protocol FunctionValue: Sendable {
    /// The expression type for arguments and results of this type.
    associatedtype ExpressionValue = Self

    /// Converts a raw argument (`Int64`, `Double`, `String`, `Blob` or nil).
    static func fromArgument(_ argument: Binding?) throws -> Self

    /// The value as a raw result.
    var functionResult: Binding? { get }
}

extension FunctionValue where Self: Value, Self.ValueType == Self {
    /// Converts a raw argument; `NULL` or a value of another type throws.
    public static func fromArgument(_ argument: Binding?) throws -> Self {
        guard let argument else { throw QueryError.unexpectedNullValue(name: "function argument") }
        let value: Self?
        do {
            value = try ValueConversion.convert(SQLValue(argument), toValue: Self.self)
        } catch {
            throw Row.typedError(error, "function argument", Self.self)
        }
        guard let value else { throw QueryError.unexpectedNullValue(name: "function argument") }
        return value
    }

    /// The stored form of the value.
    public var functionResult: Binding? { datatypeValue }
}

extension Optional: FunctionValue where Wrapped: FunctionValue {
    /// nil for `NULL`, else the wrapped type's conversion.
    public static func fromArgument(_ argument: Binding?) throws -> Wrapped? {
        guard let argument else { return nil }
        return try Wrapped.fromArgument(argument)
    }

    /// `NULL` for nil.
    public var functionResult: Binding? { self?.functionResult }
}

extension Int64: FunctionValue {}
extension Int: FunctionValue {}
extension Double: FunctionValue {}
extension String: FunctionValue {}
extension Bool: FunctionValue {}
extension Blob: FunctionValue {}
extension Data: FunctionValue {}
extension Date: FunctionValue {}
extension UUID: FunctionValue {}
extension URL: FunctionValue {}
