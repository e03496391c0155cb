/// Quoting and literal rendering shared by every statement builder.
@usableFromInline
enum SQLText {
    /// `name` as a quoted identifier, with `"` doubled (Core's `quotedIdentifier`,
    /// under the name the builders call it by).
    @inlinable
    static func quote(_ name: String) -> String { name.quotedIdentifier }

    /// `"database"."name"`, or `"name"` without a database.
    static func qualified(_ name: String, _ database: String?) -> String {
        (database.map { quote($0) + "." } ?? "") + quote(name)
    }

    /// `template` with each `?` outside quotes replaced by its binding as a literal.
    static func inline(_ template: String, _ bindings: [Binding?]) -> String {
        if bindings.isEmpty { return template }
        var result = ""
        result.reserveCapacity(template.utf8.count + bindings.count * 8)
        var index = 0
        var quote: Character?
        for character in template {
            if let open = quote {
                if character == open { quote = nil }
                result.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                result.append(character)
            } else if character == "?" && index < bindings.count {
                // Core's literal text: `'it''s'`, `x'0a'`, `NULL`, `1e999` for an infinity.
                result += SQLValue.literal(bindings[index])
                index += 1
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `sql` as it is when one pair of parentheses encloses all of it (`("a" > 0)`), else in
    /// parentheses (`NOT ("a" > 0)` becomes `(NOT ("a" > 0))`). Quoted text and identifiers
    /// are skipped, so a parenthesis inside `'...'` or `"..."` does not count.
    static func parenthesized(_ sql: String) -> String {
        var depth = 0
        var quote: UInt8?
        var closedAtEnd = false
        let count = sql.utf8.count
        for (offset, byte) in sql.utf8.enumerated() {
            if let open = quote {
                if byte == open { quote = nil }
                continue
            }
            switch byte {
            case UInt8(ascii: "'"), UInt8(ascii: "\""), UInt8(ascii: "`"):
                quote = byte
            case UInt8(ascii: "("):
                if offset == 0 { closedAtEnd = true }
                depth += 1
            case UInt8(ascii: ")"):
                depth -= 1
                // The first parenthesis closes before the end: `("a") AND ("b")`.
                if depth == 0 && offset != count - 1 { closedAtEnd = false }
            default:
                if offset == 0 { return "(" + sql + ")" }
            }
        }
        return closedAtEnd && depth == 0 ? sql : "(" + sql + ")"
    }

    /// Templates joined by `separator`, with their bindings concatenated.
    static func join(_ separator: String, _ expressions: [Expressible]) -> Expression<Void> {
        var template = ""
        var bindings: [Binding?] = []
        for (offset, expressible) in expressions.enumerated() {
            let expression = expressible.expression
            if offset > 0 { template += separator }
            template += expression.template
            bindings += expression.bindings
        }
        return Expression(template, bindings)
    }

    /// `(lhs op rhs)`, or without parentheses when `wrap` is false.
    static func infix<T>(_ op: String, _ lhs: Expressible, _ rhs: Expressible, wrap: Bool = true) -> Expression<T> {
        let left = lhs.expression
        let right = rhs.expression
        let bindings =
            left.bindings.isEmpty
            ? right.bindings : right.bindings.isEmpty ? left.bindings : left.bindings + right.bindings
        return Expression(joined(left.template, op, right.template, wrap: wrap), bindings)
    }

    /// `(lhs op ?)` with `value` bound: a comparison with a Swift value, built without
    /// wrapping the value in an expression first.
    @usableFromInline
    static func infix<T, V>(_ op: String, _ lhs: Expression<V>, value: Binding?) -> Expression<T> {
        var bindings = lhs.bindings
        bindings.append(value)
        return Expression(joined(lhs.template, op, "?", wrap: true), bindings)
    }

    /// `left op right`, in parentheses when `wrap` is set, written in one pass into the new
    /// string's storage (a small string when it fits): appending piece by piece costs more
    /// than the rest of building an expression. Below macOS 11 / iOS 14, which lack
    /// `String(unsafeUninitializedCapacity:)`, ``joinedByAppending(_:_:_:wrap:)`` builds it.
    static func joined(_ left: String, _ op: String, _ right: String, wrap: Bool) -> String {
        guard #available(macOS 11, iOS 14, tvOS 14, watchOS 7, *) else {
            return joinedByAppending(left, op, right, wrap: wrap)
        }
        let count = left.utf8.count + op.utf8.count + right.utf8.count + (wrap ? 4 : 2)
        var left = left
        var op = op
        var right = right
        return String(unsafeUninitializedCapacity: count) { buffer in
            guard var cursor = buffer.baseAddress else { return 0 }
            func put(_ text: inout String, at cursor: inout UnsafeMutablePointer<UInt8>) {
                text.withUTF8 { bytes in
                    guard let base = bytes.baseAddress else { return }
                    cursor.update(from: base, count: bytes.count)
                    cursor += bytes.count
                }
            }
            if wrap {
                cursor.pointee = UInt8(ascii: "(")
                cursor += 1
            }
            put(&left, at: &cursor)
            cursor.pointee = UInt8(ascii: " ")
            cursor += 1
            put(&op, at: &cursor)
            cursor.pointee = UInt8(ascii: " ")
            cursor += 1
            put(&right, at: &cursor)
            if wrap {
                cursor.pointee = UInt8(ascii: ")")
                cursor += 1
            }
            return count
        }
    }

    /// The same text as ``joined(_:_:_:wrap:)``, appended piece by piece: for systems below
    /// macOS 11 / iOS 14.
    static func joinedByAppending(_ left: String, _ op: String, _ right: String, wrap: Bool) -> String {
        var text = ""
        text.reserveCapacity(left.utf8.count + op.utf8.count + right.utf8.count + (wrap ? 4 : 2))
        if wrap { text += "(" }
        text += left
        text += " "
        text += op
        text += " "
        text += right
        if wrap { text += ")" }
        return text
    }

    /// Terms joined by ` op `, in parentheses.
    static func infix<T>(_ op: String, _ terms: [Expressible]) -> Expression<T> {
        let joined = join(" " + op + " ", terms)
        return Expression("(" + joined.template + ")", joined.bindings)
    }

    /// `function(arguments...)`.
    static func call<T>(_ function: String, _ arguments: [Expressible]) -> Expression<T> {
        let joined = join(", ", arguments)
        return Expression(function + "(" + joined.template + ")", joined.bindings)
    }

    /// `function(argument)` for one argument.
    static func call<T>(_ function: String, _ argument: Expressible) -> Expression<T> {
        let expression = argument.expression
        return Expression(function + "(" + expression.template + ")", expression.bindings)
    }
}
