/// A column's default value as SQL writes it: a literal, one of the special keywords, or an
/// expression.
///
/// ```swift
/// let column = ColumnDefinition(name: "status", type: .TEXT, defaultValue: .stringLiteral("new"))
/// column.toSQL()   // "status" TEXT DEFAULT 'new'
/// LiteralValue("CURRENT_TIMESTAMP")   // .CURRENT_TIMESTAMP
/// ```
///
/// The cases are SQLite.swift's. As in SQLite.swift, any other default (an expression such as
/// `datetime('now')`) is a ``numericLiteral(_:)`` holding its text; ``expression(_:)`` makes
/// one, and it is written in parentheses, as SQL requires.
public enum LiteralValue: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// A number as written, e.g. `42`, `-1.5`, `0x1F`; or the text of an expression.
    case numericLiteral(String)
    /// Text, unquoted (quotes are added when rendered).
    case stringLiteral(String)
    /// A blob as hexadecimal digits, without the `X'...'` around them.
    case blobLiteral(String)
    /// No default, or `DEFAULT NULL`.
    case NULL
    /// The boolean `TRUE` (stored as 1).
    case TRUE
    /// The boolean `FALSE` (stored as 0).
    case FALSE
    /// The current time, `HH:MM:SS`, when the row is inserted.
    case CURRENT_TIME
    /// The current date, `YYYY-MM-DD`, when the row is inserted.
    case CURRENT_DATE
    /// The current date and time, `YYYY-MM-DD HH:MM:SS`, when the row is inserted.
    case CURRENT_TIMESTAMP

    /// An expression default, without the parentheses around it: `.expression("datetime('now')")`
    /// is written `DEFAULT (datetime('now'))`. It is the ``numericLiteral(_:)`` of its text.
    public static func expression(_ sql: String) -> LiteralValue {
        .numericLiteral(sql)
    }

    /// Reads a default value as `PRAGMA table_info` reports it (`nil` means no default).
    ///
    /// ```swift
    /// LiteralValue("'it''s'")   // .stringLiteral("it's")
    /// LiteralValue("X'00FF'")   // .blobLiteral("00FF")
    /// LiteralValue("(1 + 2)")   // .numericLiteral("1 + 2"), written (1 + 2)
    /// ```
    public init(_ text: String?) {
        guard let text = text?.trimmingSQLWhitespace(), !text.isEmpty else {
            self = .NULL
            return
        }
        switch text.uppercased() {
        case "NULL": self = .NULL
        case "TRUE": self = .TRUE
        case "FALSE": self = .FALSE
        case "CURRENT_TIME": self = .CURRENT_TIME
        case "CURRENT_DATE": self = .CURRENT_DATE
        case "CURRENT_TIMESTAMP": self = .CURRENT_TIMESTAMP
        default:
            let tokens = SQLTokenizer.tokenize(text)
            if tokens.count == 1, let value = tokens[0].identifier {
                // SQLite reads a lone word or quoted name in a DEFAULT clause as text (a number
                // or a blob is no identifier).
                self = .stringLiteral(value)
            } else if tokens.count == 1, tokens[0].kind == .blob {
                self = .blobLiteral(String(text.dropFirst(2).dropLast()))
            } else if tokens.count >= 2, tokens[0].isSymbol("("),
                tokens.indexOfClosingParenthesis(from: 0) == tokens.count - 1
            {
                self = .numericLiteral(tokens.text(in: text, from: 1, through: tokens.count - 2))
            } else {
                self = .numericLiteral(text)
            }
        }
    }

    /// Whether `text` is a number, possibly signed: what a default can be without parentheses.
    private static func isNumber(_ text: String) -> Bool {
        let tokens = SQLTokenizer.tokenize(text)
        switch tokens.count {
        case 1: return tokens[0].kind == .number
        case 2: return (tokens[0].isSymbol("-") || tokens[0].isSymbol("+")) && tokens[1].kind == .number
        default: return false
        }
    }

    /// Whether this value is fixed when the column is declared, as `ALTER TABLE ADD COLUMN`
    /// requires: not a `CURRENT_...` keyword and not an expression.
    public var isConstant: Bool {
        switch self {
        case .CURRENT_TIME, .CURRENT_DATE, .CURRENT_TIMESTAMP: false
        case .numericLiteral(let text): Self.isNumber(text)
        default: true
        }
    }

    /// The value as SQL: `NULL`, `'text'`, `X'00FF'`, `42`, `(datetime('now'))`, ...
    public var description: String {
        switch self {
        case .NULL: "NULL"
        case .TRUE: "TRUE"
        case .FALSE: "FALSE"
        case .CURRENT_TIME: "CURRENT_TIME"
        case .CURRENT_DATE: "CURRENT_DATE"
        case .CURRENT_TIMESTAMP: "CURRENT_TIMESTAMP"
        case .stringLiteral(let value): value.quotedLiteral
        case .blobLiteral(let hex): "X'\(hex)'"
        case .numericLiteral(let text): Self.isNumber(text) ? text : "(\(text))"
        }
    }

    /// The value as SQL, the same as ``description``.
    public func toSQL() -> String { description }
}

extension String {
    /// The string without leading and trailing SQL white space.
    func trimmingSQLWhitespace() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0C}" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
