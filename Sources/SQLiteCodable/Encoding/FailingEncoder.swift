/// Containers and an encoder whose every `encode` throws `error`: what `Encoder` methods that
/// cannot throw return for a shape this tier does not store (the error surfaces at the first
/// value written), and how single-value capture detects a value that needs JSON. Each
/// container's generic `encode` is also the witness of every per-type `encode` its protocol
/// requires (`Bool`, `String`, the integers...).
struct FailingEncoder: Encoder {
    let error: any Error
    let userInfo: [CodingUserInfoKey: Any]
    var codingPath: [any CodingKey] { [] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(FailingKeyedEncodingContainer<Key>(error: error))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncodingContainer(error: error)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        FailingSingleValueEncodingContainer(error: error)
    }
}

/// A keyed container that throws on every write.
struct FailingKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let error: any Error
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { throw error }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw error }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(FailingKeyedEncodingContainer<NestedKey>(error: error))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncodingContainer(error: error)
    }

    mutating func superEncoder() -> any Encoder { FailingEncoder(error: error, userInfo: [:]) }

    mutating func superEncoder(forKey key: Key) -> any Encoder { FailingEncoder(error: error, userInfo: [:]) }
}

/// An unkeyed container that throws on every write.
struct FailingUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let error: any Error
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() throws { throw error }
    mutating func encode<T: Encodable>(_ value: T) throws { throw error }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(FailingKeyedEncodingContainer<NestedKey>(error: error))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        FailingUnkeyedEncodingContainer(error: error)
    }

    mutating func superEncoder() -> any Encoder { FailingEncoder(error: error, userInfo: [:]) }
}

/// A single-value container that throws on every write.
struct FailingSingleValueEncodingContainer: SingleValueEncodingContainer {
    let error: any Error
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { throw error }
    mutating func encode<T: Encodable>(_ value: T) throws { throw error }
}
