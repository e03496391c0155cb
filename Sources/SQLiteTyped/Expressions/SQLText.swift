/// Quoting and literal rendering shared by every statement builder.
@usableFromInline
enum SQLText {
    /// `name` as a quoted identifier, with `"` doubled.
    @usableFromInline
    static func quote(_ name: String) -> String {
        if !name.utf8.contains(UInt8(ascii: "\"")) { return "\"" + name + "\"" }
        var quoted = "\""
        for character in name {
            quoted.append(character)
            if character == "\"" { quoted.append("\"") }
        }
        quoted.append("\"")
        return quoted
    }

    /// `text` as a string literal, with `'` doubled.
    static func literal(_ text: String) -> String {
        var quoted = "'"
        for character in text {
            quoted.append(character)
            if character == "'" { quoted.append("'") }
        }
        quoted.append("'")
        return quoted
    }

    /// A bound value as SQL literal text.
    static func literal(_ binding: Binding?) -> String {
        guard let binding else { return "NULL" }
        switch binding {
        case let value as String: return literal(value)
        case let value as Blob: return "x'\(value.toHex())'"
        case let value as Bool: return value ? "1" : "0"
        case let value as Double:
            if value.isNaN { return "NULL" }
            if value.isInfinite { return value < 0 ? "-1e999" : "1e999" }
            return "\(value)"
        default: return "\(binding)"
        }
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
                result += literal(bindings[index])
                index += 1
            } else {
                result.append(character)
            }
        }
        return result
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
        // Written in one pass into the new string's storage (a small string when it fits):
        // appending piece by piece costs more than the rest of building the expression.
        var leftText = left.template
        var opText = op
        var rightText = right.template
        let count = leftText.utf8.count + opText.utf8.count + rightText.utf8.count + (wrap ? 4 : 2)
        let text = String(unsafeUninitializedCapacity: count) { buffer in
            var offset = 0
            func put(_ bytes: UnsafeBufferPointer<UInt8>) {
                for byte in bytes {
                    buffer[offset] = byte
                    offset += 1
                }
            }
            func put(_ byte: UInt8) {
                buffer[offset] = byte
                offset += 1
            }
            if wrap { put(UInt8(ascii: "(")) }
            leftText.withUTF8 { put($0) }
            put(UInt8(ascii: " "))
            opText.withUTF8 { put($0) }
            put(UInt8(ascii: " "))
            rightText.withUTF8 { put($0) }
            if wrap { put(UInt8(ascii: ")")) }
            return offset
        }
        let bindings =
            left.bindings.isEmpty
            ? right.bindings : right.bindings.isEmpty ? left.bindings : left.bindings + right.bindings
        return Expression(text, bindings)
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
