import SQLiteCore
import Testing

@Suite struct BackupTests {
    /// A source database of about 60 pages.
    private func makeSource() throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, payload BLOB)")
        try db.transaction {
            let insert = try db.prepare("INSERT INTO items (payload) VALUES (?)")
            for index in 0..<200 { try insert.run(Blob(bytes: Array(repeating: UInt8(index % 256), count: 1000))) }
        }
        return db
    }

    private func checkCopy(_ target: Connection) throws {
        #expect(try target.scalar("SELECT count(*) FROM items") as? Int64 == 200)
        #expect(
            try target.scalar("SELECT payload FROM items WHERE id = 100") as? Blob
                == Blob(bytes: Array(repeating: 99, count: 1000)))
        #expect(try target.scalar("PRAGMA integrity_check") as? String == "ok")
    }

    @Test func backupAllPagesAtOnce() throws {
        let source = try makeSource()
        let target = try Connection()
        try target.execute("CREATE TABLE replaced (x)")
        let backup = try source.backup(usingConnection: target)
        try backup.step()
        #expect(backup.remainingPages == 0)
        #expect(backup.totalPages > 50)
        backup.finish()
        try checkCopy(target)
        // The target's previous content is replaced.
        #expect(try target.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'replaced'") as? Int64 == 0)
    }

    @Test func backupInLimitedSteps() throws {
        let source = try makeSource()
        let target = try Connection()
        let backup = try source.backup(usingConnection: target)
        #expect(backup.totalPages == 0)  // unknown before the first step
        try backup.step(pagesToCopy: .limited(number: 5))
        let total = backup.totalPages
        #expect(total > 50)
        #expect(backup.remainingPages == total - 5)
        var steps = 1
        var previous = backup.remainingPages
        while backup.remainingPages > 0 {
            try backup.step(pagesToCopy: .limited(number: 5))
            #expect(backup.remainingPages < previous)
            previous = backup.remainingPages
            steps += 1
        }
        #expect(steps == (Int(total) + 4) / 5)
        backup.finish()
        try checkCopy(target)
    }

    @Test func sourceStaysUsableDuringAStepwiseBackup() throws {
        let source = try makeSource()
        let target = try Connection()
        let backup = try source.backup(usingConnection: target)
        try backup.step(pagesToCopy: .limited(number: 10))
        // A write through the same source connection is copied along by SQLite.
        try source.run("DELETE FROM items WHERE id > 150")
        while backup.remainingPages > 0 { try backup.step(pagesToCopy: .limited(number: 10)) }
        backup.finish()
        #expect(try target.scalar("SELECT count(*) FROM items") as? Int64 == 150)
    }

    @Test func backupBetweenFileAndAttachedDatabases() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("backup.sqlite3")
            let source = try makeSource()
            do {
                let file = try Connection(path)
                let backup = try source.backup(usingConnection: file)
                try backup.step()
            }
            let reopened = try Connection(path)
            try checkCopy(reopened)

            let target = try Connection()
            try target.attach(.inMemory, as: "copy")
            let backup = try reopened.backup(databaseName: "main", usingConnection: target, targetDatabaseName: "copy")
            try backup.step()
            backup.finish()
            #expect(try target.scalar("SELECT count(*) FROM copy.items") as? Int64 == 200)
        }
    }

    @Test func finishEndsTheBackupEarly() throws {
        let source = try makeSource()
        let target = try Connection()
        let backup = try source.backup(usingConnection: target)
        try backup.step(pagesToCopy: .limited(number: 1))
        backup.finish()
        #expect(backup.remainingPages == 0)
        #expect(backup.totalPages == 0)
        try backup.step()  // does nothing once finished
        backup.finish()
        // The target was not committed to: it is still empty and usable.
        #expect(try target.scalar("SELECT count(*) FROM sqlite_master") as? Int64 == 0)
        try target.execute("CREATE TABLE t (x)")
    }

    @Test func backupErrorsAreThrown() throws {
        let source = try makeSource()
        let target = try Connection()
        let unknown = expectResult(code: SQLITE_ERROR) {
            _ = try source.backup(usingConnection: target, targetDatabaseName: "nowhere")
        }
        #expect(unknown?.message.contains("nowhere") == true)
        expectResult(code: SQLITE_ERROR) { _ = try source.backup(databaseName: "nowhere", usingConnection: target) }
        expectResult(code: SQLITE_ERROR) { _ = try source.backup(usingConnection: source) }

        // A target with a statement in progress cannot be backed up into.
        try target.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        let reading = try target.prepare("SELECT x FROM t")
        #expect(try reading.step())
        let inUse = expectResult(code: SQLITE_ERROR) { _ = try source.backup(usingConnection: target) }
        #expect(inUse?.message.contains("in use") == true)
        reading.reset()
        let backup = try source.backup(usingConnection: target)
        try backup.step()
        backup.finish()
        try checkCopy(target)
    }
}
