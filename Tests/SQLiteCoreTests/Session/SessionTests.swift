#if Session && !(SystemSQLite && canImport(Darwin))
    import Foundation
    import SQLiteCore
    import Testing

    @Suite struct SessionTests {
        @Test func recordsInsertUpdateDeleteAsTypedChanges() throws {
            let db = try makeNotesDatabase(rows: 2)
            let changeset = try record(db) {
                try db.run("INSERT INTO notes (id, body, rank) VALUES (3, 'new', NULL)")
                try db.run("UPDATE notes SET body = 'changed' WHERE id = 1")
                try db.run("DELETE FROM notes WHERE id = 2")
            }
            let changes = try changeset.changes().sorted {
                ($0.oldValues[0] ?? $0.newValues[0])?.int64Value ?? 0 < ($1.oldValues[0] ?? $1.newValues[0])?.int64Value
                    ?? 0
            }
            #expect(
                changes == [
                    Changeset.Change(
                        operation: .update, table: "notes", primaryKeyColumns: [true, false, false],
                        oldValues: [.integer(1), .text("n1"), nil], newValues: [nil, .text("changed"), nil]),
                    Changeset.Change(
                        operation: .delete, table: "notes", primaryKeyColumns: [true, false, false],
                        oldValues: [.integer(2), .text("n2"), .integer(20)], newValues: [nil, nil, nil]),
                    Changeset.Change(
                        operation: .insert, table: "notes", primaryKeyColumns: [true, false, false],
                        oldValues: [nil, nil, nil], newValues: [.integer(3), .text("new"), .null]),
                ])
            #expect(changes.allSatisfy { $0.columnCount == 3 && !$0.isIndirect })
        }

        @Test func emptySessionAndEnableAndIndirect() throws {
            let db = try makeNotesDatabase(rows: 1)
            let session = try Session(db)
            try session.attach("notes")
            #expect(session.isEmpty)
            #expect(session.isEnabled)
            session.isEnabled = false
            try db.run("UPDATE notes SET body = 'ignored'")
            #expect(session.isEmpty)
            #expect(try session.changeset().isEmpty)
            session.isEnabled = true
            session.isIndirect = true
            #expect(session.isIndirect)
            try db.run("INSERT INTO notes (id) VALUES (2)")
            #expect(!session.isEmpty)
            #expect(try session.changeset().changes().map(\.isIndirect) == [true])
        }

        @Test func attachesOnlyNamedTableOrFilteredTables() throws {
            let db = try makeNotesDatabase(
                extraSQL: "CREATE TABLE other (id INTEGER PRIMARY KEY); CREATE TABLE skip (id INTEGER PRIMARY KEY);")
            let named = try Session(db)
            try named.attach("other")
            let filtered = try Session(db)
            let asked = Locked<[String]>([])
            try filtered.attachAll { table in
                asked.withLock { $0.append(table) }
                return table != "skip"
            }
            try db.execute(
                "INSERT INTO notes (id) VALUES (1); INSERT INTO other (id) VALUES (1); INSERT INTO skip (id) VALUES (1);"
            )
            #expect(try named.changeset().changes().map(\.table) == ["other"])
            #expect(Set(try filtered.changeset().changes().map(\.table)) == ["notes", "other"])
            #expect(Set(asked.value) == ["notes", "other", "skip"])
        }

        @Test func tableWithoutPrimaryKeyIsNotRecorded() throws {
            let db = try Connection()
            try db.execute("CREATE TABLE loose (x)")
            let changeset = try record(db) { try db.run("INSERT INTO loose VALUES (1)") }
            #expect(changeset.isEmpty)
        }

        @Test func diffFromAttachedDatabase() throws {
            let db = try makeNotesDatabase(rows: 3)
            try db.execute(
                """
                ATTACH ':memory:' AS old;
                CREATE TABLE old.notes (id INTEGER PRIMARY KEY, body TEXT, rank INTEGER);
                INSERT INTO old.notes VALUES (1, 'n1', 10), (2, 'stale', 20), (9, 'gone', 90);
                """)
            let session = try Session(db)
            try session.attach("notes")
            try session.diff(from: "old", table: "notes")
            let target = try makeNotesDatabase()
            try target.execute("INSERT INTO notes VALUES (1, 'n1', 10), (2, 'stale', 20), (9, 'gone', 90)")
            try target.apply(try session.changeset()) { _ in .abort }
            #expect(try contents(target) == contents(db))
            #expect(throws: Result.self) { try session.diff(from: "nowhere", table: "notes") }
        }

        @Test func closingTheConnectionDeletesLiveSessions() throws {
            let db = try makeNotesDatabase()
            let session = try Session(db)
            try session.attachAll()
            try db.run("INSERT INTO notes (id) VALUES (1)")
            try db.close()
            let error = expectResult(code: SQLITE_MISUSE) { _ = try session.changeset() }
            #expect(error?.message.contains("connection closed") == true)
            expectResult(code: SQLITE_MISUSE) { try session.attach("notes") }
            #expect(session.isEmpty)
            #expect(!session.isEnabled)
            session.isEnabled = true  // ignored, no crash
        }

        @Test func sessionKeepsItsConnectionAlive() throws {
            var db: Connection? = try makeNotesDatabase()
            let session = try Session(try #require(db))
            try session.attachAll()
            try db?.run("INSERT INTO notes (id) VALUES (1)")
            db = nil
            #expect(try session.changeset().changes().count == 1)
        }

        @Test func sessionAndPreupdateHookExcludeEachOther() throws {
            let db = try makeNotesDatabase()
            var session: Session? = try Session(db)
            _ = session
            expectResult(code: SQLITE_MISUSE) { try db.preupdateHook { _ in } }
            session = nil
            try db.preupdateHook { _ in }
            expectResult(code: SQLITE_MISUSE) { _ = try Session(db) }
            try db.preupdateHook(nil)
            session = try Session(db)
            try session?.attachAll()
            try db.run("INSERT INTO notes (id) VALUES (1)")
            #expect(try session?.changeset().changes().count == 1)
        }

        @Test func sessionOnAnotherSchema() throws {
            let db = try Connection()
            try db.execute(
                "ATTACH ':memory:' AS aux; CREATE TABLE aux.t (id INTEGER PRIMARY KEY, v); CREATE TABLE main.t (id INTEGER PRIMARY KEY, v);"
            )
            let session = try Session(db, schema: "aux")
            try session.attachAll()
            try db.execute("INSERT INTO main.t VALUES (1, 'main'); INSERT INTO aux.t VALUES (2, 'aux');")
            #expect(try session.changeset().changes().map(\.newValues) == [[.integer(2), .text("aux")]])
        }
    }
#endif
