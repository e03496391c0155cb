import Foundation
import SQLiteCore
import Testing

@Suite struct LocationTests {
    @Test(arguments: [
        (Connection.Location.inMemory, ":memory:"),
        (.temporary, ""),
        (.uri("db.sqlite3"), "db.sqlite3"),
        (.uri("db.sqlite3", parameters: [.mode(.readOnly)]), "file:db.sqlite3?mode=ro"),
        (
            .uri("db.sqlite3", parameters: [.cache(.private), .nolock(true)]),
            "file:db.sqlite3?cache=private&nolock=1"
        ),
        (.uri("/a b/c?d#e%.db", parameters: [.immutable(true)]), "file:/a%20b/c%3Fd%23e%25.db?immutable=1"),
        (.uri("file:db.sqlite3?mode=rw", parameters: [.powersafeOverwrite(false)]), "file:db.sqlite3?mode=rw&psow=0"),
        (
            .uri("x.db", parameters: [.vfs("unix-none"), .modeOf("/p&q=r")]),
            "file:x.db?vfs=unix-none&modeof=/p%26q%3Dr"
        ),
        (.uri("x.db", parameters: [.mode(.memory), .cache(.shared)]), "file:x.db?mode=memory&cache=shared"),
        (.uri("x.db", parameters: [.mode(.readWrite), .mode(.readWriteCreate)]), "file:x.db?mode=rw&mode=rwc"),
    ])
    func description(location: Connection.Location, expected: String) {
        #expect(location.description == expected)
    }

    @Test func uriModeReadOnlyRefusesWrites() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("uri ro.sqlite3")
            do {
                let db = try Connection(path)
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            }
            let db = try Connection(.uri(path, parameters: [.mode(.readOnly)]))
            #expect(db.readonly)
            #expect(try db.scalar("SELECT x FROM t") as? Int64 == 1)
            expectResult(code: SQLITE_READONLY) { try db.run("INSERT INTO t VALUES (2)") }
        }
    }

    @Test func uriModeReadWriteNeedsAnExistingFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("rw.sqlite3")
            expectResult(code: SQLITE_CANTOPEN) { _ = try Connection(.uri(path, parameters: [.mode(.readWrite)])) }
            let db = try Connection(.uri(path, parameters: [.mode(.readWriteCreate)]))
            try db.execute("CREATE TABLE t (x)")
            #expect(FileManager.default.fileExists(atPath: path))
        }
    }

    @Test func uriImmutableReadsWithoutLocking() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("immutable.sqlite3")
            do {
                let db = try Connection(path)
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (5)")
            }
            let db = try Connection(.uri(path, parameters: [.immutable(true)]))
            #expect(try db.scalar("SELECT x FROM t") as? Int64 == 5)
            #expect(db.readonly)
        }
    }

    @Test func uriFilenameAsStringIsAccepted() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("plain.sqlite3")
            do {
                let db = try Connection(path)
                try db.execute("CREATE TABLE t (x)")
            }
            let db = try Connection("file:\(path)?mode=ro")
            #expect(db.readonly)
        }
    }

    @Test func unknownVFSThrows() {
        expectResult(code: SQLITE_ERROR) { _ = try Connection(.uri("x.db", parameters: [.vfs("no-such-vfs")])) }
    }
}
