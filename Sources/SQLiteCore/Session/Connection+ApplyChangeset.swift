#if Session && !(SystemSQLite && canImport(Darwin))
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif

    extension Connection {
        /// Applies the changes of `changeset` (made by a ``Session`` elsewhere) to this
        /// connection's main database, all or nothing.
        ///
        /// ```swift
        /// try replica.apply(changes) { conflict in
        ///     conflict.kind.allowsReplace ? .replace : .omit   // the incoming changes win
        /// }
        /// ```
        ///
        /// - Parameters:
        ///   - changeset: the changes to apply.
        ///   - filter: which tables to apply changes to, by name (default: all).
        ///   - onConflict: what to do with a change that does not apply as it is
        ///     (``Changeset/Conflict``). It runs inside the apply and must not use the connection.
        /// - Throws: ``Result`` `SQLITE_ABORT` when `onConflict` answers
        ///   ``Changeset/ConflictResolution/abort``, `SQLITE_MISUSE` when it answers `.replace`
        ///   where SQLite does not allow it, SQLite's error (`SQLITE_CORRUPT`...) for bytes that
        ///   are not a changeset; and whatever `filter` or `onConflict` throws. Whatever is
        ///   thrown, the database is left as it was.
        public func apply(
            _ changeset: Changeset, filter: ((_ table: String) throws -> Bool)? = nil,
            onConflict: (Changeset.Conflict) throws -> Changeset.ConflictResolution
        ) throws {
            try applyChangeset(changeset, filter: filter, onConflict: onConflict, rebase: false)
        }

        /// Applies `changeset` as ``apply(_:filter:onConflict:)`` does, and returns the rebase
        /// data that a ``Rebaser`` needs to rebase, over these changes, the local changes not
        /// yet sent (https://sqlite.org/session/rebaser.html).
        ///
        /// ```swift
        /// let rebaseData = try db.applyReturningRebaseData(fromServer) { _ in .replace }
        /// let rebaser = try Rebaser()
        /// try rebaser.configure(with: rebaseData)
        /// let toSend = try rebaser.rebase(localChanges)
        /// ```
        public func applyReturningRebaseData(
            _ changeset: Changeset, filter: ((_ table: String) throws -> Bool)? = nil,
            onConflict: (Changeset.Conflict) throws -> Changeset.ConflictResolution
        ) throws -> Data {
            try applyChangeset(changeset, filter: filter, onConflict: onConflict, rebase: true)
        }

        @discardableResult
        private func applyChangeset(
            _ changeset: Changeset, filter: ((String) throws -> Bool)?,
            onConflict: (Changeset.Conflict) throws -> Changeset.ConflictResolution, rebase: Bool
        ) throws -> Data {
            try withoutActuallyEscaping(onConflict) { onConflict in
                try connection.lock.withLock { () throws -> Data in
                    try connection.checkOpen()
                    let context = ApplyContext(filter: filter, onConflict: onConflict)
                    // The apply's own savepoint is released when it returns: this one lets an
                    // error thrown by the filter, which SQLite cannot be told about, undo it too.
                    try connection.check(sqlite3_exec(handle, "SAVEPOINT swift_sqlite_apply", nil, nil, nil))
                    var rebaseSize: Int32 = 0
                    var rebaseBuffer: UnsafeMutableRawPointer?
                    defer { sqlite3_free(rebaseBuffer) }
                    let code = try Changeset.withBytes(changeset.data) { count, bytes throws(Result) in
                        withExtendedLifetime(context) {
                            withUnsafeMutablePointer(to: &rebaseBuffer) { buffer in
                                withUnsafeMutablePointer(to: &rebaseSize) { size in
                                    sqlite3changeset_apply_v2(
                                        handle, count, bytes,
                                        filter == nil
                                            ? nil
                                            : { context, table in
                                                guard let context, let table else { return 0 }
                                                return ApplyContext.from(context).include(String(cString: table))
                                                    ? 1 : 0
                                            },
                                        { context, code, iterator in
                                            guard let context, let iterator else { return SQLITE_CHANGESET_ABORT }
                                            return ApplyContext.from(context).resolve(code, iterator)
                                        },
                                        Unmanaged.passUnretained(context).toOpaque(), rebase ? buffer : nil,
                                        rebase ? size : nil, 0)
                                }
                            }
                        }
                    }
                    if code != SQLITE_OK || context.failure != nil {
                        sqlite3_exec(
                            handle, "ROLLBACK TO swift_sqlite_apply; RELEASE swift_sqlite_apply", nil, nil, nil)
                        if let failure = context.failure { throw failure }
                        // SQLite reports an abort answered to a foreign-key conflict as
                        // SQLITE_CONSTRAINT: every abort is reported alike.
                        if context.aborted {
                            throw Result.error(
                                message: "applying the changeset: the conflict handler aborted", code: SQLITE_ABORT,
                                statement: nil)
                        }
                        throw Result.session(code, "applying the changeset")
                    }
                    try connection.check(sqlite3_exec(handle, "RELEASE swift_sqlite_apply", nil, nil, nil))
                    return rebaseBuffer.map { Data(bytes: $0, count: Int(rebaseSize)) } ?? Data()
                }
            }
        }
    }

    /// The Swift side of one apply: the user's closures, and the first error they threw (or
    /// that an invalid answer caused), which stops the apply and is rethrown after it.
    private final class ApplyContext {
        let filter: ((String) throws -> Bool)?
        let onConflict: (Changeset.Conflict) throws -> Changeset.ConflictResolution
        var failure: (any Error)?
        /// Whether the conflict handler answered ``Changeset/ConflictResolution/abort``.
        var aborted = false

        init(
            filter: ((String) throws -> Bool)?,
            onConflict: @escaping (Changeset.Conflict) throws -> Changeset.ConflictResolution
        ) {
            self.filter = filter
            self.onConflict = onConflict
        }

        static func from(_ pointer: UnsafeMutableRawPointer) -> ApplyContext {
            Unmanaged<ApplyContext>.fromOpaque(pointer).takeUnretainedValue()
        }

        /// Whether to apply the changes to `table`: none once a closure threw.
        func include(_ table: String) -> Bool {
            guard failure == nil, let filter else { return failure == nil }
            do {
                return try filter(table)
            } catch {
                failure = error
                return false
            }
        }

        /// The answer to the conflict `code` on `iterator`: abort once a closure threw, or when
        /// the handler's answer is not one SQLite allows for the conflict.
        func resolve(_ code: Int32, _ iterator: OpaquePointer) -> Int32 {
            guard failure == nil else { return SQLITE_CHANGESET_ABORT }
            do {
                let conflict = try Changeset.Conflict(code: code, iterator: iterator)
                let resolution = try onConflict(conflict)
                if resolution == .replace, !conflict.kind.allowsReplace {
                    failure = Result.misuse(
                        "a \(conflict.kind) conflict cannot be resolved with .replace: answer .omit or .abort")
                    return SQLITE_CHANGESET_ABORT
                }
                if resolution == .abort { aborted = true }
                return resolution.code
            } catch {
                failure = error
                return SQLITE_CHANGESET_ABORT
            }
        }
    }
#endif
