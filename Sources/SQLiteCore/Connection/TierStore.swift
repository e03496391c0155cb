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

extension Connection {
    /// Runs `body` with the connection's lock held, for a tier that reads or changes what it
    /// keeps in ``tierStore`` and then uses a cached statement (``lockedCachedStatement(_:)``)
    /// under the same, single taking of the lock.
    @inlinable
    package func withTierStoreLock<T>(_ body: () throws -> T) rethrows -> T {
        connection.lock.lock()
        defer { connection.lock.unlock() }
        return try body()
    }

    /// Takes the connection's lock, as ``withTierStoreLock(_:)`` does, for a caller whose work
    /// is better not wrapped in a closure (a closure capturing a large value may copy it);
    /// balance it with ``unlockTierStore()``, in a `defer`.
    @inlinable
    package func lockTierStore() {
        connection.lock.lock()
    }

    /// Releases the lock taken by ``lockTierStore()``.
    @inlinable
    package func unlockTierStore() {
        connection.lock.unlock()
    }
}

extension TierStore {
    /// A tier's place in a store.
    package enum Tier: Sendable {
        case typed
        case codable
        case schema
    }

    /// The object kept in `tier`'s place.
    package subscript(tier: Tier) -> AnyObject? {
        get {
            switch tier {
            case .typed: typed
            case .codable: codable
            case .schema: schema
            }
        }
        set {
            switch tier {
            case .typed: typed = newValue
            case .codable: codable = newValue
            case .schema: schema = newValue
            }
        }
    }
}

// Accessors compiled in Core, for the tiers' hot paths: another module's access to the
// `tierStore` stored property is checked for exclusivity at run time (Core's own accesses are
// not, see the property), which costs more than the rest of a lookup in the store.
extension Connection {
    /// What `tier` keeps with the connection (``tierStore``). Call with the connection's lock held.
    package func tierObject(_ tier: TierStore.Tier) -> AnyObject? {
        tierStore[tier]
    }

    /// Keeps `object` in `tier`'s place of ``tierStore``. Call with the connection's lock held.
    package func setTierObject(_ object: AnyObject?, for tier: TierStore.Tier) {
        tierStore[tier] = object
    }
}

extension Statement {
    /// What `tier` keeps with the statement (``tierStore``). Call with the connection's lock
    /// held, or while the statement is checked out of the cache.
    package func tierObject(_ tier: TierStore.Tier) -> AnyObject? {
        tierStore[tier]
    }

    /// Keeps `object` in `tier`'s place of ``tierStore``.
    package func setTierObject(_ object: AnyObject?, for tier: TierStore.Tier) {
        tierStore[tier] = object
    }
}
