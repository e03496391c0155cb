/// A value SQLite stores natively: `Int64`, `Double`, `String` and ``Blob``, plus `Int` and
/// `Bool` (stored as integers), the unsigned `UInt64`/`UInt` (range-checked integers) and
/// Foundation's `Data` (a BLOB bound from its own bytes).
/// `nil` stands for SQL `NULL` wherever a `Binding?` is taken.
///
/// ```swift
/// try db.run("INSERT INTO users (email, age) VALUES (?, ?)", "alice@mac.com", 42)
/// ```
///
/// Do not conform your own types to `Binding`: conform them to ``Value`` instead, which maps
/// them onto one of these.
public protocol Binding: Sendable {
    /// Binds this value to parameter `index` (1-based) of the raw statement `statement`.
    ///
    /// Used by ``Statement`` for every bind; a value that SQLite cannot store throws.
    func bind(to statement: OpaquePointer, at index: Int32) throws(Result) -> Int32

    /// Reads column `index` (0-based) of the current row of `statement` as this type, following
    /// SQLite's own conversions (TEXT read as an integer is `sqlite3_column_int64`'s result).
    static func read(from statement: OpaquePointer, at index: Int32) throws(Result) -> Self
}

/// A numeric ``Binding``: `Int64` and `Double`, the two numbers SQLite stores.
public protocol Number: Binding {}

extension Int64: Number {
    /// Binds with `sqlite3_bind_int64`.
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self)
    }

    /// Reads with `sqlite3_column_int64`.
    public static func read(from statement: OpaquePointer, at index: Int32) -> Int64 {
        sqlite3_column_int64(statement, index)
    }
}

extension Double: Number {
    /// Binds with `sqlite3_bind_double`.
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_double(statement, index, self)
    }

    /// Reads with `sqlite3_column_double`.
    public static func read(from statement: OpaquePointer, at index: Int32) -> Double {
        sqlite3_column_double(statement, index)
    }
}

extension String: Binding {
    /// Binds the UTF-8 bytes by length (embedded NUL characters survive), copied by SQLite.
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        var copy = self
        return copy.withUTF8 { (bytes: UnsafeBufferPointer<UInt8>) -> Int32 in
            // A non-NULL pointer even for "", so the value binds as '' and not as NULL.
            let start = bytes.baseAddress.map { UnsafeRawPointer($0) } ?? emptyBytesAddress
            return sqlite3_bind_text64(
                statement, index, start.assumingMemoryBound(to: CChar.self), sqlite3_uint64(bytes.count),
                Destructor.transient, UInt8(SQLITE_UTF8))
        }
    }

    /// Reads the text by byte length, so embedded NUL characters survive.
    public static func read(from statement: OpaquePointer, at index: Int32) -> String {
        if let text = RowReader(statement).utf8Text(at: index) { return text }
        guard let text = sqlite3_column_text(statement, index) else { return "" }
        let count = Int(sqlite3_column_bytes(statement, index))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }
}

extension Int: Binding {
    /// Binds as a 64-bit integer.
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, Int64(self))
    }

    /// Reads a 64-bit integer.
    public static func read(from statement: OpaquePointer, at index: Int32) -> Int {
        Int(truncatingIfNeeded: sqlite3_column_int64(statement, index))
    }
}

extension Bool: Binding {
    /// Binds `true` as 1 and `false` as 0.
    public func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        sqlite3_bind_int64(statement, index, self ? 1 : 0)
    }

    /// Reads any non-zero integer as `true`.
    public static func read(from statement: OpaquePointer, at index: Int32) -> Bool {
        sqlite3_column_int64(statement, index) != 0
    }
}

extension UInt64: Binding {
    /// Binds as a 64-bit signed integer; a value above `Int64.max` throws `SQLITE_RANGE`
    /// rather than wrapping around.
    public func bind(to statement: OpaquePointer, at index: Int32) throws(Result) -> Int32 {
        guard let value = Int64(exactly: self) else {
            throw Result.misuse(
                "integer \(self) does not fit SQLite's 64-bit signed INTEGER", code: SQLITE_RANGE)
        }
        return sqlite3_bind_int64(statement, index, value)
    }

    /// Reads a 64-bit integer; a negative one throws `SQLITE_RANGE`.
    public static func read(from statement: OpaquePointer, at index: Int32) throws(Result) -> UInt64 {
        let value = sqlite3_column_int64(statement, index)
        guard let result = UInt64(exactly: value) else {
            throw Result.misuse("integer \(value) does not fit UInt64", code: SQLITE_RANGE)
        }
        return result
    }
}

extension UInt: Binding {
    /// Binds as a 64-bit signed integer; a value above `Int64.max` throws `SQLITE_RANGE`.
    public func bind(to statement: OpaquePointer, at index: Int32) throws(Result) -> Int32 {
        try UInt64(self).bind(to: statement, at: index)
    }

    /// Reads a 64-bit integer; one that does not fit `UInt` throws `SQLITE_RANGE`.
    public static func read(from statement: OpaquePointer, at index: Int32) throws(Result) -> UInt {
        let value = sqlite3_column_int64(statement, index)
        guard let result = UInt(exactly: value) else {
            throw Result.misuse("integer \(value) does not fit UInt", code: SQLITE_RANGE)
        }
        return result
    }
}

/// A valid address for zero-length text and blobs: SQLite binds a NULL pointer as SQL NULL.
nonisolated(unsafe) let emptyBytesAddress = UnsafeRawPointer(emptyBytesStorage)

/// One static byte whose address stands for empty text and blobs.
private nonisolated(unsafe) let emptyBytesStorage: UnsafeMutableRawPointer = {
    let storage = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1)
    storage.storeBytes(of: 0, as: UInt8.self)
    return storage
}()
