import SQLiteCore
import Testing

#if Session && !(SystemSQLite && canImport(Darwin))
    /// The device-to-server example of Documentation/Replication.md, as written there.
    @Suite struct DeviceSyncExampleTests {
        /// A note, with the time of its last edit; the same table on the device and the server.
        let schema = "CREATE TABLE note (id TEXT PRIMARY KEY, body TEXT NOT NULL, edited REAL NOT NULL)"

        /// Applies `changes` to `db`; when a row was changed on both sides, the later edit stays.
        func merge(_ changes: Changeset, into db: Connection) throws {
            try db.apply(changes) { conflict in
                guard conflict.kind.allowsReplace,
                    case .real(let incoming)? = conflict.change?.newValues[2],
                    case .real(let existing)? = conflict.conflictingValues?[2]
                else { return .omit }
                return incoming > existing ? .replace : .omit
            }
        }

        @Test func theNewerEditWinsOnTheServer() throws {
            let server = try Connection()
            let device = try Connection()
            try server.execute(schema)
            try device.execute(schema)
            try server.run("INSERT INTO note VALUES ('a', 'from the server', 1)")
            try device.run("INSERT INTO note VALUES ('a', 'from the device', 2)")  // offline, later

            let recorder = try Session(device)
            try recorder.attachAll()
            try device.run("INSERT INTO note VALUES ('b', 'new on the device', 3)")
            try device.run("UPDATE note SET body = 'edited on the device', edited = 4 WHERE id = 'a'")
            try merge(try recorder.changeset(), into: server)

            let notes = try server.selectAll(sql: "SELECT id, body, edited FROM note ORDER BY id")
            #expect(
                notes == [
                    [.text("a"), .text("edited on the device"), .real(4)],
                    [.text("b"), .text("new on the device"), .real(3)],
                ])

            // An older edit loses: the server keeps its row.
            try server.run("UPDATE note SET body = 'newest on the server', edited = 9 WHERE id = 'b'")
            let second = try Session(device)
            try second.attachAll()
            try device.run("UPDATE note SET body = 'stale', edited = 5 WHERE id = 'b'")
            try merge(try second.changeset(), into: server)
            #expect(try server.scalar("SELECT body FROM note WHERE id = 'b'") as? String == "newest on the server")
        }
    }
#endif
