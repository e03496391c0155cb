import Foundation

/// The record types whose tables were created or completed (tables on first use) through one
/// database queue or pool, so that later reads, which a queue or pool runs read-only, need not
/// ask the writer again. One per queue or pool, shared by every ``RecordDatabase`` made of it.
///
/// Kept in a process-wide table keyed by the queue or pool (held weakly), for want of an
/// owner: the queue and pool are Core's and keep nothing for this tier, and the record calls
/// make a new ``RecordDatabase`` value per call.
final class SyncedRecordTypes: Sendable {
    private let types = Locked<Set<ObjectIdentifier>>([])

    /// Whether the table of `type` was synced.
    func contains(_ type: ObjectIdentifier) -> Bool {
        types.withLock { $0.contains(type) }
    }

    /// Remembers that the table of `type` was synced.
    func insert(_ type: ObjectIdentifier) {
        types.withLock { _ = $0.insert(type) }
    }

    /// Forgets `type` (its table was dropped): the next use syncs it again.
    func remove(_ type: ObjectIdentifier) {
        types.withLock { _ = $0.remove(type) }
    }

    // MARK: - One per database object

    /// An entry of the shared table: the database object, weakly, and its set.
    private struct Entry {
        weak var object: AnyObject?
        let types: SyncedRecordTypes
    }

    private static let table = Locked<[ObjectIdentifier: Entry]>([:])

    /// The set of `object` (a queue or pool), made on first use.
    static func shared(for object: AnyObject) -> SyncedRecordTypes {
        let key = ObjectIdentifier(object)
        return table.withLock { table in
            if let entry = table[key], entry.object === object { return entry.types }
            // Entries of released objects go when new ones come, so the table stays small.
            if table.count >= 16 { table = table.filter { $0.value.object != nil } }
            let types = SyncedRecordTypes()
            table[key] = Entry(object: object, types: types)
            return types
        }
    }
}
