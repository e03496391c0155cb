/// The text of a statement, written as UTF-8 bytes into a buffer on the stack and made a
/// `String` once: the record tier renders its statements' SQL for each call (the statement
/// cache finds them by their text), and appending to a `String` or an array piece by piece
/// costs several times as much.
struct SQLBuilder {
    /// The stack buffer, and how many of its bytes are written.
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    /// Every byte once the text outgrows the buffer.
    private var spilled: [UInt8]?

    private init(buffer: UnsafeMutableBufferPointer<UInt8>) {
        self.buffer = buffer
    }

    /// The text `body` writes.
    static func build(_ body: (inout SQLBuilder) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 512) { buffer in
            var builder = SQLBuilder(buffer: buffer)
            body(&builder)
            if let spilled = builder.spilled { return String(decoding: spilled, as: UTF8.self) }
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<builder.count]), as: UTF8.self)
        }
    }

    /// `name` as a quoted identifier.
    static func identifier(_ name: String) -> String {
        build { $0.appendIdentifier(name) }
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        if spilled == nil, let target = buffer.baseAddress, let source = bytes.baseAddress,
            count + bytes.count <= buffer.count
        {
            (target + count).initialize(from: source, count: bytes.count)
            count += bytes.count
            return
        }
        if spilled == nil { spilled = Array(buffer[..<count]) }
        spilled?.append(contentsOf: bytes)
    }

    private mutating func append(byte: UInt8) {
        if spilled == nil, count < buffer.count {
            buffer[count] = byte
            count += 1
            return
        }
        if spilled == nil { spilled = Array(buffer[..<count]) }
        spilled?.append(byte)
    }

    /// Appends `text` as it is.
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    /// Appends `text` as it is.
    mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends `name` as a quoted identifier, as Core's `quotedIdentifier` quotes it: between
    /// double quotes, each double quote in it doubled.
    mutating func appendIdentifier(_ name: String) {
        let quote = UInt8(ascii: "\"")
        var name = name
        name.withUTF8 { utf8 in
            append(byte: quote)
            if utf8.contains(quote) {
                for byte in utf8 {
                    append(byte: byte)
                    if byte == quote { append(byte: quote) }
                }
            } else {
                append(utf8)
            }
            append(byte: quote)
        }
    }
}
