#if Session
    /// The sessions alive on one connection, and the user's pre-update hook: SQLite's session
    /// extension chains its sessions through the connection's one pre-update hook, so the two
    /// exclude each other, and the sessions must be deleted before the connection closes.
    ///
    /// Holds the C sessions themselves (not the Swift objects): closing deletes every one of
    /// them, even the one whose `Session` is being released on another thread at that moment.
    /// Read and written under the connection's lock.
    final class SessionRegistry {
        /// The live C sessions, by the `Session` that made each.
        private var sessions: [ObjectIdentifier: OpaquePointer] = [:]

        /// The box of the user's pre-update hook, nil when there is none.
        var preupdateHook: AnyObject?

        /// Whether any session is alive.
        var hasSessions: Bool { !sessions.isEmpty }

        /// Records `pointer` as the C session of `owner`.
        func add(_ pointer: OpaquePointer, for owner: ObjectIdentifier) {
            sessions[owner] = pointer
        }

        /// The C session of `owner`, nil once it was deleted.
        func pointer(for owner: ObjectIdentifier) -> OpaquePointer? {
            sessions[owner]
        }

        /// Deletes the C session of `owner`, if it is still alive.
        func delete(for owner: ObjectIdentifier) {
            if let pointer = sessions.removeValue(forKey: owner) { sqlite3session_delete(pointer) }
        }

        /// Deletes every session and unregisters the user's pre-update hook, for closing the
        /// connection `connection`: neither may outlive it.
        func closeAll(_ connection: OpaquePointer) {
            for pointer in sessions.values { sqlite3session_delete(pointer) }
            sessions.removeAll()
            if preupdateHook != nil {
                sqlite3_preupdate_hook(connection, nil, nil)
                preupdateHook = nil
            }
        }
    }
#endif
