/// One lexical token of SQL text, with its place in the text.
struct SQLToken: Equatable, Sendable {
    /// What kind of token this is.
    enum Kind: Equatable, Sendable {
        /// A bare word: a keyword or an unquoted identifier.
        case word
        /// An identifier in `"..."`, `` `...` `` or `[...]`.
        case quoted
        /// A text literal in `'...'`.
        case string
        /// A blob literal, `x'...'`.
        case blob
        /// A numeric literal.
        case number
        /// A parameter: `?`, `?1`, `:name`, `@name`, `$name`.
        case variable
        /// Any other character or operator: `(`, `)`, `,`, `;`, `.`, `||`, `<=`, ...
        case symbol
    }

    /// The token's kind.
    var kind: Kind
    /// The token exactly as written.
    var text: String
    /// Where the token lies in the text, as UTF-8 byte offsets.
    var range: Range<Int>

    /// The identifier this token names, unquoted; `nil` when it is no identifier.
    var identifier: String? {
        switch kind {
        case .word: return text
        case .quoted, .string:
            // SQLite accepts a text literal where an identifier is expected.
            guard let quote = text.utf8.first, text.count >= 2 else { return text }
            let inner = String(text.dropFirst().dropLast())
            return quote == UInt8(ascii: "[") ? inner : inner.undoublingQuotes(quote)
        default: return nil
        }
    }

    /// Whether this is the bare keyword `keyword` (given in upper case).
    func isKeyword(_ keyword: String) -> Bool {
        kind == .word && text.uppercased() == keyword
    }

    /// Whether this is the symbol `symbol`.
    func isSymbol(_ symbol: String) -> Bool {
        kind == .symbol && text == symbol
    }
}

/// Splits SQL text into tokens, skipping white space and comments. It never fails: text it does
/// not understand becomes single-character symbols, and an unterminated quote runs to the end.
enum SQLTokenizer {
    /// The tokens of `sql`.
    static func tokenize(_ sql: String) -> [SQLToken] {
        let bytes = Array(sql.utf8)
        var tokens: [SQLToken] = []
        var index = 0
        func scanQuoted(from start: Int, closing: UInt8, doubling: Bool) -> Int {
            var position = start + 1
            while position < bytes.count {
                if bytes[position] == closing {
                    if doubling, position + 1 < bytes.count, bytes[position + 1] == closing {
                        position += 2
                        continue
                    }
                    return position + 1
                }
                position += 1
            }
            return bytes.count
        }
        while index < bytes.count {
            let byte = bytes[index]
            let start = index
            let kind: SQLToken.Kind
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
                index += 1
                continue
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "-"):
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                index += 2
                while index < bytes.count
                    && !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count
                        && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(index + 2, bytes.count)
                continue
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                index = scanQuoted(from: index, closing: byte, doubling: true)
                kind = byte == UInt8(ascii: "'") ? .string : .quoted
            case UInt8(ascii: "["):
                index = scanQuoted(from: index, closing: UInt8(ascii: "]"), doubling: false)
                kind = .quoted
            case UInt8(ascii: "x") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "'"),
                UInt8(ascii: "X") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "'"):
                index = scanQuoted(from: index + 1, closing: UInt8(ascii: "'"), doubling: false)
                kind = .blob
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."):
                if byte == UInt8(ascii: "."),
                    !(index + 1 < bytes.count && isDigit(bytes[index + 1]))
                {
                    index += 1
                    kind = .symbol
                    break
                }
                index += 1
                while index < bytes.count {
                    let next = bytes[index]
                    if isIdentifierByte(next) || next == UInt8(ascii: ".") {
                        index += 1
                    } else if (next == UInt8(ascii: "+") || next == UInt8(ascii: "-")),
                        bytes[index - 1] == UInt8(ascii: "e") || bytes[index - 1] == UInt8(ascii: "E")
                    {
                        index += 1
                    } else {
                        break
                    }
                }
                kind = .number
            case UInt8(ascii: "?"), UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                index += 1
                while index < bytes.count && isIdentifierByte(bytes[index]) { index += 1 }
                kind = .variable
            default:
                if isIdentifierByte(byte) {
                    while index < bytes.count && (isIdentifierByte(bytes[index]) || bytes[index] == UInt8(ascii: "$")) {
                        index += 1
                    }
                    kind = .word
                } else {
                    let pairs: [String] = ["||", "<=", ">=", "==", "!=", "<>", "<<", ">>", "->>", "->"]
                    let rest = bytes[index...]
                    let match = pairs.sorted { $0.utf8.count > $1.utf8.count }.first { rest.starts(with: $0.utf8) }
                    index += match?.utf8.count ?? 1
                    kind = .symbol
                }
            }
            let text = String(decoding: bytes[start..<index], as: UTF8.self)
            tokens.append(SQLToken(kind: kind, text: text, range: start..<index))
        }
        return tokens
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}

extension Array where Element == SQLToken {
    /// The index of the `)` closing the `(` at `open`, or `nil` when it is never closed.
    func indexOfClosingParenthesis(from open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < count {
            if self[index].isSymbol("(") {
                depth += 1
            } else if self[index].isSymbol(")") {
                depth -= 1
                if depth == 0 { return index }
            }
            index += 1
        }
        return nil
    }

    /// The SQL text covered by tokens `first...last`, exactly as written, from `sql`: the
    /// tokenized text, or a part of it that starts at byte `base`.
    func text(in sql: String, from first: Int, through last: Int, base: Int = 0) -> String {
        guard first <= last, first >= 0, last < count else { return "" }
        let bytes = [UInt8](sql.utf8)
        let lower = self[first].range.lowerBound - base
        let upper = self[last].range.upperBound - base
        guard lower >= 0, upper <= bytes.count, lower <= upper else { return "" }
        return String(decoding: bytes[lower..<upper], as: UTF8.self)
    }

    /// The token ranges of the top-level comma-separated parts between the `(` at `open` and
    /// the `)` at `close` (an empty range for an empty part).
    func topLevelParts(from open: Int, to close: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var depth = 0
        var start = open + 1
        for index in (open + 1)...close {
            if self[index].isSymbol("(") {
                depth += 1
            } else if self[index].isSymbol(")") && index != close {
                depth -= 1
            } else if (self[index].isSymbol(",") && depth == 0) || index == close {
                parts.append(start..<index)
                start = index + 1
            }
        }
        return parts
    }

    /// The index of the first top-level token (outside parentheses), at or after `start`,
    /// that is the keyword `keyword`.
    func firstTopLevelKeyword(_ keyword: String, from start: Int = 0) -> Int? {
        var depth = 0
        var index = start
        while index < count {
            let token = self[index]
            if token.isSymbol("(") {
                depth += 1
            } else if token.isSymbol(")") {
                depth -= 1
            } else if depth == 0 && token.isKeyword(keyword) {
                return index
            }
            index += 1
        }
        return nil
    }
}
