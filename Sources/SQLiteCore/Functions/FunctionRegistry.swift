/// The SQL functions a connection registered from Swift, and the registrations that failed.
///
/// SQLite.swift's `createFunction` and `createAggregation` cannot throw, so a registration
/// that SQLite refuses is remembered here and reported where the function is used: calls to
/// an earlier definition of the same function fail with the registration's error, and so does
/// preparing SQL that calls a function SQLite does not know. Touched with the connection's
/// lock held.
final class FunctionRegistry {
    /// The function objects SQLite holds, by `name/arity` (names compare case-insensitively).
    private var functions: [String: RegisteredFunction] = [:]
    /// The error of the last failed registration of each name, lowercased.
    private var failures: [String: Result] = [:]

    private static func key(_ name: String, _ arity: Int32) -> String { "\(name.lowercased())/\(arity)" }

    /// Records a successful registration, which supersedes any earlier failure for the name.
    func registered(_ function: RegisteredFunction, name: String, arity: Int32) {
        functions[Self.key(name, arity)] = function
        failures[name.lowercased()] = nil
    }

    /// Records a failed registration: the definition SQLite kept (if it is one of ours) now
    /// fails when called, and SQL calling an unknown function of that name reports `error`.
    func failed(_ error: Result, name: String, arity: Int32) {
        functions[Self.key(name, arity)]?.failure = error
        failures[name.lowercased()] = error
    }

    /// Forgets everything (the connection closed: SQLite drops its functions).
    func removeAll() {
        functions.removeAll()
        failures.removeAll()
    }

    /// The registration error to report instead of SQLite's "no such function: NAME" or
    /// "wrong number of arguments to function NAME()" preparation error, if NAME failed.
    func failure(explaining message: String) -> Result? {
        guard !failures.isEmpty else { return nil }
        let name: Substring
        if message.hasPrefix("no such function: ") {
            name = message.dropFirst("no such function: ".count)
        } else if message.hasPrefix("wrong number of arguments to function "), message.hasSuffix("()") {
            name = message.dropFirst("wrong number of arguments to function ".count).dropLast(2)
        } else {
            return nil
        }
        return failures[name.lowercased()]
    }
}

/// A function object handed to SQLite as the user data of a function or aggregate.
class RegisteredFunction: @unchecked Sendable {
    /// Set when a later registration of the same function failed: SQLite kept this definition,
    /// but calls to it report the failure instead of running stale code. Read and written
    /// with the connection's lock held (SQLite calls functions only while a statement steps).
    final var failure: Result?

    /// Makes `failure`, if any, the result of the call in `context`; returns whether it did.
    final func reportsFailure(in context: OpaquePointer?) -> Bool {
        guard let failure else { return false }
        FunctionValues.setError(failure.message, in: context)
        return true
    }

    /// The function behind a C callback's context, registered as this type.
    static func from(_ context: OpaquePointer?) -> Self? {
        sqlite3_user_data(context).map { Unmanaged<Self>.fromOpaque($0).takeUnretainedValue() }
    }
}
