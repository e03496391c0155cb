import Foundation
import SQLiteCore
import Testing

@Suite struct AttachTests {
    @Test func attachQueryAcrossAndDetach() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("external.sqlite3")
            do {
                let external = try Connection(path)
                try external.execute("CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('ext')")
            }
            let db = try Connection()
            try db.execute("CREATE TABLE users (name TEXT); INSERT INTO users VALUES ('main')")
            try db.attach(.uri(path), as: "external")
            let names = try db.prepare(
                "SELECT name FROM main.users UNION ALL SELECT name FROM external.users ORDER BY name"
            ).map { $0[0] as? String }
            #expect(names == ["ext", "main"])
            try db.detach("external")
            let error = expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT count(*) FROM external.users") }
            #expect(error?.message.contains("external.users") == true)
            expectResult(code: SQLITE_ERROR) { try db.detach("external") }
        }
    }

    @Test func attachWithURIParametersIsReadOnly() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("attached ro.sqlite3")
            do {
                let external = try Connection(path)
                try external.execute("CREATE TABLE t (x); INSERT INTO t VALUES (3)")
            }
            let db = try Connection()
            try db.attach(.uri(path, parameters: [.mode(.readOnly)]), as: "ro")
            #expect(try db.scalar("SELECT x FROM ro.t") as? Int64 == 3)
            expectResult(code: SQLITE_READONLY) { try db.run("INSERT INTO ro.t VALUES (4)") }
        }
    }

    @Test func attachInMemorySchemaNameIsBoundNotSpliced() throws {
        let db = try Connection()
        try db.attach(.inMemory, as: "odd'name")
        try db.execute("CREATE TABLE \"odd'name\".t (x)")
        try db.run("INSERT INTO \"odd'name\".t VALUES (1)")
        #expect(try db.scalar("SELECT count(*) FROM \"odd'name\".t") as? Int64 == 1)
        let schemas = try db.query("PRAGMA database_list").compactMap { $0["name"] as? String }
        #expect(schemas.contains("odd'name"))
        try db.detach("odd'name")
    }
}
