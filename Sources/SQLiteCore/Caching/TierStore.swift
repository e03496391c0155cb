/// What the higher tiers keep with a connection or a statement (the typed tier's column map,
/// the Codable tier's decoding state, ...): one place per tier, so that no tier evicts
/// another's. Package-only, so users can neither reach nor overwrite it. Reach it through
/// `tierObject(_:)` and `setTierObject(_:for:)`, under the rules of the caching design (at the
/// top of `StatementCache.swift`): a statement's store is emptied when its columns change or
/// the cache evicts it, the connection's by ``Connection/dropCaches()``, so what a tier keeps
/// may refer back to its statement or connection without keeping it alive forever.
@usableFromInline
package struct TierStore {
    /// The typed tier's (`SQLiteTyped`).
    @usableFromInline
    package var typed: AnyObject?

    /// The Codable tier's (`SQLiteCodable`).
    @usableFromInline
    package var codable: AnyObject?

    /// For a statement's store: the ``Statement/columnsGeneration`` its objects were made for.
    @usableFromInline
    var generation = 0

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
    package enum Tier: Sendable { case typed, codable }

    /// The object kept in `tier`'s place.
    package subscript(tier: Tier) -> AnyObject? {
        get {
            switch tier {
            case .typed: typed
            case .codable: codable
            }
        }
        set {
            switch tier {
            case .typed: typed = newValue
            case .codable: codable = newValue
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
    /// What `tier` keeps with the statement for its current columns (``tierStore``): nil once
    /// SQLite re-prepared the statement with other columns than the object was made for (the
    /// store is emptied then). Call it after the first step of a run, in which SQLite
    /// re-prepares a statement whose schema changed, with the connection's lock held or while
    /// the statement is checked out of the cache.
    package func tierObject(_ tier: TierStore.Tier) -> AnyObject? {
        let generation = columnsGeneration
        guard tierStore.generation == generation else {
            tierStore = TierStore()
            tierStore.generation = generation
            return nil
        }
        return tierStore[tier]
    }

    /// Keeps `object` in `tier`'s place of ``tierStore``, for the statement's current columns.
    package func setTierObject(_ object: AnyObject?, for tier: TierStore.Tier) {
        let generation = columnsGeneration
        if tierStore.generation != generation {
            tierStore = TierStore()
            tierStore.generation = generation
        }
        tierStore[tier] = object
    }
}
