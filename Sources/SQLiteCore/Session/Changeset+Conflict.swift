#if Session && !(SystemSQLite && canImport(Darwin))
    extension Changeset {
        /// A change that could not be applied as it is, reported to the conflict handler of
        /// ``Connection/apply(_:filter:onConflict:)``.
        public struct Conflict: Sendable, Hashable {
            /// Why the change does not apply.
            public enum Kind: Sendable, Hashable, CaseIterable {
                /// The row to update or delete exists, but its values are not the change's old
                /// values (`SQLITE_CHANGESET_DATA`).
                case data
                /// The row to update or delete does not exist (`SQLITE_CHANGESET_NOTFOUND`).
                case notFound
                /// The row to insert exists already: same primary key (`SQLITE_CHANGESET_CONFLICT`).
                case conflict
                /// The change breaks a constraint: UNIQUE, CHECK, NOT NULL
                /// (`SQLITE_CHANGESET_CONSTRAINT`).
                case constraint
                /// Once every change is applied, foreign keys are violated
                /// (`SQLITE_CHANGESET_FOREIGN_KEY`); ``Conflict/foreignKeyViolations`` counts them,
                /// and ``ConflictResolution/omit`` keeps the changes all the same.
                case foreignKey

                init?(code: Int32) {
                    switch code {
                    case SQLITE_CHANGESET_DATA: self = .data
                    case SQLITE_CHANGESET_NOTFOUND: self = .notFound
                    case SQLITE_CHANGESET_CONFLICT: self = .conflict
                    case SQLITE_CHANGESET_CONSTRAINT: self = .constraint
                    case SQLITE_CHANGESET_FOREIGN_KEY: self = .foreignKey
                    default: return nil
                    }
                }

                /// Whether ``ConflictResolution/replace`` is a valid answer (SQLite allows it for
                /// these two only).
                public var allowsReplace: Bool { self == .data || self == .conflict }
            }

            /// Why the change does not apply.
            public let kind: Kind

            /// The change; nil for a ``Kind/foreignKey`` conflict, which concerns them all.
            public let change: Change?

            /// The row in the database that conflicts, per column, for ``Kind/data`` and
            /// ``Kind/conflict``; nil for the other kinds.
            public let conflictingValues: [SQLValue?]?

            /// The number of foreign-key violations, for a ``Kind/foreignKey`` conflict; 0 else.
            public let foreignKeyViolations: Int

            /// A conflict as given, e.g. in tests of conflict handlers.
            public init(
                kind: Kind, change: Change?, conflictingValues: [SQLValue?]? = nil, foreignKeyViolations: Int = 0
            ) {
                self.kind = kind
                self.change = change
                self.conflictingValues = conflictingValues
                self.foreignKeyViolations = foreignKeyViolations
            }

            /// The conflict SQLite reports with `code` on `iterator`.
            init(code: Int32, iterator: OpaquePointer) throws(Result) {
                guard let kind = Kind(code: code) else {
                    throw Result.misuse("unknown changeset conflict \(code)", code: SQLITE_ERROR)
                }
                self.kind = kind
                if kind == .foreignKey {
                    var count: Int32 = 0
                    let status = sqlite3changeset_fk_conflicts(iterator, &count)
                    if status != SQLITE_OK { throw Result.session(status, "reading a foreign key conflict") }
                    change = nil
                    conflictingValues = nil
                    foreignKeyViolations = Int(count)
                    return
                }
                let change = try Change(iterator: iterator)
                self.change = change
                conflictingValues =
                    kind.allowsReplace
                    ? try Change.values(iterator, change.columnCount, "conflicting", sqlite3changeset_conflict) : nil
                foreignKeyViolations = 0
            }
        }

        /// What to do about a ``Conflict``.
        public enum ConflictResolution: Sendable, Hashable {
            /// Skip the change (for ``Conflict/Kind/foreignKey``: keep the changes anyway).
            case omit
            /// Apply the change over the conflicting row; valid for ``Conflict/Kind/data`` and
            /// ``Conflict/Kind/conflict`` only (for another kind the apply throws
            /// `SQLITE_MISUSE` and changes nothing).
            case replace
            /// Stop: the apply throws `SQLITE_ABORT` and changes nothing.
            case abort

            var code: Int32 {
                switch self {
                case .omit: SQLITE_CHANGESET_OMIT
                case .replace: SQLITE_CHANGESET_REPLACE
                case .abort: SQLITE_CHANGESET_ABORT
                }
            }
        }
    }
#endif
