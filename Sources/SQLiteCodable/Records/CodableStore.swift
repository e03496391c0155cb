import Foundation

/// What this tier keeps with a connection (in its `tierStore`): the ``RecordPlan`` of each
/// record type used on it, with the plan's kept encoder, and the pool read the connection runs.
/// Touched only with the connection's lock held; dropped with the connection (or by
/// `clearStatementCache()`, which empties every tier's store).
final class CodableStore {
    // Touched with the connection's lock held: no dynamic exclusivity checks.
    // Measured: without the encoding side's @exclusivity(unchecked), insert-record codable 2.63 -> 3.00 x raw C, record 2.27 -> 2.66 (callgrind --quick).
    @exclusivity(unchecked) private var plans: [ObjectIdentifier: RecordPlan] = [:]
    /// The writable pool whose read this connection (one of the pool's readers) is running, for
    /// the length of the read (see `RecordDatabase.whileReading`): a record type used for the
    /// first time inside it has the pool's writer make its table. Emptying the store (as
    /// `clearStatementCache()` does) inside the read forgets it, and such a type then throws
    /// ``RecordError/tableNotSynced(type:table:)`` instead.
    private(set) var poolRead: RecordDatabase?

    /// Sets ``poolRead`` and returns what it was.
    func swapPoolRead(_ database: RecordDatabase?) -> RecordDatabase? {
        defer { poolRead = database }
        return poolRead
    }

    /// The store of `db`, made on first use. Call with the connection locked.
    static func of(_ db: Connection) -> CodableStore {
        if let store = db.tierObject(.codable) as? CodableStore { return store }
        let store = CodableStore()
        db.setTierObject(store, for: .codable)
        return store
    }

    /// The plan of record type `R`, made on first use.
    func plan<R: Record>(_ type: R.Type) -> RecordPlan {
        let key = ObjectIdentifier(R.self)
        if let plan = plans[key] { return plan }
        let plan = RecordPlan(R.self)
        plans[key] = plan
        return plan
    }
}

extension Connection {
    /// The plan of record type `R` on this connection. Call with the connection locked.
    func recordPlan<R: Record>(_ type: R.Type) -> RecordPlan {
        CodableStore.of(self).plan(R.self)
    }
}
