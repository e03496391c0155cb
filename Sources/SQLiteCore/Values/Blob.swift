/// Binary data as SQLite stores it: a value type wrapping bytes.
///
/// ```swift
/// let blob = Blob(bytes: [0xDE, 0xAD])
/// try db.run("INSERT INTO files (data) VALUES (?)", blob)
/// let read = try db.scalar("SELECT data FROM files") as? Blob  // Blob(bytes: [222, 173])
/// ```
public struct Blob: Hashable, Sendable {
    /// The bytes.
    public var bytes: [UInt8]

    /// A blob holding `bytes`.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// A blob copying `length` bytes from `bytes`.
    public init(bytes: UnsafeRawPointer, length: Int) {
        self.bytes = Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }

    /// The bytes as lower-case hexadecimal, e.g. `"dead"`.
    public func toHex() -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}

extension Blob: Binding {
    /// Binds the bytes (copied by SQLite); an empty blob binds as a zero-length BLOB, not NULL.
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            sqlite3_bind_blob64(
                statement, index, buffer.baseAddress ?? emptyBytesAddress, sqlite3_uint64(buffer.count),
                Destructor.transient)
        }
    }

    /// Reads the column's bytes (TEXT is read as its UTF-8 bytes).
    public static func read(from statement: OpaquePointer, at index: Int32) -> Blob {
        guard let pointer = sqlite3_column_blob(statement, index) else { return Blob(bytes: []) }
        return Blob(bytes: pointer, length: Int(sqlite3_column_bytes(statement, index)))
    }
}

extension Blob: CustomStringConvertible {
    /// SQL's blob literal form, e.g. `x'dead'`.
    public var description: String { "x'\(toHex())'" }
}
