#if Session && !(SystemSQLite && canImport(Darwin))
    import Foundation
    import SQLiteCore
    import Testing

    @Suite struct ApplyChangesetTests {
        /// A changeset that meets a conflict of `kind` applied to the returned target, and the
        /// target's `notes` (or `child`) rows once the conflict is omitted, replaced, aborted.
        struct Scenario {
            let changeset: Changeset
            let target: Connection
            let table: String
            let omitted: [[SQLValue]]
            let replaced: [[SQLValue]]?
        }

        static func scenario(_ kind: Changeset.Conflict.Kind) throws -> Scenario {
            switch kind {
            case .data:
                // The row to update holds other values in the target.
                let source = try makeNotesDatabase(rows: 1)
                let changeset = try record(source) { try source.run("UPDATE notes SET body = 'source' WHERE id = 1") }
                let target = try makeNotesDatabase(rows: 1)
                try target.run("UPDATE notes SET body = 'target' WHERE id = 1")
                return Scenario(
                    changeset: changeset, target: target, table: "notes",
                    omitted: [[1, "target", 10]], replaced: [[1, "source", 10]])
            case .notFound:
                let source = try makeNotesDatabase(rows: 1)
                let changeset = try record(source) { try source.run("UPDATE notes SET body = 'source' WHERE id = 1") }
                return Scenario(
                    changeset: changeset, target: try makeNotesDatabase(), table: "notes", omitted: [], replaced: nil)
            case .conflict:
                // The row to insert exists already.
                let source = try makeNotesDatabase()
                let changeset = try record(source) { try source.run("INSERT INTO notes VALUES (1, 'source', 1)") }
                let target = try makeNotesDatabase()
                try target.run("INSERT INTO notes VALUES (1, 'target', 2)")
                return Scenario(
                    changeset: changeset, target: target, table: "notes", omitted: [[1, "target", 2]],
                    replaced: [[1, "source", 1]])
            case .constraint:
                // The target has a UNIQUE constraint the source lacks.
                let source = try makeNotesDatabase()
                let changeset = try record(source) { try source.run("INSERT INTO notes VALUES (1, 'taken', 1)") }
                let target = try makeNotesDatabase(extraSQL: "CREATE UNIQUE INDEX unique_body ON notes (body);")
                try target.run("INSERT INTO notes VALUES (2, 'taken', 2)")
                return Scenario(
                    changeset: changeset, target: target, table: "notes", omitted: [[2, "taken", 2]], replaced: nil)
            case .foreignKey:
                // A child row whose parent the target lacks.
                let schema = """
                    PRAGMA foreign_keys = ON;
                    CREATE TABLE parent (id INTEGER PRIMARY KEY);
                    CREATE TABLE child (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parent (id));
                    """
                let source = try Connection()
                try source.execute(schema + "INSERT INTO parent VALUES (1);")
                let changeset = try record(source) { try source.run("INSERT INTO child VALUES (1, 1)") }
                let target = try Connection()
                try target.execute(schema)
                return Scenario(changeset: changeset, target: target, table: "child", omitted: [[1, 1]], replaced: nil)
            }
        }

        @Test(arguments: Changeset.Conflict.Kind.allCases, [Changeset.ConflictResolution.omit, .replace, .abort])
        func conflictResolution(kind: Changeset.Conflict.Kind, resolution: Changeset.ConflictResolution) throws {
            let scenario = try Self.scenario(kind)
            let before = try contents(scenario.target, scenario.table)
            let seen = Locked<[Changeset.Conflict]>([])
            let apply = {
                try scenario.target.apply(scenario.changeset) { conflict in
                    seen.withLock { $0.append(conflict) }
                    return resolution
                }
            }
            switch resolution {
            case .omit:
                try apply()
                #expect(try contents(scenario.target, scenario.table) == scenario.omitted)
            case .replace:
                if let replaced = scenario.replaced {
                    try apply()
                    #expect(try contents(scenario.target, scenario.table) == replaced)
                } else {
                    let error = expectResult(code: SQLITE_MISUSE, performing: apply)
                    #expect(error?.message.contains(".replace") == true)
                    #expect(try contents(scenario.target, scenario.table) == before)
                }
            case .abort:
                expectResult(code: SQLITE_ABORT, performing: apply)
                #expect(try contents(scenario.target, scenario.table) == before)
            }
            let conflict = try #require(seen.value.first)
            #expect(seen.value.count == 1)
            #expect(conflict.kind == kind)
            switch kind {
            case .foreignKey:
                #expect(conflict.change == nil)
                #expect(conflict.foreignKeyViolations == 1)
            case .data:
                #expect(conflict.change?.operation == .update)
                #expect(conflict.conflictingValues == [.integer(1), .text("target"), .integer(10)])
            case .conflict:
                #expect(conflict.change?.newValues == [.integer(1), .text("source"), .integer(1)])
                #expect(conflict.conflictingValues == [.integer(1), .text("target"), .integer(2)])
            case .notFound, .constraint:
                #expect(conflict.change?.table == "notes")
                #expect(conflict.conflictingValues == nil)
            }
        }

        @Test func swiftErrorInConflictHandlerAbortsAndIsRethrown() throws {
            let scenario = try Self.scenario(.conflict)
            // A change before the conflicting one, undone with it.
            let source = try makeNotesDatabase()
            let more = try record(source) { try source.run("INSERT INTO notes VALUES (5, 'five', 5)") }
            let both = try scenario.changeset.concatenated(with: more)
            let before = try contents(scenario.target)
            #expect(throws: TestError()) {
                try scenario.target.apply(both) { _ in throw TestError() }
            }
            #expect(try contents(scenario.target) == before)
        }

        @Test func tableFilterAndItsErrors() throws {
            let source = try makeNotesDatabase(extraSQL: "CREATE TABLE other (id INTEGER PRIMARY KEY);")
            let changeset = try record(source) {
                try source.execute("INSERT INTO notes (id) VALUES (1); INSERT INTO other VALUES (1);")
            }
            let target = try makeNotesDatabase(extraSQL: "CREATE TABLE other (id INTEGER PRIMARY KEY);")
            try target.apply(changeset, filter: { $0 == "other" }) { _ in .abort }
            #expect(try contents(target, "notes") == [])
            #expect(try contents(target, "other") == [[1]])

            let fresh = try makeNotesDatabase(extraSQL: "CREATE TABLE other (id INTEGER PRIMARY KEY);")
            #expect(throws: TestError()) {
                try fresh.apply(
                    changeset, filter: { table in if table == "other" { throw TestError() } else { return true } }
                ) { _ in .abort }
            }
            // Whichever table came first, nothing stays applied.
            #expect(try contents(fresh, "notes") == [])
            #expect(try contents(fresh, "other") == [])
        }

        @Test func applyInsideTransactionAndOnClosedConnection() throws {
            let source = try makeNotesDatabase()
            let changeset = try record(source) { try source.run("INSERT INTO notes (id) VALUES (1)") }
            let target = try makeNotesDatabase()
            try target.transaction {
                try target.apply(changeset) { _ in .abort }
                #expect(try contents(target).count == 1)
            }
            try target.close()
            expectResult(code: SQLITE_MISUSE) { try target.apply(changeset) { _ in .abort } }
        }

        @Test func rebaseLocalChangesOverAppliedOnes() throws {
            // Client and server start equal; both change row 1; the client applies the server's
            // change first, the server's value winning.
            let client = try makeNotesDatabase(rows: 2)
            let server = try makeNotesDatabase(rows: 2)
            let local = try record(client) {
                try client.execute(
                    "UPDATE notes SET body = 'client' WHERE id = 1; UPDATE notes SET rank = 99 WHERE id = 2;")
            }
            let remote = try record(server) { try server.run("UPDATE notes SET body = 'server' WHERE id = 1") }
            let rebaseData = try client.applyReturningRebaseData(remote) { conflict in
                conflict.kind.allowsReplace ? .replace : .omit
            }
            #expect(!rebaseData.isEmpty)
            let rebaser = try Rebaser()
            try rebaser.configure(with: rebaseData)
            let rebased = try rebaser.rebase(local)
            // The client's change to row 1 lost: only the change to row 2 is left to send.
            let changes = try rebased.changes()
            #expect(changes.map { $0.oldValues[0] } == [.integer(2)])
            try server.apply(rebased) { _ in .abort }
            #expect(try contents(server) == contents(client))
            expectResult(code: SQLITE_CORRUPT) { try rebaser.configure(with: Data([0x54, 0x05])) }
        }
    }
#endif
