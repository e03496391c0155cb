import SQLiteCore
import SQLiteSchema

/// What a schema change threw, told apart as a SQLite.swift program would: SQLite's error (a
/// `Result`), or one of `SchemaChanger.Error`'s cases.
enum ThrownError: Equatable, CustomStringConvertible {
    /// `Result.error` (or `.extendedError`) with this primary code and message.
    case sqlite(code: Int32, message: String)
    /// `SchemaChanger.Error.invalidColumnDefinition`.
    case invalidColumnDefinition(String)
    /// `SchemaChanger.Error.foreignKeyError`.
    case foreignKeyError([ForeignKeyError])
    /// Anything else.
    case other(String)

    init(_ error: any Error) {
        switch error {
        case let result as Result: self = .sqlite(code: result.code, message: result.message)
        case SchemaChanger.Error.invalidColumnDefinition(let message): self = .invalidColumnDefinition(message)
        case SchemaChanger.Error.foreignKeyError(let errors): self = .foreignKeyError(errors)
        default: self = .other("\(error)")
        }
    }

    /// The SQLite result code, for a `Result`.
    var code: Int32? {
        if case .sqlite(let code, _) = self { return code }
        return nil
    }

    /// Whether this is SQLite's error with `message` and `SQLITE_ERROR`. The core tier adds
    /// ` in "<SQL>"` to the message of a statement that failed to compile; that is allowed.
    func isSQLiteError(_ message: String) -> Bool {
        guard case .sqlite(let code, let thrown) = self, code == SQLITE_ERROR else { return false }
        return thrown == message || thrown.hasPrefix(message + " in \"")
    }

    /// SQLite's message, for a `Result`.
    var message: String? {
        if case .sqlite(_, let message) = self { return message }
        return nil
    }

    var description: String {
        switch self {
        case .sqlite(let code, let message): "Result(\(code)): \(message)"
        case .invalidColumnDefinition(let message): "invalidColumnDefinition(\(message))"
        case .foreignKeyError(let errors): "foreignKeyError(\(errors))"
        case .other(let text): text
        }
    }
}

/// What `body` threw, or `nil` when it did not throw.
func thrownError(_ body: () throws -> Void) -> ThrownError? {
    do {
        try body()
        return nil
    } catch {
        return ThrownError(error)
    }
}
