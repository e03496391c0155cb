import SQLiteCore
import Testing

@Suite struct HookTests {
    struct Change: Equatable, Sendable {
        var operation: Connection.Operation
        var database: String
        var table: String
        var rowid: Int64
    }

    @Test func updateHookReportsInsertsUpdatesAndDeletes() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)")
        let changes = Locked<[Change]>([])
        db.updateHook { operation, database, table, rowid in
            changes.withLock { $0.append(Change(operation: operation, database: database, table: table, rowid: rowid)) }
        }
        try db.run("INSERT INTO users (id, email) VALUES (?, ?)", 7, "a")
        try db.run("INSERT INTO users (email) VALUES (?)", "b")
        try db.run("UPDATE users SET email = 'c' WHERE id = 8")
        try db.run("DELETE FROM users WHERE id = 7")
        #expect(
            changes.value == [
                Change(operation: .insert, database: "main", table: "users", rowid: 7),
                Change(operation: .insert, database: "main", table: "users", rowid: 8),
                Change(operation: .update, database: "main", table: "users", rowid: 8),
                Change(operation: .delete, database: "main", table: "users", rowid: 7),
            ])

        try db.attach(.inMemory, as: "other")
        try db.execute("CREATE TABLE other.logs (x)")
        changes.withLock { $0.removeAll() }
        try db.run("INSERT INTO other.logs VALUES (1)")
        #expect(changes.value == [Change(operation: .insert, database: "other", table: "logs", rowid: 1)])

        db.updateHook(nil)
        try db.run("INSERT INTO users (email) VALUES ('d')")
        #expect(changes.value.count == 1)
    }

    @Test func updateHookSeesRolledBackChangesToo() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        let count = Locked(0)
        db.updateHook { _, _, _, _ in count.withLock { $0 += 1 } }
        try? db.transaction {
            try db.run("INSERT INTO t VALUES (1)")
            try db.run("INSERT INTO t VALUES (2)")
            throw TestError()
        }
        #expect(count.value == 2)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 0)
    }

    @Test func commitHookIsCalledForEachCommit() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        let commits = Locked(0)
        db.commitHook { commits.withLock { $0 += 1 } }
        try db.run("INSERT INTO t VALUES (1)")  // autocommit
        try db.transaction {
            try db.run("INSERT INTO t VALUES (2)")
            try db.run("INSERT INTO t VALUES (3)")
        }
        #expect(commits.value == 2)
        _ = try db.scalar("SELECT count(*) FROM t")  // reads do not commit anything
        #expect(commits.value == 2)
        db.commitHook(nil)
        try db.run("INSERT INTO t VALUES (4)")
        #expect(commits.value == 2)
    }

    @Test func throwingCommitHookTurnsTheCommitIntoARollback() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        let rollbacks = Locked(0)
        db.rollbackHook { rollbacks.withLock { $0 += 1 } }
        db.commitHook { throw TestError() }
        db.usesExtendedErrorCodes = true
        let error = expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO t VALUES (1)") }
        #expect(error?.extendedCode == SQLITE_CONSTRAINT_COMMITHOOK)
        #expect(db.autocommit)
        db.commitHook(nil)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 0)
        #expect(rollbacks.value == 1)
    }

    @Test func rollbackHookIsCalledForRollbacksOnly() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        let rollbacks = Locked(0)
        db.rollbackHook { rollbacks.withLock { $0 += 1 } }
        try db.transaction { try db.run("INSERT INTO t VALUES (1)") }
        #expect(rollbacks.value == 0)
        try db.execute("BEGIN; INSERT INTO t VALUES (2); ROLLBACK")
        #expect(rollbacks.value == 1)
        #expect(throws: TestError.self) {
            try db.transaction {
                try db.run("INSERT INTO t VALUES (3)")
                throw TestError()
            }
        }
        #expect(rollbacks.value == 2)
        db.rollbackHook(nil)
        try db.execute("BEGIN; ROLLBACK")
        #expect(rollbacks.value == 2)
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 1)
    }

    @Test func traceReportsExpandedSQL() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a, b, c, d)")
        let traced = Locked<[String]>([])
        db.trace { sql in traced.withLock { $0.append(sql) } }
        try db.run("INSERT INTO t VALUES (?, ?, ?, ?)", 1, "o'hara", 2.5, nil)
        try db.run("INSERT INTO t (a) VALUES (:a)", [":a": Blob(bytes: [0xCA, 0xFE])])
        _ = try db.scalar("SELECT count(*) FROM t")
        #expect(
            traced.value == [
                "INSERT INTO t VALUES (1, 'o''hara', 2.5, NULL)",
                "INSERT INTO t (a) VALUES (x'cafe')",
                "SELECT count(*) FROM t",
            ])
        db.trace(nil)
        try db.run("DELETE FROM t")
        #expect(traced.value.count == 3)
    }

    @Test func traceSeesEachStatementOfExecute() throws {
        let db = try Connection()
        let traced = Locked<[String]>([])
        db.trace { sql in traced.withLock { $0.append(sql) } }
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        #expect(traced.value.count == 2)
        #expect(traced.value.first == "CREATE TABLE t (x);")
        #expect(traced.value.last?.contains("INSERT INTO t VALUES (1)") == true)
    }

    @Test func hookClosuresAreReleasedWhenReplacedAndWhenTheConnectionCloses() throws {
        let flags = (0..<5).map { _ in Locked(false) }
        let replaced = Locked(false)
        do {
            let db = try Connection()
            do {
                let update = Tracked(flags[0])
                let commit = Tracked(flags[1])
                let rollback = Tracked(flags[2])
                let trace = Tracked(flags[3])
                let busy = Tracked(flags[4])
                db.updateHook { _, _, _, _ in _ = update.touch() }
                db.commitHook { _ = commit.touch() }
                db.rollbackHook { _ = rollback.touch() }
                db.trace { _ in _ = trace.touch() }
                db.busyHandler { _ in busy.touch() == 1 }
                let old = Tracked(replaced)
                db.updateHook { _, _, _, _ in _ = old.touch() }
            }
            #expect(flags[0].value, "the replaced update hook's closure is released")
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
            #expect(!replaced.value)
            #expect(!flags[1].value && !flags[2].value && !flags[3].value && !flags[4].value)
        }
        #expect(replaced.value)
        #expect(flags.allSatisfy { $0.value })
    }
}
