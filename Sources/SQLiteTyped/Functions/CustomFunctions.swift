#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

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
    @preconcurrency
    public func createFunction<Z: FunctionValue>(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable () throws -> Z
    ) throws -> @Sendable () -> Expression<Z> {
        try defineFunction(function, argumentCount: 0, deterministic: deterministic) { _ in try block().functionResult }
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
    @preconcurrency
    public func createFunction<Z: FunctionValue, A: FunctionValue>(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable (A) throws -> Z
    ) throws -> @Sendable (Expression<A>) -> Expression<Z> {
        try defineFunction(function, argumentCount: 1, deterministic: deterministic) { arguments in
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
    @preconcurrency
    public func createFunction<Z: FunctionValue, A: FunctionValue, B: FunctionValue>(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable (A, B) throws -> Z
    ) throws -> @Sendable (Expression<A>, Expression<B>) -> Expression<Z> {
        try defineFunction(function, argumentCount: 2, deterministic: deterministic) { arguments in
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
    @preconcurrency
    public func createFunction<Z: FunctionValue, A: FunctionValue, B: FunctionValue, C: FunctionValue>(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable (A, B, C) throws -> Z
    ) throws -> @Sendable (Expression<A>, Expression<B>, Expression<C>) -> Expression<Z> {
        try defineFunction(function, argumentCount: 3, deterministic: deterministic) { arguments in
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
    @preconcurrency
    public func createFunction<
        Z: FunctionValue, A: FunctionValue, B: FunctionValue, C: FunctionValue, D: FunctionValue
    >(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable (A, B, C, D) throws -> Z
    ) throws -> @Sendable (Expression<A>, Expression<B>, Expression<C>, Expression<D>) -> Expression<Z> {
        try defineFunction(function, argumentCount: 4, deterministic: deterministic) { arguments in
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
    @preconcurrency
    public func createFunction<
        Z: FunctionValue, A: FunctionValue, B: FunctionValue, C: FunctionValue, D: FunctionValue, E: FunctionValue
    >(
        _ function: String, deterministic: Bool = false, _ block: @escaping @Sendable (A, B, C, D, E) throws -> Z
    ) throws -> @Sendable (Expression<A>, Expression<B>, Expression<C>, Expression<D>, Expression<E>) -> Expression<Z> {
        try defineFunction(function, argumentCount: 5, deterministic: deterministic) { arguments in
            try block(
                A.fromArgument(arguments[0]), B.fromArgument(arguments[1]), C.fromArgument(arguments[2]),
                D.fromArgument(arguments[3]), E.fromArgument(arguments[4])
            ).functionResult
        }
        let name = SQLText.quote(function)
        return { a, b, c, d, e in SQLText.call(name, [a, b, c, d, e] as [Expressible]) }
    }

}
