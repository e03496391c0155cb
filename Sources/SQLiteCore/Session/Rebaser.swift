#if Session && !(SystemSQLite && canImport(Darwin))
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif

    /// Rebases local changes over changes received and applied meanwhile, so that the local
    /// changes, once sent, do not undo the resolution of the conflicts met applying the
    /// received ones (SQLite's rebaser, https://sqlite.org/session/rebaser.html).
    ///
    /// ```swift
    /// let rebaseData = try db.applyReturningRebaseData(fromServer) { _ in .replace }
    /// let rebaser = try Rebaser()
    /// try rebaser.configure(with: rebaseData)
    /// let toSend = try rebaser.rebase(localChanges)
    /// ```
    public final class Rebaser: @unchecked Sendable {
        /// The C rebaser; every use holds `lock`.
        private let pointer: OpaquePointer
        private let lock = RecursiveLock()

        /// A rebaser with no rebase data yet.
        public init() throws {
            var pointer: OpaquePointer?
            let code = sqlite3rebaser_create(&pointer)
            guard code == SQLITE_OK, let pointer else {
                throw Result.session(code == SQLITE_OK ? SQLITE_NOMEM : code, "creating a rebaser")
            }
            self.pointer = pointer
        }

        deinit {
            sqlite3rebaser_delete(pointer)
        }

        /// Adds the rebase data returned by ``Connection/applyReturningRebaseData(_:filter:onConflict:)``.
        public func configure(with rebaseData: Data) throws {
            try lock.withLock { () throws(Result) in
                try Changeset.withBytes(rebaseData) { count, bytes throws(Result) in
                    let code = sqlite3rebaser_configure(pointer, count, bytes)
                    if code != SQLITE_OK { throw Result.session(code, "configuring the rebaser") }
                }
            }
        }

        /// `changeset` rebased over the changes the rebase data describe.
        public func rebase(_ changeset: Changeset) throws -> Changeset {
            try lock.withLock { () throws(Result) -> Changeset in
                try Changeset.withBytes(changeset.data) { count, bytes throws(Result) in
                    try Changeset.output("rebasing the changeset", isPatchset: changeset.isPatchset) { size, output in
                        sqlite3rebaser_rebase(pointer, count, bytes, size, output)
                    }
                }
            }
        }
    }
#endif
