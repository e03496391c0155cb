#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The names a statement's parameters answer to, read once from SQLite and kept with the
/// statement, so that binding by name finds a parameter by comparing bytes, without building a
/// C string for `sqlite3_bind_parameter_index` or asking SQLite for every name again.
///
/// A statement's parameters come from its SQL text alone, and a re-prepare after a schema change
/// keeps that text, so the table stays true for as long as the statement lives.
@usableFromInline
struct ParameterNameTable {
    /// Where one name's bytes are in ``bytes``, and the parameter it names.
    private struct Entry {
        let start: Int
        let count: Int
        let index: Int32
    }

    /// Every name's UTF-8 bytes back to back.
    private let bytes: [UInt8]
    /// First each named parameter's full name (`:email`) in parameter order, then the names of
    /// those with a `:`, `@` or `$` prefix without it (`email`): a name is looked up in this
    /// order, so a full name wins over a shorter name that happens to read the same.
    private let entries: [Entry]
    /// The number of full names at the start of ``entries``.
    private let fullNameCount: Int

    /// Reads the names of the parameters of `statement`, which has `parameterCount` of them.
    init(statement: OpaquePointer, parameterCount: Int) {
        var bytes: [UInt8] = []
        var full: [Entry] = []
        var bare: [Entry] = []
        for index in Int32(1)..<Int32(clamping: parameterCount + 1) {
            // Positional parameters (`?`) have no name.
            guard let name = sqlite3_bind_parameter_name(statement, index) else { continue }
            let start = bytes.count
            let count = strlen(name)
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: name, count: count))
            full.append(Entry(start: start, count: count, index: index))
            switch bytes[start...].first {
            case UInt8(ascii: ":"), UInt8(ascii: "@"), UInt8(ascii: "$"):
                bare.append(Entry(start: start + 1, count: count - 1, index: index))
            default:
                break  // `?NNN`, which is only ever named in full
            }
        }
        self.bytes = bytes
        entries = full + bare
        fullNameCount = full.count
    }

    /// The index of the parameter called `name` (with or without its prefix), nil when there is
    /// none. `expected` is where the name most likely is among the full names: callers give
    /// names in parameter order, so the first comparison usually finds it.
    @usableFromInline
    func index(of name: String, expected: Int) -> Int32? {
        if let found = name.utf8.withContiguousStorageIfAvailable({ index(of: $0, expected: expected) }) {
            return found
        }
        // A string whose UTF-8 is not at hand (bridged from Objective-C) is copied into one.
        var name = name
        return name.withUTF8 { index(of: $0, expected: expected) }
    }

    private func index(of key: UnsafeBufferPointer<UInt8>, expected: Int) -> Int32? {
        bytes.withUnsafeBufferPointer { bytes in
            entries.withUnsafeBufferPointer { entries in
                func matches(_ entry: Entry) -> Bool {
                    guard entry.count == key.count else { return false }
                    guard let stored = bytes.baseAddress, let wanted = key.baseAddress else { return true }
                    return memcmp(stored + entry.start, wanted, key.count) == 0
                }
                if expected >= 0, expected < fullNameCount, matches(entries[expected]) {
                    return entries[expected].index
                }
                for entry in entries where matches(entry) { return entry.index }
                return nil
            }
        }
    }
}
