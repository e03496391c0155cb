import SQLiteCore
import Testing

/// The connection's schema names (`sqlite3_db_name`) and database files (`sqlite3_db_filename`).
@Suite struct SchemaNamesTests {
    @Test func namesAndFilesOfMainTempAndAttachedDatabases() throws {
        try withTemporaryDirectory { directory in
            let mainPath = directory.path("main.sqlite3")
            let otherPath = directory.path("other.sqlite3")
            let db = try Connection(mainPath)
            #expect(db.schemaNames == ["main", "temp"])
            try db.attach(.uri(otherPath), as: "other")
            try db.attach(.inMemory, as: "scratch")
            #expect(db.schemaNames == ["main", "temp", "other", "scratch"])
            #expect(try db.filename().hasSuffix("/main.sqlite3"))
            #expect(try db.filename(schema: "main") == db.description)
            #expect(try db.filename(schema: "other").hasSuffix("/other.sqlite3"))
            #expect(try db.filename(schema: "scratch") == "")
            #expect(try db.filename(schema: "temp") == "")
            try db.detach("other")
            #expect(db.schemaNames == ["main", "temp", "scratch"])
            expectResult(code: SQLITE_ERROR) { _ = try db.filename(schema: "other") }
        }
    }

    @Test func anInMemoryDatabaseHasNoFile() throws {
        let db = try Connection()
        #expect(try db.filename() == "")
        try db.close()
        #expect(db.schemaNames == [])
        expectResult(code: SQLITE_MISUSE) { _ = try db.filename() }
    }
}
