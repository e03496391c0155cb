#if Session && !(SystemSQLite && canImport(Darwin))
    /// The sessions alive on one connection, and the user's pre-update hook: SQLite's session
    /// extension chains its sessions through the connection's one pre-update hook, so the two
    /// exclude each other, and the sessions must be deleted before the connection closes.
    ///
    /// Holds the C sessions themselves (not the Swift objects): closing deletes every one of
    /// them, even the one whose `Session` is being released on another thread at that moment.
    /// Read and written under the connection's lock.
    final class SessionRegistry {
        /// The live C sessions, by the `Session` that made each.
        var live: [ObjectIdentifier: OpaquePointer] = [:]

        /// The box of the user's pre-update hook, nil when there is none.
        var preupdateHook: AnyObject?

        /// Deletes the C session of `owner`, if it is still alive.
        func delete(for owner: ObjectIdentifier) {
            if let pointer = live.removeValue(forKey: owner) { sqlite3session_delete(pointer) }
        }

        /// Deletes every session and unregisters the user's pre-update hook, for closing the
        /// connection `connection`: neither may outlive it.
        func closeAll(_ connection: OpaquePointer) {
            for pointer in live.values { sqlite3session_delete(pointer) }
            live.removeAll()
            if preupdateHook != nil {
                sqlite3_preupdate_hook(connection, nil, nil)
                preupdateHook = nil
            }
        }
    }
#endif
