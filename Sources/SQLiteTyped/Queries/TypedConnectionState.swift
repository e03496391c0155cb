/// What the typed tier keeps with each connection: the rendered SQL of the statement shapes it
/// has run, one cache per path (inserts, selects), in front of the connection's statement cache.
///
/// It lives in the connection's tier store, made on first use, and is touched only with the
/// connection's lock held (the lock the tier holds anyway around the statement it then uses),
/// so it has no lock of its own, is shared by no other connection, and is not `Sendable`.
/// ``Connection/clearStatementCache()`` drops it with the statements.
final class TypedConnectionState {
    /// `INSERT` text by shape (see ``InsertShapeCache``).
    let insertShapes = ShapeCache()

    /// `SELECT` text by shape (see ``SelectShapeCache``).
    let selectShapes = ShapeCache()

    /// The simple `SELECT` rendered last, recognized by identity before its shape is computed.
    @exclusivity(unchecked)
    var lastSelect: LastSelectShape?
}

extension Connection {
    /// The typed tier's state for this connection, made on first use. Call it with the
    /// connection's lock held (``withTierStoreLock(_:)``).
    var typedState: TypedConnectionState {
        if let state = tierObject(.typed) as? TypedConnectionState { return state }
        let state = TypedConnectionState()
        setTierObject(state, for: .typed)
        return state
    }
}
