import Foundation
import SQLiteCore
import Testing

@Suite struct PragmaTests {
    @Test func userVersionReadsAndWrites() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("version.sqlite3")
            do {
                let db = try Connection(path)
                #expect(db.userVersion == 0)
                db.userVersion = 3
                #expect(db.userVersion == 3)
                try db.setUserVersion(UserVersion.max)
                #expect(db.userVersion == Int32.max)
                try db.setUserVersion(-7)
                #expect(db.userVersion == -7)
                db.userVersion = 42
            }
            let reopened = try Connection(path)
            #expect(reopened.userVersion == 42)
            #expect(try reopened.scalar("PRAGMA user_version") as? Int64 == 42)
            reopened.userVersion = nil
            #expect(reopened.userVersion == 0)
        }
    }

    @Test func foreignKeysAreEnforcedOnlyWhenOn() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent(id));
            """)
        #expect(!db.foreignKeys)
        try db.run("INSERT INTO child VALUES (1)")  // not enforced
        db.foreignKeys = true
        #expect(db.foreignKeys)
        db.usesExtendedErrorCodes = true
        let error = expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO child VALUES (2)") }
        #expect(error?.extendedCode == SQLITE_CONSTRAINT_FOREIGNKEY)
        db.foreignKeys = false
        #expect(!db.foreignKeys)
        try db.run("INSERT INTO child VALUES (3)")
        #expect(try db.scalar("SELECT count(*) FROM child") as? Int64 == 2)
    }

    @Test func deferForeignKeysDelaysTheCheckToCommit() throws {
        let db = try Connection()
        db.foreignKeys = true
        try db.execute(
            """
            CREATE TABLE parent (id INTEGER PRIMARY KEY);
            CREATE TABLE child (parent_id INTEGER REFERENCES parent(id));
            """)
        try db.transaction {
            db.deferForeignKeys = true
            #expect(db.deferForeignKeys)
            try db.run("INSERT INTO child VALUES (1)")  // parent comes later
            try db.run("INSERT INTO parent VALUES (1)")
        }
        #expect(!db.deferForeignKeys)  // reset by the commit
        #expect(try db.scalar("SELECT count(*) FROM child") as? Int64 == 1)
    }

    @Test(arguments: JournalMode.allCases)
    func journalModesOnAFileDatabase(mode: JournalMode) throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("journal.sqlite3"))
            #expect(db.journalMode == .delete)
            #expect(try db.setJournalMode(mode) == mode)
            #expect(db.journalMode == mode)
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 1)
        }
    }

    @Test func journalModePropertySetter() throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("journal.sqlite3"))
            db.journalMode = .truncate
            #expect(db.journalMode == .truncate)
            db.journalMode = .persist
            #expect(try db.scalar("PRAGMA journal_mode") as? String == "persist")
        }
    }

    @Test func inMemoryDatabaseCannotUseWAL() throws {
        let db = try Connection()
        #expect(db.journalMode == .memory)
        #expect(try db.setJournalMode(.wal) == .memory)
        // SQLite keeps the memory journal: enableWAL reports it, without throwing, and leaves
        // synchronous alone.
        db.synchronous = .extra
        #expect(try db.enableWAL() == .memory)
        #expect(db.journalMode == .memory)
        #expect(db.synchronous == .extra)
    }

    @Test func enableWALOnAFileDatabase() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("wal.sqlite3")
            let db = try Connection(path)
            #expect(db.synchronous == .full)
            #expect(try db.enableWAL() == .wal)
            #expect(db.journalMode == .wal)
            #expect(db.synchronous == .normal)
            try db.enableWAL()  // harmless twice, its result discardable
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            #expect(FileManager.default.fileExists(atPath: path + "-wal"))
            // A reader does not block the writer in WAL mode.
            let reader = try Connection(path)
            let reading = try reader.prepare("SELECT x FROM t")
            #expect(try reading.step())
            try db.run("INSERT INTO t VALUES (2)")
            #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        }
    }

    @Test(arguments: Synchronous.allCases)
    func synchronousReadsAndWrites(level: Synchronous) throws {
        try withTemporaryDirectory { directory in
            let db = try Connection(directory.path("sync.sqlite3"))
            db.synchronous = level
            #expect(db.synchronous == level)
            #expect(try db.scalar("PRAGMA synchronous") as? Int64 == Int64(level.rawValue))
        }
    }

    @Test func vacuumShrinksTheFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("vacuum.sqlite3")
            let db = try Connection(path)
            try db.execute("CREATE TABLE t (payload BLOB)")
            try db.transaction {
                for _ in 0..<200 {
                    try db.run("INSERT INTO t VALUES (?)", Blob(bytes: Array(repeating: 1, count: 4000)))
                }
            }
            try db.run("DELETE FROM t")
            let before = try #require(try db.scalar("PRAGMA page_count") as? Int64)
            #expect(try db.scalar("PRAGMA freelist_count") as? Int64 ?? 0 > 100)
            try db.vacuum()
            let after = try #require(try db.scalar("PRAGMA page_count") as? Int64)
            #expect(after < before / 10)
            #expect(try db.scalar("PRAGMA freelist_count") as? Int64 == 0)
            let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int
            #expect(size.map { $0 < 4000 * 20 } == true)
        }
    }

    @Test func vacuumFailsInsideATransaction() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        expectResult(code: SQLITE_ERROR) { try db.transaction { _ = try db.vacuum() } }
    }
}
