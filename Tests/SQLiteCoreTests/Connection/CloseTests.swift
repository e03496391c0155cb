import Foundation
import SQLiteCore
import Testing

/// `Connection.close()`: every later use throws a clear error, nothing crashes, and the
/// database is closed once.
@Suite struct CloseTests {
    private func expectClosed(
        sourceLocation: SourceLocation = #_sourceLocation, performing body: () throws -> Void
    ) {
        let error = expectResult(code: SQLITE_MISUSE, sourceLocation: sourceLocation, performing: body)
        #expect(error?.message == "the database connection is closed", sourceLocation: sourceLocation)
    }

    @Test func everyUseOfAClosedConnectionThrows() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        try db.close()
        expectClosed { try db.execute("SELECT 1") }
        expectClosed { _ = try db.prepare("SELECT 1") }
        expectClosed { _ = try db.prepare("SELECT ?", 1) }
        expectClosed { try db.run("INSERT INTO t VALUES (2)") }
        expectClosed { _ = try db.scalar("SELECT count(*) FROM t") }
        expectClosed { _ = try db.cachedStatement("SELECT 1") }
        expectClosed { try db.transaction { try db.run("INSERT INTO t VALUES (3)") } }
        expectClosed { try db.savepoint { try db.run("INSERT INTO t VALUES (3)") } }
        expectClosed { _ = try db.enableWAL() }
        expectClosed { _ = try db.walCheckpoint() }
        expectClosed { try db.createCollation("c") { $0 < $1 ? .orderedAscending : .orderedSame } }
        expectClosed { _ = try db.query("SELECT 1") }
        expectClosed { try db.execute(sql: "INSERT INTO t VALUES (4)") }
        expectClosed { _ = try db.openBlob(table: "t", column: "x", row: 1) }
        expectClosed { _ = try db.backup(usingConnection: try Connection()) }
        // Properties that cannot throw give their empty values; setters do nothing.
        #expect(db.changes == 0 && db.totalChanges == 0 && db.lastInsertRowid == 0)
        #expect(db.autocommit && db.readonly)
        #expect(db.description == "")
        #expect(db.userVersion == nil)
        db.userVersion = 3
        db.foreignKeys = true
        #expect(!db.foreignKeys)
        db.busyTimeout = 1
        db.busyHandler { _ in false }
        db.trace { _ in }
        db.updateHook { _, _, _, _ in }
        db.commitHook {}
        db.rollbackHook {}
        db.interrupt()
        #expect(!db.isInterrupted)
        db.walAutoCheckpoint = 5
        #expect(db.walAutoCheckpoint == 0)
        // Closing again does nothing.
        try db.close()
    }

    /// As SQLite.swift's: a statement still held keeps the connection from closing, with
    /// `SQLITE_BUSY`; the connection stays usable, and closes once the statement is released.
    @Test func aStatementStillHeldRefusesTheClose() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        var select: Statement? = try db.prepare("SELECT x FROM t ORDER BY x")
        #expect(try select?.step() == true)
        let error = expectResult(code: SQLITE_BUSY) { try db.close() }
        #expect(error?.message.hasPrefix("unable to close due to unfinalized statements or unfinished backups") == true)
        #expect(error?.message.contains("1 statement(s) still open (SELECT x FROM t ORDER BY x)") == true)
        #expect(error?.statement == nil)

        // Nothing changed: the statement goes on where it was, the connection runs SQL.
        #expect(try select?.step() == true)
        #expect(select?.row[0] == Int64(2))
        try db.run("INSERT INTO t VALUES (3)")
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 3)
        #expect(try db.selectAll(sql: "SELECT x FROM t ORDER BY x") == [[1], [2], [3]])

        select = nil
        try db.close()
        expectClosed { _ = try db.scalar("SELECT 1") }
        try db.close()
    }

    @Test func everyKindOfHeldStatementRefusesTheClose() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        let insert = try db.prepare("INSERT INTO t VALUES (?)")
        let select = try db.prepare("SELECT x FROM t")
        let pending = try db.prepare("SELECT ?")
        let checkedOut = try db.cachedStatement("SELECT count(*) FROM t")
        let error = expectResult(code: SQLITE_BUSY) { try db.close() }
        #expect(error?.message.contains("4 statement(s) still open") == true)
        #expect(error?.message.contains("; ...") == true)
        // The statements and the connection still work.
        try insert.run(2)
        #expect(try select.scalar() as? Int64 == 1)
        #expect(try checkedOut.scalar() as? Int64 == 2)
        #expect(try pending.scalar(7) as? Int64 == 7)
        db.returnToCache(checkedOut)
        withExtendedLifetime((insert, select, pending)) {}
    }

    /// A caught error names its statement, and so keeps it open: release the error too.
    @Test func aKeptErrorKeepsItsStatement() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x UNIQUE); INSERT INTO t VALUES (1)")
        var kept = expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO t VALUES (1)") }
        #expect(kept?.sql == "INSERT INTO t VALUES (1)")
        expectResult(code: SQLITE_BUSY) { try db.close() }
        kept = nil
        // A preparation error names a stand-in, which is not the connection's.
        let preparation = expectResult(code: SQLITE_ERROR) { _ = try db.prepare("SELECT * FROM nowhere") }
        #expect(preparation?.sql == "SELECT * FROM nowhere")
        try db.close()
    }

    @Test func aStatementInATransactionRefusesTheCloseAndKeepsTheTransaction() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        try db.execute("BEGIN; INSERT INTO t VALUES (1)")
        var statement: Statement? = try db.prepare("SELECT count(*) FROM t")
        expectResult(code: SQLITE_BUSY) { try db.close() }
        #expect(db.isInTransaction)
        try db.execute("COMMIT")
        #expect(try statement?.scalar() as? Int64 == 1)
        statement = nil
        try db.close()
    }

    /// What the package keeps itself (its statement cache, the tiers' stores) never counts.
    @Test func thePackagesOwnStatementsDoNotCount() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        try db.withCachedStatement("SELECT count(*) FROM t") { _ = try $0.scalar() }
        try db.withCachedStatement("INSERT INTO t VALUES (?)") { _ = try $0.run(2) }
        _ = try db.selectAll(sql: "SELECT x FROM t")
        _ = try db.query(sql: "SELECT x FROM t WHERE x > ?", parameters: [0])
        _ = try db.query("SELECT x FROM t")
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 2)
        try db.execute("SELECT 1; SELECT 2")
        try db.close()
    }

    @Test func anOpenBlobRefusesTheClose() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (b BLOB); INSERT INTO t VALUES (zeroblob(4))")
        var blob: IncrementalBlob? = try db.openBlob(table: "t", column: "b", row: 1)
        let error = expectResult(code: SQLITE_BUSY) { try db.close() }
        #expect(error?.message.contains("an open blob") == true)
        #expect(blob != nil)
        blob = nil
        try db.close()
    }

    @Test func anUnfinishedBackupRefusesTheCloseOfBothConnections() throws {
        let source = try Connection()
        try source.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        let target = try Connection()
        let backup = try source.backup(usingConnection: target)
        let error = expectResult(code: SQLITE_BUSY) { try source.close() }
        #expect(error?.message.contains("1 unfinished backup(s)") == true)
        expectResult(code: SQLITE_BUSY) { try target.close() }
        try backup.step()
        backup.finish()
        #expect(try target.scalar("SELECT x FROM t") as? Int64 == 1)
        try source.close()
        try target.close()
    }

    @Test func theRefusalCarriesTheExtendedCodeWhenAskedFor() throws {
        let db = try Connection()
        db.usesExtendedErrorCodes = true
        let statement = try db.prepare("SELECT 1")
        var matched = false
        do {
            try db.close()
        } catch let Result.extendedError(_, extendedCode, statement) {
            matched = extendedCode == SQLITE_BUSY && statement == nil
        } catch {
            Issue.record("unexpected \(error)")
        }
        #expect(matched)
        withExtendedLifetime(statement) {}
    }

    @Test func closingReleasesTheFileAndRollsBack() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("close.sqlite3")
            let db = try Connection(path)
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            try db.execute("BEGIN; INSERT INTO t VALUES (2)")
            #expect(openDescriptorCount(for: path).map { $0 > 0 } ?? true)
            try db.close()
            if let count = openDescriptorCount(for: path) { #expect(count == 0) }
            // Another connection can write at once: no lock was left behind.
            let other = try Connection(path)
            try other.run("INSERT INTO t VALUES (3)")
            #expect(try other.scalar("SELECT group_concat(x) FROM t") as? String == "1,3")
        }
    }

    /// Refused or not, closing leaves nothing behind once everything is released; a connection
    /// released without closing frees everything too.
    @Test(.enabled(if: openDescriptorCount(for: "/") != nil, "needs /proc/self/fd"))
    func releasingEverythingFreesTheFile() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("held.sqlite3")
            do {
                let db = try Connection(path)
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
                let statement = try db.prepare("SELECT x FROM t")
                expectResult(code: SQLITE_BUSY) { try db.close() }
                #expect(try statement.scalar() as? Int64 == 1)
            }
            #expect(openDescriptorCount(for: path) == 0)
            do {
                let db = try Connection(path)
                let statement = try db.prepare("SELECT x FROM t")
                _ = try db.selectAll(sql: "SELECT x FROM t")
                #expect(try statement.scalar() as? Int64 == 1)
            }
            #expect(openDescriptorCount(for: path) == 0)
        }
    }

    @Test func releasingAClosedConnectionDoesNotCloseAgain() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("twice.sqlite3")
            do {
                let db = try Connection(path)
                try db.execute("CREATE TABLE t (x)")
                try db.close()
                try db.close()
            }
            // A new connection (which may reuse the freed memory) is unaffected.
            let db = try Connection(path)
            try db.run("INSERT INTO t VALUES (1)")
            #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 1)
        }
    }

    @Test func closingInsideATransactionBlock() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        expectClosed {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (1)")
                try db.close()
            }
        }
    }

    @Test func closingWithAFunctionRegistered() throws {
        let released = Locked(false)
        let db = try Connection()
        do {
            let tracked = Tracked(released)
            db.createFunction("f", argumentCount: 0) { _ in tracked.touch() }
        }
        #expect(try db.scalar("SELECT f()") as? Int64 == 1)
        try db.close()
        #expect(released.value)
    }

    /// The statement cache is emptied by closing: its statements no longer keep the file open,
    /// while the connection itself is still referenced. A statement checked out of it is the
    /// caller's until given back.
    @Test(.enabled(if: openDescriptorCount(for: "/") != nil, "needs /proc/self/fd"))
    func closingFinalizesCachedStatements() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("cached.sqlite3")
            let db = try Connection(path)
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            try db.withCachedStatement("SELECT count(*) FROM t") { _ = try $0.scalar() }
            try db.withCachedStatement("INSERT INTO t VALUES (?)") { _ = try $0.run(2) }
            _ = try db.selectAll(sql: "SELECT x FROM t")
            var checkedOut: Statement? = try db.cachedStatement("SELECT x FROM t ORDER BY x")
            #expect(try checkedOut?.step() == true)
            expectResult(code: SQLITE_BUSY) { try db.close() }
            // Still usable, cache included.
            #expect(try db.withCachedStatement("SELECT count(*) FROM t") { try $0.scalar() } as? Int64 == 2)
            if let checkedOut { db.returnToCache(checkedOut) }
            checkedOut = nil
            #expect(openDescriptorCount(for: path) ?? 0 > 0)
            try db.close()
            #expect(openDescriptorCount(for: path) == 0)
            expectClosed { _ = try db.cachedStatement("SELECT x FROM t ORDER BY x") }
            expectClosed { try db.withCachedStatement("SELECT count(*) FROM t") { _ = try $0.scalar() } }
        }
    }

    @Test func valueRowsAndSettingsOfAClosedConnection() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        #expect(try db.selectAll(sql: "SELECT x FROM t") == [[1]])
        try db.close()
        expectClosed { _ = try db.selectAll(sql: "SELECT x FROM t") }
        expectClosed { _ = try db.query(sql: "SELECT x FROM t") }
        expectClosed { _ = try db.query(sql: "SELECT x FROM t", parameters: [.integer(1)]) }
        // Settings change nothing that could fail, and can be read back.
        db.logging = LogConfiguration(level: .debug) { _ in }
        #expect(db.logging.level == .debug)
        db.logging = .off
        db.label = "closed"
        #expect(db.label == "closed")
        #expect(db.busyTimeout == 0)
    }

    /// Closing while other threads use the connection: each use either completes or throws the
    /// closed error; nothing crashes, and closing again does nothing.
    @Test func closingWhileOtherThreadsUseTheConnection() async throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        let outcomes = Locked<[String]>([])
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<20 {
                group.addTask {
                    do {
                        for value in 0..<20 { try db.run("INSERT INTO t VALUES (?)", index * 100 + value) }
                        _ = try db.selectAll(sql: "SELECT count(*) FROM t")
                        outcomes.withLock { $0.append("done") }
                    } catch let error as Result {
                        outcomes.withLock { $0.append(error.message) }
                    } catch {
                        outcomes.withLock { $0.append("\(error)") }
                    }
                }
            }
            // The other tasks' statements refuse the close while they run: try again until
            // they are done (each attempt waits for the lock, so this ends).
            group.addTask {
                for _ in 0..<100_000 {
                    do {
                        try db.close()
                        return
                    } catch {
                        await Task.yield()
                    }
                }
                Issue.record("never closed")
            }
        }
        #expect(outcomes.value.count == 20)
        #expect(outcomes.value.allSatisfy { $0 == "done" || $0 == "the database connection is closed" })
        expectClosed { _ = try db.scalar("SELECT count(*) FROM t") }
        try db.close()
    }
}
