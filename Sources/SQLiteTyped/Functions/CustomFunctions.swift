#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A type a typed custom function can take or return: every built-in ``Value`` and its
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
        guard let datatype = StoredValue.convert(argument, to: Datatype.self) else {
            throw QueryError.typeMismatch(
                name: "function argument", expected: "\(Self.self)", found: StoredValue.describe(argument))
        }
        return try fromDatatypeValue(datatype)
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

extension Connection {
    /// Registers `function` taking 0 arguments and returns a Swift function building calls to it:
    ///
    /// ```swift
    /// let typeConformsTo: (Expression<String>, Expression<String>) -> Expression<Bool> =
    ///     try db.createFunction("typeConformsTo", deterministic: true) { uti, other in uti == other }
    /// attachments.filter(typeConformsTo(uti, "public.image"))
    /// // SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')
    /// ```
    ///
    /// Arguments of the wrong type, or `NULL` for a non-optional argument, make the SQL call fail.
    public func createFunction<Z: FunctionValue>(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable () throws -> Z
    ) throws -> @Sendable () -> Expression<Z> {
        try createFunction(function, argumentCount: 0, deterministic: deterministic) { arguments in
            _ = arguments
            return try block().functionResult
        }
        let name = SQLText.quote(function)
        return { Expression(name + "()", []) }
    }

    /// Registers `function` taking 1 argument and returns a Swift function building calls to it:
    ///
    /// ```swift
    /// let typeConformsTo: (Expression<String>, Expression<String>) -> Expression<Bool> =
    ///     try db.createFunction("typeConformsTo", deterministic: true) { uti, other in uti == other }
    /// attachments.filter(typeConformsTo(uti, "public.image"))
    /// // SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')
    /// ```
    ///
    /// Arguments of the wrong type, or `NULL` for a non-optional argument, make the SQL call fail.
    public func createFunction<Z: FunctionValue, A: FunctionValue>(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable (A) throws -> Z
    ) throws -> @Sendable (Expression<A>) -> Expression<Z> {
        try createFunction(function, argumentCount: 1, deterministic: deterministic) { arguments in
            try block(A.fromArgument(arguments[0])).functionResult
        }
        let name = SQLText.quote(function)
        return { a in SQLText.call(name, [a] as [Expressible]) }
    }

    /// Registers `function` taking 2 arguments and returns a Swift function building calls to it:
    ///
    /// ```swift
    /// let typeConformsTo: (Expression<String>, Expression<String>) -> Expression<Bool> =
    ///     try db.createFunction("typeConformsTo", deterministic: true) { uti, other in uti == other }
    /// attachments.filter(typeConformsTo(uti, "public.image"))
    /// // SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')
    /// ```
    ///
    /// Arguments of the wrong type, or `NULL` for a non-optional argument, make the SQL call fail.
    public func createFunction<Z: FunctionValue, A: FunctionValue, B: FunctionValue>(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable (A, B) throws -> Z
    ) throws -> @Sendable (Expression<A>, Expression<B>) -> Expression<Z> {
        try createFunction(function, argumentCount: 2, deterministic: deterministic) { arguments in
            try block(A.fromArgument(arguments[0]), B.fromArgument(arguments[1])).functionResult
        }
        let name = SQLText.quote(function)
        return { a, b in SQLText.call(name, [a, b] as [Expressible]) }
    }

    /// Registers `function` taking 3 arguments and returns a Swift function building calls to it:
    ///
    /// ```swift
    /// let typeConformsTo: (Expression<String>, Expression<String>) -> Expression<Bool> =
    ///     try db.createFunction("typeConformsTo", deterministic: true) { uti, other in uti == other }
    /// attachments.filter(typeConformsTo(uti, "public.image"))
    /// // SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')
    /// ```
    ///
    /// Arguments of the wrong type, or `NULL` for a non-optional argument, make the SQL call fail.
    public func createFunction<Z: FunctionValue, A: FunctionValue, B: FunctionValue, C: FunctionValue>(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable (A, B, C) throws -> Z
    ) throws -> @Sendable (Expression<A>, Expression<B>, Expression<C>) -> Expression<Z> {
        try createFunction(function, argumentCount: 3, deterministic: deterministic) { arguments in
            try block(A.fromArgument(arguments[0]), B.fromArgument(arguments[1]), C.fromArgument(arguments[2]))
                .functionResult
        }
        let name = SQLText.quote(function)
        return { a, b, c in SQLText.call(name, [a, b, c] as [Expressible]) }
    }

    /// Registers `function` taking 4 arguments and returns a Swift function building calls to it:
    ///
    /// ```swift
    /// let typeConformsTo: (Expression<String>, Expression<String>) -> Expression<Bool> =
    ///     try db.createFunction("typeConformsTo", deterministic: true) { uti, other in uti == other }
    /// attachments.filter(typeConformsTo(uti, "public.image"))
    /// // SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')
    /// ```
    ///
    /// Arguments of the wrong type, or `NULL` for a non-optional argument, make the SQL call fail.
    public func createFunction<
        Z: FunctionValue, A: FunctionValue, B: FunctionValue, C: FunctionValue, D: FunctionValue
    >(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable (A, B, C, D) throws -> Z
    ) throws -> @Sendable (Expression<A>, Expression<B>, Expression<C>, Expression<D>) -> Expression<Z> {
        try createFunction(function, argumentCount: 4, deterministic: deterministic) { arguments in
            try block(
                A.fromArgument(arguments[0]), B.fromArgument(arguments[1]), C.fromArgument(arguments[2]),
                D.fromArgument(arguments[3])
            ).functionResult
        }
        let name = SQLText.quote(function)
        return { a, b, c, d in SQLText.call(name, [a, b, c, d] as [Expressible]) }
    }

    /// Registers `function` taking 5 arguments and returns a Swift function building calls to it:
    ///
    /// ```swift
    /// let typeConformsTo: (Expression<String>, Expression<String>) -> Expression<Bool> =
    ///     try db.createFunction("typeConformsTo", deterministic: true) { uti, other in uti == other }
    /// attachments.filter(typeConformsTo(uti, "public.image"))
    /// // SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')
    /// ```
    ///
    /// Arguments of the wrong type, or `NULL` for a non-optional argument, make the SQL call fail.
    public func createFunction<
        Z: FunctionValue, A: FunctionValue, B: FunctionValue, C: FunctionValue, D: FunctionValue, E: FunctionValue
    >(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable (A, B, C, D, E) throws -> Z
    ) throws -> @Sendable (Expression<A>, Expression<B>, Expression<C>, Expression<D>, Expression<E>) -> Expression<Z> {
        try createFunction(function, argumentCount: 5, deterministic: deterministic) { arguments in
            try block(
                A.fromArgument(arguments[0]), B.fromArgument(arguments[1]), C.fromArgument(arguments[2]),
                D.fromArgument(arguments[3]), E.fromArgument(arguments[4])
            ).functionResult
        }
        let name = SQLText.quote(function)
        return { a, b, c, d, e in SQLText.call(name, [a, b, c, d, e] as [Expressible]) }
    }

}
