/// An error reported by SQLite, with its result code, its message and the statement involved.
///
/// The cases match SQLite.swift's, so existing `catch` clauses keep working:
///
/// ```swift
/// do {
///     try db.run("INSERT INTO users (email) VALUES (?)", "alice@mac.com")
/// } catch let Result.error(message, code, statement) where code == SQLITE_CONSTRAINT {
///     print("constraint failed: \(message), in \(String(describing: statement))")
/// }
/// ```
///
/// Set ``Connection/usesExtendedErrorCodes`` to receive ``extendedError(message:extendedCode:statement:)``
/// instead, which carries SQLite's extended code (`SQLITE_CONSTRAINT_UNIQUE`, ...) as well.
/// Whatever the case, ``code`` gives the primary code, ``extendedCode`` the extended one when
/// the error has it, and ``sql`` the SQL. ``description`` prints the message and the code as
/// SQLite.swift does; ``debugDescription`` adds the SQL.
///
/// An error is a value: what it says is fixed when it is thrown. Running its statement again,
/// whatever that run does, does not change an error already caught.
public enum Result: Error, Sendable {
    /// An error with SQLite's primary result code (`SQLITE_CONSTRAINT`, `SQLITE_BUSY`, ...).
    ///
    /// - message: SQLite's English description of the error.
    /// - code: the primary result code.
    /// - statement: the statement that failed, when there was one.
    case error(message: String, code: Int32, statement: Statement?)

    /// An error with SQLite's extended result code (`SQLITE_CONSTRAINT_UNIQUE`, ...), thrown
    /// when ``Connection/usesExtendedErrorCodes`` is `true`.
    case extendedError(message: String, extendedCode: Int32, statement: Statement?)

    /// The one constructor of the errors SQLite reports, for every tier: SQLite's message and
    /// codes, read straight after the failing call, and the statement (with its SQL) involved.
    /// `extended` (the connection's ``Connection/usesExtendedErrorCodes``) picks the case; the
    /// `.error` case has no place for the extended code, and reports the primary code for both.
    /// Higher tiers reach it through `Connection.lastError(code:statement:)`.
    @usableFromInline
    package init(message: String, primaryCode: Int32, extendedCode: Int32, statement: Statement?, extended: Bool) {
        if extended {
            self = .extendedError(message: message, extendedCode: extendedCode, statement: statement)
        } else {
            self = .error(message: message, code: primaryCode, statement: statement)
        }
    }

    /// An error raised by the Swift layer itself (a wrong number of bindings, a value out of
    /// range, ...), reported with a SQLite result code so it can be matched like SQLite's own.
    public static func misuse(_ message: String, code: Int32 = SQLITE_MISUSE, statement: Statement? = nil) -> Result {
        .error(message: message, code: code, statement: statement)
    }

    /// The same error without its statement, for a statement to keep without a reference cycle.
    var detached: Result { attached(to: nil) }

    /// The same error naming `statement`.
    func attached(to statement: Statement?) -> Result {
        switch self {
        case .error(let message, let code, _): .error(message: message, code: code, statement: statement)
        case .extendedError(let message, let extendedCode, _):
            .extendedError(message: message, extendedCode: extendedCode, statement: statement)
        }
    }

    /// `error` as a `Result`: itself when it is one (every error this package's API throws
    /// is), else a `SQLITE_ERROR` carrying its description. For the higher tiers, which call
    /// the public API, untyped as SQLite.swift's is, and report what it threw.
    package static func from(_ error: any Error) -> Result {
        if let result = error as? Result { return result }
        return .error(message: String(describing: error), code: SQLITE_ERROR, statement: nil)
    }

    /// The English description of the error.
    public var message: String {
        switch self {
        case .error(let message, _, _), .extendedError(let message, _, _): message
        }
    }

    /// The primary result code, e.g. `SQLITE_CONSTRAINT`, whichever case this is.
    public var code: Int32 {
        switch self {
        case .error(_, let code, _): code
        case .extendedError(_, let extendedCode, _): extendedCode & 0xFF
        }
    }

    /// The extended result code of an ``extendedError(message:extendedCode:statement:)``, e.g.
    /// `SQLITE_CONSTRAINT_UNIQUE`; the primary ``code`` for an ``error(message:code:statement:)``,
    /// which carries no other.
    ///
    /// ```swift
    /// db.usesExtendedErrorCodes = true   // errors thrown from now on carry extended codes
    /// do {
    ///     try db.run("INSERT INTO users (email) VALUES (?)", "alice@mac.com")
    /// } catch let error as Result where error.extendedCode == SQLITE_CONSTRAINT_UNIQUE {
    ///     print("taken")
    /// }
    /// ```
    public var extendedCode: Int32 {
        switch self {
        case .error(_, let code, _): code
        case .extendedError(_, let extendedCode, _): extendedCode
        }
    }

    /// The statement involved, if any: the statement that failed to run, or, for SQL that
    /// failed to prepare, a statement standing for it (SQLite.swift's errors raised while
    /// preparing or running name none).
    public var statement: Statement? {
        switch self {
        case .error(_, _, let statement), .extendedError(_, _, let statement): statement
        }
    }

    /// The SQL of the statement involved, if any.
    public var sql: String? { statement?.sql }
}

extension Result: CustomStringConvertible {
    /// The message and the code, exactly as SQLite.swift prints the errors it throws:
    /// `no such column: nope (code: 1)`, or, for an ``extendedError(message:extendedCode:statement:)``,
    /// `UNIQUE constraint failed: users.email (extended code: 2067)`.
    ///
    /// The SQL is not part of it, as it is not of SQLite.swift's errors raised while preparing or
    /// running a statement (which name none). Read it from ``sql``, or print
    /// ``debugDescription`` (`String(reflecting: error)`), which adds it.
    public var description: String { message + codeSuffix }

    /// `" (code: 1)"`, or `" (extended code: 2067)"` for an extended error.
    private var codeSuffix: String {
        switch self {
        case .error(_, let code, _): " (code: \(code))"
        case .extendedError(_, let extendedCode, _): " (extended code: \(extendedCode))"
        }
    }
}

extension Result: CustomDebugStringConvertible {
    /// The message, the SQL involved (when there is a statement) and the code, e.g.
    /// `UNIQUE constraint failed: users.email (INSERT INTO users (email) VALUES (?)) (code: 19)`.
    public var debugDescription: String { message + (sql.map { " (\($0))" } ?? "") + codeSuffix }
}
