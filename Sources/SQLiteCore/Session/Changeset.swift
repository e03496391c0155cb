#if Session && !(SystemSQLite && canImport(Darwin))
    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif

    /// A set of row changes recorded by a ``Session``, in SQLite's changeset or patchset format,
    /// to apply to another database (``Connection/apply(_:filter:onConflict:)``), invert, combine
    /// or read.
    ///
    /// ```swift
    /// let changes = try session.changeset()
    /// for change in try changes.changes() {
    ///     print(change.operation, change.table, change.newValues)
    /// }
    /// try replica.apply(changes) { _ in .replace }
    /// let undo = try changes.inverted()
    /// ```
    ///
    /// The bytes may come from anywhere (a file, the network): reading bytes that are not a
    /// valid changeset throws (`SQLITE_CORRUPT`...), it never crashes.
    public struct Changeset: Sendable, Hashable {
        /// The changeset's bytes, in SQLite's format.
        public let data: Data

        /// Whether these are a patchset (``Session/patchset()``): a compact changeset without
        /// the old values of updated and deleted rows, which cannot be inverted.
        public let isPatchset: Bool

        /// A changeset (or, with `isPatchset`, a patchset) of bytes made by SQLite, maybe
        /// received from elsewhere.
        public init(data: Data, isPatchset: Bool = false) {
            self.data = data
            self.isPatchset = isPatchset
        }

        /// Whether there are no bytes, hence no change.
        public var isEmpty: Bool { data.isEmpty }

        /// The changeset that undoes this one: inserts become deletes, deletes inserts, and
        /// updates swap their old and new values. Applying both leaves the database as it was.
        ///
        /// - Throws: ``Result`` `SQLITE_MISUSE` for a patchset, which lacks the old values;
        ///   `SQLITE_CORRUPT` for bytes that are not a changeset.
        public func inverted() throws -> Changeset {
            if isPatchset { throw Result.misuse("a patchset cannot be inverted: it has no old values") }
            return try Changeset.withBytes(data) { count, bytes throws(Result) in
                try Changeset.output("inverting the changeset", isPatchset: false) { size, output in
                    sqlite3changeset_invert(count, bytes, size, output)
                }
            }
        }

        /// This changeset followed by `other`, as one changeset: applying it does what applying
        /// both in turn does, changes to the same row merged.
        ///
        /// - Throws: ``Result`` for bytes that are not changesets, and for a changeset
        ///   concatenated with a patchset (`SQLITE_ERROR`).
        public func concatenated(with other: Changeset) throws -> Changeset {
            try Changeset.concatenate([self, other])
        }

        /// The changesets in order, as one changeset (SQLite's changegroup): applying it does
        /// what applying each in turn does.
        ///
        /// ```swift
        /// let all = try Changeset.concatenate([monday, tuesday, wednesday])
        /// ```
        ///
        /// - Throws: ``Result`` for bytes that are not changesets, and for a mix of changesets
        ///   and patchsets (`SQLITE_ERROR`).
        public static func concatenate(_ changesets: [Changeset]) throws -> Changeset {
            let isPatchset = changesets.first?.isPatchset ?? false
            if changesets.contains(where: { $0.isPatchset != isPatchset }) {
                throw Result.misuse("a changeset cannot be concatenated with a patchset", code: SQLITE_ERROR)
            }
            var group: OpaquePointer?
            let code = sqlite3changegroup_new(&group)
            guard code == SQLITE_OK, let group else {
                throw Result.session(code == SQLITE_OK ? SQLITE_NOMEM : code, "creating a changegroup")
            }
            defer { sqlite3changegroup_delete(group) }
            for changeset in changesets {
                try withBytes(changeset.data) { count, bytes throws(Result) in
                    let code = sqlite3changegroup_add(group, count, bytes)
                    if code != SQLITE_OK { throw Result.session(code, "concatenating changesets") }
                }
            }
            return try output("concatenating changesets", isPatchset: isPatchset) { size, output in
                sqlite3changegroup_output(group, size, output)
            }
        }

        /// The changes, in order, read in full.
        ///
        /// ```swift
        /// for change in try changeset.changes() where change.operation == .update {
        ///     print(change.table, change.oldValues, "→", change.newValues)
        /// }
        /// ```
        ///
        /// - Throws: ``Result`` (`SQLITE_CORRUPT`...) for bytes that are not a valid changeset.
        public func changes() throws -> [Change] {
            try Changeset.withBytes(data) { count, bytes throws(Result) -> [Change] in
                var iterator: OpaquePointer?
                let code = sqlite3changeset_start(&iterator, count, bytes)
                guard code == SQLITE_OK, let iterator else {
                    sqlite3changeset_finalize(iterator)
                    throw Result.session(code == SQLITE_OK ? SQLITE_NOMEM : code, "reading the changeset")
                }
                var changes: [Change] = []
                do throws(Result) {
                    var step = sqlite3changeset_next(iterator)
                    while step == SQLITE_ROW {
                        changes.append(try Change(iterator: iterator))
                        step = sqlite3changeset_next(iterator)
                    }
                    if step != SQLITE_DONE { throw Result.session(step, "reading the changeset") }
                } catch {
                    sqlite3changeset_finalize(iterator)
                    throw error
                }
                // The iterator's finalize reports the first error it met, if next did not.
                let final = sqlite3changeset_finalize(iterator)
                if final != SQLITE_OK { throw Result.session(final, "reading the changeset") }
                return changes
            }
        }

        /// Runs `body` with the size and address of `data`'s bytes, for SQLite's functions that
        /// read a changeset (they take a non-const pointer, but never write through it), once
        /// ``ChangesetFormat`` found them well-formed.
        static func withBytes<T>(
            _ data: Data, _ body: (Int32, UnsafeMutableRawPointer?) throws(Result) -> T
        ) throws(Result) -> T {
            guard let count = Int32(exactly: data.count) else {
                throw Result.misuse("a changeset of \(data.count) bytes is too big for SQLite", code: SQLITE_TOOBIG)
            }
            let result: Swift.Result<T, Result> = data.withUnsafeBytes { buffer in
                do throws(Result) {
                    try ChangesetFormat.validate(buffer)
                    return .success(try body(count, UnsafeMutableRawPointer(mutating: buffer.baseAddress)))
                } catch {
                    return .failure(error)
                }
            }
            return try result.get()
        }

        /// The changeset a SQLite function writes into a buffer of its own, copied and freed.
        static func output(
            _ what: String, isPatchset: Bool,
            _ function: (UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> Int32
        ) throws(Result) -> Changeset {
            var size: Int32 = 0
            var buffer: UnsafeMutableRawPointer?
            let code = function(&size, &buffer)
            defer { sqlite3_free(buffer) }
            if code != SQLITE_OK { throw Result.session(code, what) }
            let data = buffer.map { Data(bytes: $0, count: Int(size)) } ?? Data()
            return Changeset(data: data, isPatchset: isPatchset)
        }
    }
#endif
