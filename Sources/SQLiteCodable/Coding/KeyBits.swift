/// Recognizing a coding key without asking for its `stringValue`: the keys of a small trivial
/// type (the enums synthesized for `Codable`, one byte or none) are told apart by their bits
/// and their type, which a row's encoder and decoder compare with the key they saw at the same
/// position of the previous row.
enum KeyBits {
    // Measured: without the decoding side's @inline(__always), fetch-record codable 2.20 -> 3.86 x raw C, decode-row 2.29 -> 3.95, point-lookup record 2.13 -> 2.95 (callgrind --quick).
    /// The bits of `key` when its type is trivial and of 0, 1 or 8 bytes (equal bits of one
    /// key type then mean an equal key), else nil.
    @inline(__always)
    static func of<K: CodingKey>(_ key: K) -> UInt64? {
        guard _isPOD(K.self) else { return nil }
        switch MemoryLayout<K>.size {
        case 0: return 0
        case 1: return UInt64(unsafeBitCast(key, to: UInt8.self))
        case 8: return unsafeBitCast(key, to: UInt64.self)
        default: return nil
        }
    }

    /// The bits of `key`, whose type is known to be one that ``of(_:)`` reads (a trivial type
    /// of 0, 1 or 8 bytes): its size alone is asked for.
    @inline(__always)
    static func ofKnown<K: CodingKey>(_ key: K) -> UInt64 {
        switch MemoryLayout<K>.size {
        case 1: return UInt64(unsafeBitCast(key, to: UInt8.self))
        case 8: return unsafeBitCast(key, to: UInt64.self)
        default: return 0
        }
    }

    /// The identity of `key`: its type and bits, or ``KeyIdentity/none`` for a key that only
    /// its string identifies.
    @inline(__always)
    static func identity<K: CodingKey>(of key: K) -> KeyIdentity {
        guard let bits = of(key) else { return .none }
        return KeyIdentity(type: ObjectIdentifier(K.self), bits: bits)
    }
}

/// A coding key recognized by its type and bits (see ``KeyBits``).
struct KeyIdentity {
    /// The key's type; nil for a key not recognized by its bits, which equals no other.
    let type: ObjectIdentifier?
    let bits: UInt64

    /// No identity: a key compared by its string.
    static var none: KeyIdentity { KeyIdentity(type: nil, bits: 0) }
}
