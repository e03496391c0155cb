#if Session && !(SystemSQLite && canImport(Darwin))
    /// A check of the structure of changeset bytes, made before SQLite reads them.
    ///
    /// SQLite's changeset reader before 3.53 trusts the bytes more than it should: a table
    /// header whose name is not NUL-terminated makes `sqlite3changeset_next` loop forever, and
    /// a record that runs past the end is read past the end (fixed in SQLite 3.53). The vendored
    /// (3.50) and system (3.40) libraries have both, so every function of this package that
    /// hands changeset bytes to SQLite walks them here first, the way SQLite 3.53 does, and
    /// throws `SQLITE_CORRUPT` for what does not fit the format
    /// (https://sqlite.org/sessionintro.html, "changeset format" in sqlite3session.c).
    enum ChangesetFormat {
        /// Throws `SQLITE_CORRUPT` unless `bytes` is a sequence of table headers ('T' for a
        /// changeset, 'P' for a patchset) each followed by changes whose records hold complete
        /// values.
        static func validate(_ bytes: UnsafeRawBufferPointer) throws(Result) {
            var reader = Reader(bytes: bytes)
            var columns = 0
            var primaryKeyColumns = 0
            var isPatchset = false
            var hasTable = false
            while !reader.isAtEnd {
                var op = try reader.byte()
                while op == UInt8(ascii: "T") || op == UInt8(ascii: "P") {
                    isPatchset = op == UInt8(ascii: "P")
                    columns = try reader.varint()
                    guard columns > 0, columns <= 65536 else { throw corrupt }
                    primaryKeyColumns = try reader.bytes(columns).reduce(0) { $0 + ($1 != 0 ? 1 : 0) }
                    while try reader.byte() != 0 {}  // the NUL-terminated table name
                    hasTable = true
                    if reader.isAtEnd { return }
                    op = try reader.byte()
                }
                guard hasTable else { throw corrupt }
                _ = try reader.byte()  // the indirect flag
                let values: Int
                switch Int32(op) {
                case SQLITE_INSERT: values = columns
                case SQLITE_DELETE: values = isPatchset ? primaryKeyColumns : columns
                case SQLITE_UPDATE: values = isPatchset ? columns : columns * 2
                default: throw corrupt
                }
                for _ in 0..<values { try reader.skipValue() }
            }
        }

        static var corrupt: Result { Result.session(SQLITE_CORRUPT, "the bytes are not a valid changeset") }

        /// Reads `bytes` forward, throwing at their end.
        private struct Reader {
            let bytes: UnsafeRawBufferPointer
            var offset = 0

            var isAtEnd: Bool { offset >= bytes.count }

            mutating func byte() throws(Result) -> UInt8 {
                guard offset < bytes.count else { throw ChangesetFormat.corrupt }
                defer { offset += 1 }
                return bytes[offset]
            }

            mutating func bytes(_ count: Int) throws(Result) -> UnsafeRawBufferPointer.SubSequence {
                guard count >= 0, count <= bytes.count - offset else { throw ChangesetFormat.corrupt }
                defer { offset += count }
                return bytes[offset..<offset + count]
            }

            /// An SQLite varint (1 to 9 bytes, big-endian groups of 7 bits, the 9th of 8),
            /// which must fit a non-negative 32-bit `int`, as SQLite reads it.
            mutating func varint() throws(Result) -> Int {
                var value: UInt64 = 0
                for index in 0..<9 {
                    let byte = try byte()
                    if index == 8 {
                        value = (value << 8) | UInt64(byte)
                        break
                    }
                    value = (value << 7) | UInt64(byte & 0x7F)
                    if byte & 0x80 == 0 { break }
                }
                guard value <= UInt64(Int32.max) else { throw ChangesetFormat.corrupt }
                return Int(value)
            }

            /// One value of a record: its type byte, then its bytes.
            mutating func skipValue() throws(Result) {
                switch Int32(try byte()) {
                case 0, SQLITE_NULL: return  // "not present", NULL
                case SQLITE_INTEGER, SQLITE_FLOAT: _ = try bytes(8)
                case SQLITE_TEXT, SQLITE_BLOB: _ = try bytes(try varint())
                default: throw ChangesetFormat.corrupt
                }
            }
        }
    }
#endif
