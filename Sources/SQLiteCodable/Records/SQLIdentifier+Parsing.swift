import Foundation

extension SQLIdentifier {
    /// The name of the quoted identifier `text` starts with (`"a""b"` → `a"b`), the last one
    /// of a qualified name (`"item"."price"` → `price`), and the text after it; nil when
    /// `text` does not start with a quoted identifier.
    static func leadingName(of text: Substring) -> (name: String, rest: Substring)? {
        var rest = text
        var name: String?
        while rest.first == "\"" {
            rest = rest.dropFirst()
            var part = ""
            var closed = false
            while let character = rest.first {
                rest = rest.dropFirst()
                if character == "\"" {
                    if rest.first == "\"" {
                        part.append("\"")
                        rest = rest.dropFirst()
                    } else {
                        closed = true
                        break
                    }
                } else {
                    part.append(character)
                }
            }
            guard closed else { return nil }
            name = part
            guard rest.first == ".", rest.dropFirst().first == "\"" else { break }
            rest = rest.dropFirst()
        }
        return name.map { ($0, rest) }
    }
}
