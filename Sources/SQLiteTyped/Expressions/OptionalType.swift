/// Lets generic signatures speak about `Optional<Wrapped>` (`Expression<V?>`). Not for use
/// outside this library.
public protocol _OptionalType {
    /// The type inside the optional.
    associatedtype WrappedType
}

extension Optional: _OptionalType {
    /// The wrapped type.
    public typealias WrappedType = Wrapped
}
