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

    @Test func statementsOfAClosedConnectionThrow() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2)")
        let insert = try db.prepare("INSERT INTO t VALUES (?)")
        let select = try db.prepare("SELECT x FROM t ORDER BY x")
        #expect(try select.step())
        #expect(select.row[0] == Int64(1))
        let pending = try db.prepare("SELECT x FROM t")
        try db.close()
        expectClosed { _ = try select.step() }
        expectClosed { try insert.run(3) }
        expectClosed { try insert.run([3]) }
        expectClosed { try insert.run(3 as Binding?) }
        expectClosed { try insert.bind(3).run() }
        expectClosed { _ = try pending.scalar() }
        expectClosed { _ = try pending.failableNext() }
        // Reading what the statements still hold is harmless.
        #expect(insert.sql == "INSERT INTO t VALUES (?)")
        #expect(select.columnNames == ["x"])
        select.reset()
        insert.clearBindings()
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

    @Test func aStatementStillHeldKeepsSQLitesPartOpenUntilReleased() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("held.sqlite3")
            let db = try Connection(path)
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            var statement: Statement? = try db.prepare("SELECT x FROM t")
            try db.close()
            expectClosed { _ = try statement?.scalar() }
            statement = nil
            if let count = openDescriptorCount(for: path) { #expect(count == 0) }
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
    /// while the connection itself is still referenced.
    @Test(.enabled(if: openDescriptorCount(for: "/") != nil, "needs /proc/self/fd"))
    func closingFinalizesCachedStatements() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("cached.sqlite3")
            let db = try Connection(path)
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            try db.withCachedStatement("SELECT count(*) FROM t") { _ = try $0.scalar() }
            try db.withCachedStatement("INSERT INTO t VALUES (?)") { _ = try $0.run(2) }
            _ = try db.selectAll(sql: "SELECT x FROM t")
            // A statement checked out before closing, and given back after.
            var checkedOut: Statement? = try db.cachedStatement("SELECT x FROM t ORDER BY x")
            #expect(try checkedOut?.step() == true)
            #expect(openDescriptorCount(for: path) ?? 0 > 0)
            try db.close()
            expectClosed { _ = try checkedOut?.step() }
            if let checkedOut { db.returnToCache(checkedOut) }
            // Once the caller lets it go, nothing holds the file: the cache kept none.
            checkedOut = nil
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
            group.addTask { try? db.close() }
        }
        #expect(outcomes.value.count == 20)
        #expect(outcomes.value.allSatisfy { $0 == "done" || $0 == "the database connection is closed" })
        expectClosed { _ = try db.scalar("SELECT count(*) FROM t") }
        try db.close()
    }
}
