/// What the higher tiers keep with a connection or a statement (the typed tier's column map,
/// the Codable tier's decoding state, ...): one place per tier, so that no tier evicts
/// another's. Package-only, so users can neither reach nor overwrite it.
///
/// Touch it only with the connection's lock held. The statement cache empties a statement's
/// store when it evicts the statement, and ``Connection/clearStatementCache()`` empties the
/// connection's, so what a tier keeps may refer back to its statement or connection without
/// keeping it alive forever.
@usableFromInline
package struct TierStore {
    /// The typed tier's (`SQLiteTyped`).
    @usableFromInline
    package var typed: AnyObject?

    /// The Codable tier's (`SQLiteCodable`).
    @usableFromInline
    package var codable: AnyObject?

    /// The schema tier's (`SQLiteSchema`).
    @usableFromInline
    package var schema: AnyObject?

    /// An empty store.
    @inlinable
    package init() {}
}
