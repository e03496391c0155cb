/// The text of a statement, built as UTF-8 bytes and made a `String` once: the record tier
/// renders its statements' SQL for each call (the statement cache finds them by their text),
/// and appending to a `String` piece by piece costs several times as much.
struct SQLBuilder {
    private var bytes: [UInt8] = []

    init(capacity: Int = 128) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends `text` as it is.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `name` as a quoted identifier, as Core's `quotedIdentifier` quotes it: between
    /// double quotes, each double quote in it doubled.
    mutating func appendIdentifier(_ name: String) {
        let quote = UInt8(ascii: "\"")
        var name = name
        name.withUTF8 { utf8 in
            bytes.append(quote)
            if utf8.contains(quote) {
                for byte in utf8 {
                    bytes.append(byte)
                    if byte == quote { bytes.append(quote) }
                }
            } else {
                bytes.append(contentsOf: utf8)
            }
            bytes.append(quote)
        }
    }

    /// The SQL built.
    var sql: String { String(decoding: bytes, as: UTF8.self) }

    /// `name` as a quoted identifier.
    static func identifier(_ name: String) -> String {
        var builder = SQLBuilder(capacity: name.utf8.count + 2)
        builder.appendIdentifier(name)
        return builder.sql
    }
}
