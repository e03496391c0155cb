#if Session && !(SystemSQLite && canImport(Darwin))
    import Foundation
    import SQLiteCore
    import Testing

    /// Two databases kept in sync by exchanging changesets: the example of
    /// `Documentation/Core.md`, "Sessions and changesets".
    @Suite struct SyncTests {
        /// "The server wins": the client takes the server's changes over its own, rebases its
        /// changes over them, and sends what is left to the server.
        @Test func twoWaySyncWithServerWinsEndsIdentical() throws {
            let schema = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL, rank INTEGER);"
            let seed =
                "INSERT INTO notes VALUES (1, 'one', 1), (2, 'two', 2), (3, 'three', 3), (4, 'four', 4), (5, 'five', 5), (6, 'six', 6), (7, 'seven', 7);"
            let client = try Connection()
            let server = try Connection()
            for db in [client, server] { try db.execute(schema + seed) }

            let clientSession = try Session(client)
            try clientSession.attachAll()
            let serverSession = try Session(server)
            try serverSession.attachAll()

            try client.execute(
                """
                INSERT INTO notes VALUES (10, 'client new', 10);
                UPDATE notes SET body = 'client edit' WHERE id = 1;
                DELETE FROM notes WHERE id = 2;
                UPDATE notes SET body = 'client says', rank = 30 WHERE id = 3;  -- the server edits it too
                UPDATE notes SET body = 'client keeps' WHERE id = 6;            -- the server deletes it
                DELETE FROM notes WHERE id = 7;                                 -- both delete it
                INSERT INTO notes VALUES (20, 'client twenty', 0);              -- the server inserts 20 too
                """)
            try server.execute(
                """
                INSERT INTO notes VALUES (20, 'server twenty', 20);
                UPDATE notes SET body = 'server edit' WHERE id = 4;
                DELETE FROM notes WHERE id = 5;
                UPDATE notes SET body = 'server says' WHERE id = 3;
                DELETE FROM notes WHERE id = 6;
                DELETE FROM notes WHERE id = 7;
                """)
            let fromClient = try clientSession.changeset()
            let fromServer = try serverSession.changeset()
            #expect(clientSession.isEmpty == false)

            // The client takes the server's changes first, the server's rows winning...
            let rebaseData = try client.applyReturningRebaseData(fromServer) { conflict in
                conflict.kind.allowsReplace ? .replace : .omit
            }
            // ...then rebases its own over them, so that they no longer undo the server's where
            // they conflicted (an update keeps only the columns the server did not change)...
            let rebaser = try Rebaser()
            try rebaser.configure(with: rebaseData)
            let toSend = try rebaser.rebase(fromClient)
            // ...and the server applies them, keeping its own rows on any conflict left.
            try server.apply(toSend) { _ in .omit }

            let rows = try contents(server)
            #expect(try contents(client) == rows)
            #expect(
                rows == [
                    [1, "client edit", 1], [3, "server says", 30], [4, "server edit", 4], [10, "client new", 10],
                    [20, "server twenty", 20],
                ])
        }

        /// "Newest wins", each row stamped with the time of its last change: the handler
        /// compares the change's stamp with the conflicting row's.
        @Test func newestWinsPolicy() throws {
            let schema = "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT, stamp INTEGER);"
            let a = try Connection()
            let b = try Connection()
            for db in [a, b] { try db.execute(schema + "INSERT INTO notes VALUES (1, 'base', 0), (2, 'base', 0);") }
            let fromA = try record(a) {
                try a.execute(
                    "UPDATE notes SET body = 'a', stamp = 5 WHERE id = 1; UPDATE notes SET body = 'a', stamp = 1 WHERE id = 2;"
                )
            }
            let fromB = try record(b) {
                try b.execute(
                    "UPDATE notes SET body = 'b', stamp = 3 WHERE id = 1; UPDATE notes SET body = 'b', stamp = 4 WHERE id = 2;"
                )
            }
            let newestWins: (Changeset.Conflict) -> Changeset.ConflictResolution = { conflict in
                guard conflict.kind == .data, let incoming = conflict.change?.newValues[2]?.int64Value,
                    let current = conflict.conflictingValues?[2]?.int64Value
                else { return .omit }
                return incoming > current ? .replace : .omit
            }
            try a.apply(fromB, onConflict: newestWins)
            try b.apply(fromA, onConflict: newestWins)
            #expect(try contents(a) == contents(b))
            #expect(try contents(a) == [[1, "a", 5], [2, "b", 4]])
        }
    }
#endif
