/// The `Decoder` that ``RowDecoder/decodeRow(_:)`` hands to `init(from:)`: the decoder's address
/// and its thread's decoder cell, with no reference. `init(from:)` takes its decoder as an owned
/// `any Decoder`, so a class there costs a retain and a release (two atomic operations) per
/// row; this two-word value fits the existential's inline storage and costs neither.
///
/// Like ``ScopedRowKeyedDecodingContainer``, it checks before each use that the cell still marks
/// its decoder: a decoder kept past its row throws (or, for `userInfo`, reads as empty) instead of
/// reaching through a dangling address.
struct ScopedRowDecoder: Decoder {
    private let decoder: Unmanaged<RowDecoder>
    private let cell: RowDecoder.DecoderCell

    init(decoder: RowDecoder, cell: RowDecoder.DecoderCell) {
        self.decoder = Unmanaged.passUnretained(decoder)
        self.cell = cell
    }

    var codingPath: [any CodingKey] { [] }

    var userInfo: [CodingUserInfoKey: Any] {
        (try? withActiveDecoder { $0.userInfo }) ?? [:]
    }

    /// Runs `body` with the decoder borrowed (no retain) after checking that its cell marks it
    /// as decoding, which keeps it alive.
    @inline(__always)
    private func withActiveDecoder<R>(_ body: (RowDecoder) throws -> R) throws -> R {
        guard UInt(bitPattern: cell.pointee) == UInt(bitPattern: decoder.toOpaque()) else {
            throw CodingErrors.decoderOutlivedRow()
        }
        return try decoder._withUnsafeGuaranteedRef(body)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try withActiveDecoder { try $0.container(keyedBy: type) }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try withActiveDecoder { try $0.unkeyedContainer() }
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        try withActiveDecoder { try $0.singleValueContainer() }
    }
}
