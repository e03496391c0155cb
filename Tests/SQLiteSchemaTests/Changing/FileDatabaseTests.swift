import Foundation
import SQLiteCore
import SQLiteSchema
import Testing

/// Schema changes on a WAL database file, seen through a second connection.
@Suite struct FileDatabaseTests {
    @Test func aRebuildIsAtomicForOtherConnections() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString).sqlite")
            .path
        defer {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
        let writer = try Connection(path, journalMode: .wal)
        try writer.execute(
            """
            PRAGMA foreign_keys = ON;
            CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT);
            CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id) ON DELETE CASCADE);
            INSERT INTO users (email, name) VALUES ('a@x', 'a'), ('b@x', 'b');
            INSERT INTO posts (user_id) VALUES (1), (2), (2);
            """)
        let reader = try Connection(path, readonly: true)
        // A read transaction in progress keeps seeing the old schema and rows.
        try reader.execute("BEGIN")
        #expect(try reader.scalar("SELECT count(*) FROM users WHERE email IS NOT NULL") as? Int64 == 2)
        try SchemaChanger(connection: writer).alter(table: "users") { $0.drop(column: "email") }
        #expect(try reader.scalar("SELECT count(*) FROM users WHERE email IS NOT NULL") as? Int64 == 2)
        try reader.execute("COMMIT")
        #expect(try reader.schema.columnDefinitions(table: "users").map(\.name) == ["id", "name"])
        #expect(try reader.scalar("SELECT count(*) FROM posts") as? Int64 == 3)
        #expect(try reader.integrityCheck().isEmpty)
        #expect(try reader.foreignKeyCheck().isEmpty)
    }
}
