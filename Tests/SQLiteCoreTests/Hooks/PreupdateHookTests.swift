#if Session && !(SystemSQLite && canImport(Darwin))
    import Foundation
    import SQLiteCore
    import Testing

    @Suite struct PreupdateHookTests {
        @Test func reportsInsertUpdateDeleteWithValues() throws {
            let db = try Connection()
            try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL)")
            let seen = Locked<[PreupdateChange]>([])
            try db.preupdateHook { change in seen.withLock { $0.append(change) } }
            try db.execute(
                """
                INSERT INTO t VALUES (1, 'a', 1.5);
                UPDATE t SET name = 'b', id = 2 WHERE id = 1;
                DELETE FROM t WHERE id = 2;
                """)
            let changes = seen.value
            #expect(changes.map(\.operation) == [.insert, .update, .delete])
            #expect(
                changes.allSatisfy { $0.database == "main" && $0.table == "t" && $0.columnCount == 3 && $0.depth == 0 })
            #expect(changes[0].oldValues == [])
            #expect(changes[0].newValues == [.integer(1), .text("a"), .real(1.5)])
            #expect(changes[0].newRowid == 1)
            #expect(changes[1].oldValues == [.integer(1), .text("a"), .real(1.5)])
            #expect(changes[1].newValues == [.integer(2), .text("b"), .real(1.5)])
            #expect(changes[1].oldRowid == 1 && changes[1].newRowid == 2)
            #expect(changes[2].oldValues == [.integer(2), .text("b"), .real(1.5)])
            #expect(changes[2].newValues == [])
            #expect(changes[2].oldRowid == 2)

            try db.preupdateHook(nil)
            try db.run("INSERT INTO t VALUES (3, 'c', 0)")
            #expect(seen.value.count == 3)
        }

        @Test func withoutRowidTableAndTriggerDepth() throws {
            let db = try Connection()
            try db.execute(
                """
                CREATE TABLE k (code TEXT PRIMARY KEY, label TEXT) WITHOUT ROWID;
                CREATE TABLE log (entry TEXT);
                CREATE TRIGGER k_log AFTER INSERT ON k BEGIN INSERT INTO log VALUES (new.code); END;
                """)
            let seen = Locked<[PreupdateChange]>([])
            try db.preupdateHook { change in seen.withLock { $0.append(change) } }
            try db.run("INSERT INTO k VALUES ('x', 'ex')")
            try db.run("UPDATE k SET label = 'why' WHERE code = 'x'")
            let changes = seen.value
            #expect(changes.map(\.table) == ["k", "log", "k"])
            #expect(changes[0].newValues == [.text("x"), .text("ex")])
            #expect(changes[1].depth == 1)
            #expect(changes[2].operation == .update)
            #expect(changes[2].oldValues == [.text("x"), .text("ex")])
            #expect(changes[2].newValues == [.text("x"), .text("why")])
        }

        @Test func closedConnectionThrowsAndClosingReleasesTheHook() throws {
            let db = try Connection()
            let released = Locked(false)
            do {
                let tracked = Tracked(released)
                try db.preupdateHook { _ in _ = tracked.touch() }
            }
            #expect(released.value == false)
            try db.close()
            #expect(released.value == true)
            expectResult(code: SQLITE_MISUSE) { try db.preupdateHook { _ in } }
        }
    }
#endif
