/// One message logged by a connection, handed to ``LogConfiguration/handler``.
///
/// ```swift
/// db.logging = LogConfiguration(level: .debug) { entry in
///     print(entry.level, entry.message, entry.expandedSQL ?? entry.sql ?? "", entry.duration ?? 0)
/// }
/// ```
public struct LogEntry: Sendable {
    /// How important the entry is.
    public let level: LogLevel

    /// What happened, in English: `"statement ran"`, `"slow statement"`, `"transaction
    /// committed"`, or SQLite's error message for a failed statement.
    public let message: String

    /// The SQL of the statement involved, as written (`?` where values are bound); nil when the
    /// entry is about no statement (a connection opened, a busy wait).
    public let sql: String?

    /// The SQL with the values bound at the time substituted (`sqlite3_expanded_sql`); nil when
    /// ``LogConfiguration/redactsValues`` is set, or when there is no statement or SQLite
    /// could not expand it.
    public let expandedSQL: String?

    /// How long the statement (or, for a commit, the transaction) took, in seconds, when
    /// known. SQLite measures statements with its VFS clock, to the millisecond.
    public let duration: Double?

    /// The primary result code of a failed statement (`SQLITE_CONSTRAINT`...), or of the error
    /// that rolled a transaction back; nil otherwise.
    public let code: Int32?

    /// The extended result code of a failed statement (`SQLITE_CONSTRAINT_UNIQUE`...), nil
    /// otherwise.
    public let extendedCode: Int32?

    /// The connection's ``Connection/label`` when it has one, else the path of its database
    /// file (empty for in-memory and temporary databases).
    public let connection: String

    /// An entry from its parts, for handlers' own tests.
    public init(
        level: LogLevel, message: String, sql: String? = nil, expandedSQL: String? = nil, duration: Double? = nil,
        code: Int32? = nil, extendedCode: Int32? = nil, connection: String = ""
    ) {
        self.level = level
        self.message = message
        self.sql = sql
        self.expandedSQL = expandedSQL
        self.duration = duration
        self.code = code
        self.extendedCode = extendedCode
        self.connection = connection
    }
}

extension LogEntry: CustomStringConvertible {
    /// The entry on one line, as the default handler writes it:
    /// `[SQLite warning] app.sqlite: slow statement: SELECT * FROM t WHERE x = 1 (734.0 ms)`.
    public var description: String {
        var text = "[SQLite \(level)] "
        if !connection.isEmpty { text += connection + ": " }
        text += message
        if let statement = expandedSQL ?? sql { text += ": " + statement }
        var details: [String] = []
        if let duration { details.append(Self.milliseconds(duration)) }
        if let extendedCode, extendedCode != code {
            details.append("code \(code ?? extendedCode & 0xFF), extended code \(extendedCode)")
        } else if let code {
            details.append("code \(code)")
        }
        if !details.isEmpty { text += " (" + details.joined(separator: ", ") + ")" }
        // One entry, one line: each line break (`\r\n` is one Character) a space.
        guard text.contains(where: \.isNewline) else { return text }
        return String(text.map { $0.isNewline ? " " : $0 })
    }

    /// `seconds` in milliseconds, to the microsecond: `"734.0 ms"`.
    static func milliseconds(_ seconds: Double) -> String {
        "\((seconds * 1_000_000).rounded() / 1000) ms"
    }
}
