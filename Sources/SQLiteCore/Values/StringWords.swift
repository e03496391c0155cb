/// The two machine words of a `String` value on 64-bit platforms, for telling cheaply whether
/// two strings are the very same value: the same small string, or the same storage object.
///
/// Equal words mean equal strings for as long as the string behind one of them is kept alive
/// (its storage cannot then be reused by another string). Different words say nothing: equal
/// text can live in two storage objects, so callers fall back to comparing the strings. Where
/// `String` is not two words, words never compare equal.
///
/// The Codable encoder uses it to recognize the keys it was given last without hashing them.
@usableFromInline
package struct StringWords: Equatable, Sendable {
    @usableFromInline
    package let low: UInt64
    @usableFromInline
    package let high: UInt64

    /// Whether `String` is two words here; elsewhere every comparison is false.
    @usableFromInline
    package static var isSupported: Bool { MemoryLayout<String>.size == 16 }

    /// The words of `string`, read in place: a bit cast would copy the string, retaining and
    /// releasing its storage.
    @usableFromInline
    package init(_ string: String) {
        guard StringWords.isSupported else {
            (low, high) = (0, 0)
            return
        }
        (low, high) = withUnsafePointer(to: string) { pointer in
            UnsafeRawPointer(pointer).withMemoryRebound(to: UInt64.self, capacity: 2) { ($0[0], $0[1]) }
        }
    }

    /// The words of the string at `index` of `strings`, read without copying it.
    package init(at strings: UnsafeBufferPointer<String>, _ index: Int) {
        guard StringWords.isSupported, let base = strings.baseAddress else {
            (low, high) = (0, 0)
            return
        }
        (low, high) = UnsafeRawPointer(base + index).withMemoryRebound(to: UInt64.self, capacity: 2) {
            ($0[0], $0[1])
        }
    }

    @usableFromInline
    package static func == (lhs: StringWords, rhs: StringWords) -> Bool {
        isSupported && lhs.low == rhs.low && lhs.high == rhs.high
    }
}
