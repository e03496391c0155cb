/// The keyed container a row's decoder or encoder handed out for the previous row, kept for
/// the next one: every row of a statement or record type asks for a container of the same key
/// type, so it is made once instead of allocated, with run-time type lookups, per row.
///
/// Handing the kept container out must not look up the run-time type of
/// `KeyedDecodingContainer<Key>` either (a hash-table search, about 330 instructions, that a
/// generic function pays for any value of that type it copies or stores). So the container is
/// kept in a ``ContainerBox`` made for that type, whose ``ContainerBox/value()`` copies it out
/// with the type its own metadata carries, and the coder's `container(keyedBy:)` returns that
/// call's result directly, holding no value of the type itself. Make containers in a separate
/// function (see ``RowDecoder``), so that the coder's fast path has no local of that type.
package struct KeptContainer {
    /// The key type the kept container was made for.
    private var keyType: ObjectIdentifier?
    /// A `ContainerBox<KeyedDecodingContainer<Key>>` or `ContainerBox<KeyedEncodingContainer<Key>>`.
    private var box: AnyObject?

    /// Whether a container for `Key` is kept.
    package init() {}

    // Measured: without the decoding side's @inline(__always), fetch-record codable 2.20 -> 3.86 x raw C, decode-row 2.29 -> 3.95, point-lookup record 2.13 -> 2.95 (callgrind --quick).
    @inline(__always)
    package func holds<Key: CodingKey>(_ key: Key.Type) -> Bool {
        box != nil && keyType == ObjectIdentifier(Key.self)
    }

    /// The kept decoding container; only after ``holds(_:)`` said there is one for `Key`.
    @inline(__always)
    package func decodingContainer<Key: CodingKey>(_ key: Key.Type) -> KeyedDecodingContainer<Key> {
        unsafeDowncast(box.unsafelyUnwrapped, to: ContainerBox<KeyedDecodingContainer<Key>>.self).value()
    }

    /// The kept encoding container; only after ``holds(_:)`` said there is one for `Key`.
    @inline(__always)
    package func encodingContainer<Key: CodingKey>(_ key: Key.Type) -> KeyedEncodingContainer<Key> {
        unsafeDowncast(box.unsafelyUnwrapped, to: ContainerBox<KeyedEncodingContainer<Key>>.self).value()
    }

    /// Keeps `container`, made for `Key`, in place of the one kept.
    package mutating func keep<Container, Key: CodingKey>(_ container: Container, for key: Key.Type) {
        box = ContainerBox(container)
        keyType = ObjectIdentifier(Key.self)
    }

    /// Drops the kept container.
    package mutating func drop() {
        box = nil
        keyType = nil
    }
}

/// One kept container (see ``KeptContainer``).
package final class ContainerBox<Container> {
    private let container: Container

    init(_ container: Container) {
        self.container = container
    }

    /// A copy of the container. Never inlined: called from a function generic over the key,
    /// it takes the container's type from this box's metadata instead of looking it up.
    @inline(never)
    package func value() -> Container { container }
}
