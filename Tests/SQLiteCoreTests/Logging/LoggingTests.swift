import Dispatch
import Foundation
import SQLiteCore
import Testing

/// Collects the entries a logging configuration hands it, from any thread.
final class LogRecorder: Sendable {
    private let recorded = Locked<[LogEntry]>([])

    /// Every entry so far, in order.
    var entries: [LogEntry] { recorded.value }

    /// The entries of `level`.
    func entries(_ level: LogLevel) -> [LogEntry] { entries.filter { $0.level == level } }

    /// A configuration logging `level` and above here.
    func configuration(
        _ level: LogLevel?, redactsValues: Bool = false, slowStatementThreshold: Double = 60
    ) -> LogConfiguration {
        LogConfiguration(level: level, redactsValues: redactsValues, slowStatementThreshold: slowStatementThreshold) {
            [recorded] entry in recorded.withLock { $0.append(entry) }
        }
    }

    func removeAll() { recorded.withLock { $0.removeAll() } }
}

/// Logging set on each connection (`Connection.logging`): these tests never touch the global
/// configuration, so they run in parallel with everything else.
@Suite struct LoggingTests {
    @Test func levelsAreOrdered() {
        #expect(LogLevel.allCases == [.debug, .info, .warning, .error])
        #expect(LogLevel.debug < .info && LogLevel.info < .warning && LogLevel.warning < .error)
        #expect(LogLevel.allCases.map(\.description) == ["debug", "info", "warning", "error"])
    }

    @Test func debugLogsEveryStatementWithItsValuesAndDuration() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (name TEXT, n INTEGER)")
        let recorder = LogRecorder()
        db.logging = recorder.configuration(.debug)
        #expect(db.logging.level == .debug)
        try db.run("INSERT INTO t VALUES (?, ?)", "o'hara", 42)
        #expect(try db.scalar("SELECT count(*) FROM t WHERE n > ?", 1) as? Int64 == 1)
        let debug = recorder.entries(.debug)
        #expect(debug.map(\.sql) == ["INSERT INTO t VALUES (?, ?)", "SELECT count(*) FROM t WHERE n > ?"])
        #expect(
            debug.map(\.expandedSQL) == ["INSERT INTO t VALUES ('o''hara', 42)", "SELECT count(*) FROM t WHERE n > 1"])
        #expect(debug.allSatisfy { $0.duration != nil && $0.code == nil && $0.message == "statement ran" })
        // Nothing else was worth more than debug.
        #expect(recorder.entries.count == debug.count)
    }

    @Test func infoLogsTransactionsAndSavepoints() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        let recorder = LogRecorder()
        db.logging = recorder.configuration(.info)
        try db.transaction { try db.run("INSERT INTO t VALUES (1)") }
        try? db.transaction(.immediate) {
            try db.run("INSERT INTO t VALUES (2)")
            throw TestError()
        }
        try db.transaction {
            try db.savepoint("inner") { try db.run("INSERT INTO t VALUES (3)") }
            try? db.savepoint("failing") { try db.run("INSERT INTO nowhere VALUES (4)") }
        }
        let info = recorder.entries(.info)
        #expect(
            info.map(\.message) == [
                "transaction began", "transaction committed",
                "transaction began", "transaction rolled back",
                "transaction began",
                "savepoint 'inner' began", "savepoint 'inner' released",
                "savepoint 'failing' began", "savepoint 'failing' rolled back",
                "transaction committed",
            ])
        #expect(info[0].sql == "BEGIN DEFERRED TRANSACTION" && info[1].sql == "COMMIT TRANSACTION")
        #expect(info[2].sql == "BEGIN IMMEDIATE TRANSACTION" && info[3].sql == "ROLLBACK TRANSACTION")
        #expect(info[1].duration != nil && info[3].duration != nil)
        // The savepoint failed on SQLite's error, which was logged too, with its code.
        #expect(info[8].code == SQLITE_ERROR)
        #expect(recorder.entries(.error).map(\.sql) == ["INSERT INTO nowhere VALUES (4)"])
        #expect(recorder.entries(.debug).isEmpty)
        #expect(try db.scalar("SELECT group_concat(x) FROM t") as? String == "1,3")
    }

    @Test func infoLogsClosingAndWhatOtherTiersReport() throws {
        let db = try Connection()
        let recorder = LogRecorder()
        db.logging = recorder.configuration(.info)
        db.label = "the label"
        db.log(.info, "migrated to version 2", sql: "PRAGMA user_version = 2")
        db.log(.debug, "not logged at info")
        #expect(db.logs(.info) && !db.logs(.debug))
        try db.close()
        try db.close()
        #expect(recorder.entries.map(\.message) == ["migrated to version 2", "connection closed"])
        #expect(recorder.entries.allSatisfy { $0.connection == "the label" })
        #expect(recorder.entries.first?.sql == "PRAGMA user_version = 2")
    }

    @Test func aConnectionReleasedWithoutClosingLogsItsClosing() throws {
        let recorder = LogRecorder()
        try withTemporaryDirectory { directory in
            let path = directory.path("released.sqlite3")
            do {
                let db = try Connection(path)
                db.logging = recorder.configuration(.info)
                try db.execute("CREATE TABLE t (x)")
            }
            #expect(recorder.entries.map(\.message) == ["connection closed"])
            #expect(recorder.entries.first?.connection.hasSuffix("released.sqlite3") == true)
        }
    }

    @Test func warningReportsSlowStatements() throws {
        let db = try Connection()
        let recorder = LogRecorder()
        db.logging = recorder.configuration(.warning, slowStatementThreshold: 0.001)
        // Far more than a millisecond of work, and nearly nothing.
        let slow = "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c WHERE n < ?) SELECT count(*) FROM c"
        #expect(try db.scalar(slow, 2_000_000) as? Int64 == 2_000_000)
        let warnings = recorder.entries(.warning)
        #expect(warnings.count == 1)
        #expect(warnings.first?.sql == slow)
        #expect(warnings.first?.expandedSQL?.hasSuffix("WHERE n < 2000000) SELECT count(*) FROM c") == true)
        #expect(warnings.first.flatMap(\.duration).map { $0 >= 0.001 } == true)
        #expect(warnings.first?.message.hasPrefix("slow statement") == true)
        #expect(recorder.entries(.debug).isEmpty)
        // Under the threshold, nothing.
        recorder.removeAll()
        db.logging = recorder.configuration(.warning, slowStatementThreshold: 60)
        _ = try db.scalar(slow, 10)
        #expect(recorder.entries.isEmpty)
    }

    @Test func errorLogsFailedStatementsWithTheirCodeAndSQL() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE users (email TEXT UNIQUE)")
        try db.run("INSERT INTO users VALUES (?)", "alice@mac.com")
        let recorder = LogRecorder()
        db.logging = recorder.configuration(.error)
        expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO users VALUES (?)", "alice@mac.com") }
        expectResult(code: SQLITE_ERROR) { try db.run("INSERT INTO nowhere VALUES (?)", 1) }
        expectResult(code: SQLITE_ERROR) { try db.execute("CREATE TABLE users (x)") }
        let errors = recorder.entries(.error)
        #expect(errors.count == 3)
        #expect(recorder.entries.count == 3, "nothing but errors at the error level")
        #expect(errors[0].message == "UNIQUE constraint failed: users.email")
        #expect(errors[0].code == SQLITE_CONSTRAINT)
        #expect(errors[0].extendedCode == SQLITE_CONSTRAINT_UNIQUE)
        #expect(errors[0].sql == "INSERT INTO users VALUES (?)")
        #expect(errors[0].expandedSQL == "INSERT INTO users VALUES ('alice@mac.com')")
        // A statement that failed to prepare has its SQL, and no values yet.
        #expect(errors[1].message == "no such table: nowhere")
        #expect(errors[1].code == SQLITE_ERROR && errors[1].sql == "INSERT INTO nowhere VALUES (?)")
        #expect(errors[1].expandedSQL == nil)
        #expect(errors[2].message == "table users already exists" && errors[2].sql == "CREATE TABLE users (x)")
        #expect(errors[0].description.contains("UNIQUE constraint failed: users.email: INSERT INTO users VALUES"))
    }

    /// With values redacted, a bound secret appears in no entry, whatever the level and
    /// whatever happens to the statement that bound it.
    @Test func redactionKeepsBoundValuesOutOfEveryEntry() throws {
        let secret = "s3cret-passphrase"
        let db = try Connection()
        try db.execute("CREATE TABLE users (email TEXT UNIQUE, password TEXT)")
        let recorder = LogRecorder()
        db.logging = recorder.configuration(.debug, redactsValues: true, slowStatementThreshold: 0)
        try db.transaction {
            try db.run("INSERT INTO users VALUES (?, ?)", "a@b.c", secret)
        }
        expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO users VALUES (?, ?)", "a@b.c", secret) }
        #expect(try db.scalar("SELECT count(*) FROM users WHERE password = ?", secret) as? Int64 == 1)
        _ = try db.selectAll(sql: "SELECT ?", parameters: [.text(secret)])
        #expect(recorder.entries(.debug).count >= 5)
        #expect(recorder.entries(.warning).count >= 5, "a zero threshold makes every statement slow")
        #expect(recorder.entries(.error).count == 1)
        for entry in recorder.entries {
            #expect(entry.expandedSQL == nil)
            #expect(!"\(entry)".contains(secret))
            #expect(!entry.message.contains(secret) && entry.sql?.contains(secret) != true)
        }
        #expect(recorder.entries(.error).first?.sql == "INSERT INTO users VALUES (?, ?)")
    }

    /// The key `attach(_:as:key:)` binds is kept out of the entries even when values are not
    /// redacted: of the statement that ran, and of the one that failed on a wrong key.
    @Test(.enabled(if: isSQLCipher, sqlcipherOnly))
    func anAttachedDatabasesKeyIsNeverLogged() throws {
        try withTemporaryDirectory { directory in
            let recorder = LogRecorder()
            let path = directory.path("other.sqlite3")
            let db = try Connection(directory.path("main.sqlite3"), key: "main key")
            db.logging = recorder.configuration(.debug, slowStatementThreshold: 0)
            try db.attach(.uri(path), as: "other", key: "the attached secret")
            try db.execute(#"CREATE TABLE "other".t (x)"#)
            try db.detach("other")
            expectResult(code: SQLITE_NOTADB) { try db.attach(.uri(path), as: "other", key: "a wrong secret") }
            #expect(recorder.entries(.debug).contains { $0.sql == "ATTACH DATABASE ? AS ? KEY ?" })
            #expect(recorder.entries(.error).count == 1)
            // The key binds as a blob of the passphrase's bytes: neither form may appear.
            let forms = ["the attached secret", "a wrong secret"].flatMap { [$0, Blob(bytes: Array($0.utf8)).toHex()] }
            for entry in recorder.entries {
                for form in forms {
                    #expect(!"\(entry)".contains(form))
                    #expect(entry.expandedSQL?.contains(form) != true)
                }
            }
            // Other statements keep their values.
            try db.run("SELECT ?", "shown")
            #expect(recorder.entries(.debug).last?.expandedSQL == "SELECT 'shown'")
        }
    }

    @Test func turningLoggingOffStopsIt() throws {
        let db = try Connection()
        let recorder = LogRecorder()
        db.logging = recorder.configuration(.debug)
        _ = try db.scalar("SELECT 1")
        #expect(recorder.entries.count == 1)
        db.logging = .off
        #expect(db.logging.level == nil)
        _ = try db.scalar("SELECT 1")
        _ = try? db.scalar("SELECT * FROM nowhere")
        try db.transaction {}
        #expect(recorder.entries.count == 1)
        // A configuration without a level is off too.
        db.logging = recorder.configuration(nil)
        _ = try? db.scalar("SELECT * FROM nowhere")
        #expect(recorder.entries.count == 1)
    }

    /// Logging and the user's trace share SQLite's one trace callback: each keeps working
    /// whatever the other does.
    @Test func theUsersTraceKeepsWorkingAlongsideLogging() throws {
        let db = try Connection()
        let traced = Locked<[String]>([])
        let recorder = LogRecorder()
        db.trace { sql in traced.withLock { $0.append(sql) } }
        db.logging = recorder.configuration(.debug)
        try db.run("SELECT ?", 1)
        #expect(traced.value == ["SELECT 1"])
        #expect(recorder.entries(.debug).map(\.expandedSQL) == ["SELECT 1"])
        // Logging off: the trace goes on.
        db.logging = .off
        try db.run("SELECT ?", 2)
        #expect(traced.value == ["SELECT 1", "SELECT 2"])
        #expect(recorder.entries.count == 1)
        // Trace off: logging goes on.
        db.logging = recorder.configuration(.debug)
        db.trace(nil)
        try db.run("SELECT ?", 3)
        #expect(traced.value == ["SELECT 1", "SELECT 2"])
        #expect(recorder.entries(.debug).map(\.expandedSQL) == ["SELECT 1", "SELECT 3"])
        // Both again, set the other way round.
        db.trace { sql in traced.withLock { $0.append(sql) } }
        try db.run("SELECT ?", 4)
        #expect(traced.value.last == "SELECT 4")
        #expect(recorder.entries(.debug).last?.expandedSQL == "SELECT 4")
    }

    @Test func entriesFromManyThreads() async throws {
        let recorder = LogRecorder()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    let db = try Connection()
                    db.label = "task \(task)"
                    db.logging = recorder.configuration(.debug)
                    for value in 0..<25 { try db.run("SELECT ?", value) }
                }
            }
            try await group.waitForAll()
        }
        #expect(recorder.entries(.debug).count == 100)
        for task in 0..<4 {
            let entries = recorder.entries.filter { $0.connection == "task \(task)" }
            // Each statement, then the connection's closing as it was released.
            #expect(entries.map(\.level) == Array(repeating: .debug, count: 25) + [.info])
        }
    }

    @Test func entryDescriptionIsOneLine() {
        let entry = LogEntry(
            level: .warning, message: "slow statement", sql: "SELECT\n?", expandedSQL: "SELECT\n1",
            duration: 0.734, connection: "app.sqlite")
        #expect(entry.description == "[SQLite warning] app.sqlite: slow statement: SELECT 1 (734.0 ms)")
        // Every kind of line break, `\r\n` (one Character) included, is one space.
        let breaks = LogEntry(level: .info, message: "m", sql: "SELECT\r\n1,\r2,\u{2028}3")
        #expect(breaks.description == "[SQLite info] m: SELECT 1, 2, 3")
        let failure = LogEntry(
            level: .error, message: "UNIQUE constraint failed: t.x", sql: "INSERT INTO t VALUES (?)",
            code: SQLITE_CONSTRAINT, extendedCode: SQLITE_CONSTRAINT_UNIQUE)
        #expect(
            failure.description
                == "[SQLite error] UNIQUE constraint failed: t.x: INSERT INTO t VALUES (?) (code 19, extended code 2067)"
        )
        #expect(LogEntry(level: .info, message: "m", code: 1).description == "[SQLite info] m (code 1)")
    }
}

/// Busy waits logged as warnings, and the busy timeout and handler working as without logging.
/// The tests order their threads by events, as `BusyTests` does.
@Suite struct BusyLoggingTests {
    private func withLockedDatabase(
        _ body: (_ holder: Connection, _ waiter: Connection, _ vfs: SleepWatchingVFS) throws -> Void
    ) throws {
        try withTemporaryDirectory { directory in
            try SleepWatchingVFS.with { vfs in
                let path = directory.path("busy.sqlite3")
                let holder = try Connection(path)
                try holder.execute("CREATE TABLE t (x)")
                let waiter = try Connection(.uri(path, parameters: [.vfs(vfs.name)]))
                try holder.execute("BEGIN IMMEDIATE")
                try holder.run("INSERT INTO t VALUES (?)", "holder")
                try body(holder, waiter, vfs)
            }
        }
    }

    @Test(arguments: [false, true])
    func aBusyWaitIsLoggedOnceAndWaitsOutTheTimeout(loggingFirst: Bool) throws {
        try withLockedDatabase { holder, waiter, vfs in
            let recorder = LogRecorder()
            if loggingFirst { waiter.logging = recorder.configuration(.warning) }
            waiter.busyTimeout = 0.1
            if !loggingFirst { waiter.logging = recorder.configuration(.warning) }
            #expect(waiter.busyTimeout == 0.1)
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (?)", "waiter") }
            // SQLite's own schedule, on the database's VFS: many sleeps adding up to the timeout.
            #expect(vfs.sleeps.count > 1)
            #expect((80_000...100_000).contains(vfs.requestedMicroseconds), "\(vfs.sleeps)")
            let warnings = recorder.entries(.warning)
            #expect(warnings.count == 1)
            #expect(warnings.first?.message.hasPrefix("database is locked: waiting up to 0.1 s") == true)
            let errors = recorder.entries(.error)
            #expect(errors.count == 1)
            #expect(errors.first?.code == SQLITE_BUSY)
            #expect(errors.first?.expandedSQL == "INSERT INTO t VALUES ('waiter')")
            try holder.execute("COMMIT")
        }
    }

    @Test func aWaitThatSucceedsIsLoggedOnce() throws {
        try withLockedDatabase { holder, waiter, vfs in
            let recorder = LogRecorder()
            waiter.logging = recorder.configuration(.warning)
            waiter.busyTimeout = 60
            // The holder commits while the waiter sleeps for the first time.
            let committed = DispatchSemaphore(value: 0)
            vfs.whenFirstSleeping {
                Thread {
                    try? holder.execute("COMMIT")
                    committed.signal()
                }.start()
                committed.wait()
            }
            try waiter.run("INSERT INTO t VALUES (?)", "waiter")
            #expect(try waiter.scalar("SELECT count(*) FROM t") as? Int64 == 2)
            #expect(recorder.entries(.warning).count == 1)
            #expect(recorder.entries(.error).isEmpty)
        }
    }

    @Test func theBusyHandlerKeepsItsTriesAndIsLoggedOnce() throws {
        try withLockedDatabase { holder, waiter, vfs in
            let recorder = LogRecorder()
            waiter.logging = recorder.configuration(.warning)
            let tries = Locked<[Int]>([])
            waiter.busyHandler { count in
                tries.withLock { $0.append(count) }
                return count < 3
            }
            #expect(waiter.busyTimeout == 0)
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(tries.value == [0, 1, 2, 3])
            #expect(vfs.sleeps.isEmpty)
            #expect(recorder.entries(.warning).map(\.message) == ["database is locked: the busy handler retries"])
            // Removing the handler: no waiting, no warning.
            waiter.busyHandler(nil)
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect(recorder.entries(.warning).count == 1)
            #expect(recorder.entries(.error).count == 2)
            try holder.execute("COMMIT")
        }
    }

    @Test func withLoggingAboveWarningTheTimeoutIsSQLitesOwn() throws {
        try withLockedDatabase { holder, waiter, vfs in
            let recorder = LogRecorder()
            waiter.logging = recorder.configuration(.error)
            waiter.busyTimeout = 0.05
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect((40_000...50_000).contains(vfs.requestedMicroseconds), "\(vfs.sleeps)")
            #expect(recorder.entries.map(\.level) == [.error])
            // Turning logging off keeps the timeout.
            waiter.logging = .off
            #expect(waiter.busyTimeout == 0.05)
            let before = vfs.requestedMicroseconds
            expectResult(code: SQLITE_BUSY) { try waiter.run("INSERT INTO t VALUES (1)") }
            #expect((40_000...50_000).contains(vfs.requestedMicroseconds - before))
            try holder.execute("COMMIT")
        }
    }
}

/// The global configuration (`LogConfiguration.global`): one test at a time, each restoring it,
/// and each setting it only around the opening of its own connections, which it tells apart
/// from other tests' by their file's path.
@Suite(.serialized) struct GlobalLoggingTests {
    /// Runs `body` with `configuration` as the global one, restoring the previous one after.
    @discardableResult
    private func withGlobal<T>(_ configuration: LogConfiguration, _ body: () throws -> T) rethrows -> T {
        let previous = LogConfiguration.global
        LogConfiguration.global = configuration
        defer { LogConfiguration.global = previous }
        return try body()
    }

    @Test func loggingIsOffByDefault() throws {
        #expect(LogConfiguration.global.level == nil)
        let db = try Connection()
        #expect(db.logging.level == nil)
        #expect(LogConfiguration.off.level == nil)
        // A configuration without a level logs nothing, from opening to closing.
        try withTemporaryDirectory { directory in
            let recorder = LogRecorder()
            let path = directory.path("off.sqlite3")
            let db = try withGlobal(recorder.configuration(nil)) { try Connection(path) }
            try db.transaction { try db.execute("CREATE TABLE t (x)") }
            _ = try? db.scalar("SELECT * FROM nowhere")
            try db.close()
            #expect(recorder.entries.filter { $0.connection == path }.isEmpty)
        }
    }

    @Test func theGlobalConfigurationAppliesToConnectionsOpenedAfterwards() throws {
        try withTemporaryDirectory { directory in
            let recorder = LogRecorder()
            let before = try Connection(directory.path("before.sqlite3"))
            let path = directory.path("after.sqlite3")
            let after = try withGlobal(recorder.configuration(.info)) { try Connection(path) }
            #expect(after.logging.level == .info)
            #expect(before.logging.level == nil)
            try before.transaction {}
            try after.transaction {}
            try after.close()
            let mine = recorder.entries.filter { $0.connection == path }
            #expect(
                mine.map(\.message) == [
                    "connection opened", "transaction began", "transaction committed", "connection closed",
                ])
            #expect(recorder.entries.filter { $0.connection.hasSuffix("before.sqlite3") }.isEmpty)
        }
    }

    @Test func aConnectionsOwnSettingOverridesTheGlobalOne() throws {
        try withTemporaryDirectory { directory in
            let global = LogRecorder()
            let own = LogRecorder()
            let path = directory.path("own.sqlite3")
            let db = try withGlobal(global.configuration(.debug)) { try Connection(path) }
            db.logging = own.configuration(.info)
            _ = try db.scalar("SELECT 1")
            try db.transaction {}
            db.logging = .off
            try db.transaction {}
            #expect(global.entries.filter { $0.connection == path }.map(\.message) == ["connection opened"])
            #expect(own.entries.map(\.message) == ["transaction began", "transaction committed"])
        }
    }

    @Test func aFailureToOpenIsLoggedWithTheGlobalConfiguration() throws {
        try withTemporaryDirectory { directory in
            let recorder = LogRecorder()
            let path = directory.path("missing/directory/db.sqlite3")
            withGlobal(recorder.configuration(.error)) {
                expectResult(code: SQLITE_CANTOPEN) { _ = try Connection(path) }
            }
            let mine = recorder.entries.filter { $0.connection == path }
            #expect(mine.count == 1)
            #expect(mine.first?.level == .error && mine.first?.code == SQLITE_CANTOPEN)
        }
    }
}
