import SQLiteCore
import Testing

@Suite struct FunctionTests {
    @Test func functionsOfZeroOneAndManyArguments() throws {
        let db = try Connection()
        db.createFunction("answer", argumentCount: 0) { _ in Int64(42) }
        db.createFunction("reverse", argumentCount: 1, deterministic: true) { args in
            (args[0] as? String).map { String($0.reversed()) }
        }
        db.createFunction("joinThree", argumentCount: 3) { args in
            args.map { $0.map { "\($0)" } ?? "NULL" }.joined(separator: "|")
        }
        #expect(try db.scalar("SELECT answer()") as? Int64 == 42)
        #expect(try db.scalar("SELECT reverse('abc')") as? String == "cba")
        #expect(try db.scalar("SELECT reverse(?)", "héllo") as? String == "olléh")
        #expect(try db.scalar("SELECT reverse(NULL)") == nil)
        #expect(try db.scalar("SELECT joinThree(1, 'two', NULL)") as? String == "1|two|NULL")
        // Calling with the wrong number of arguments is an SQL error.
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT reverse('a', 'b')") }
        #expect(error?.message.contains("wrong number of arguments") == true)
    }

    @Test func variadicFunctionReceivesEveryArgumentWithItsType() throws {
        let db = try Connection()
        let received = Locked<[String]>([])
        db.createFunction("describe") { args in
            let types = args.map { value -> String in
                switch value {
                case nil: "null"
                case is Int64: "integer"
                case is Double: "real"
                case is String: "text"
                case is Blob: "blob"
                default: "other"
                }
            }
            received.withLock { $0 = types }
            return Int64(args.count)
        }
        #expect(try db.scalar("SELECT describe()") as? Int64 == 0)
        #expect(try db.scalar("SELECT describe(1, 2.5, 'x', x'00', NULL)") as? Int64 == 5)
        #expect(received.value == ["integer", "real", "text", "blob", "null"])
        let many = (1...20).map(String.init).joined(separator: ", ")
        #expect(try db.scalar("SELECT describe(\(many))") as? Int64 == 20)
    }

    @Test func argumentValuesArriveIntact() throws {
        let db = try Connection()
        let received = Locked<[Binding?]>([])
        db.createFunction("capture") { args in
            received.withLock { $0 = args }
            return nil
        }
        _ = try db.scalar(
            "SELECT capture(?, ?, ?, ?, ?, ?)", Int64.min, 0.25, "nul\u{0}byte", Blob(bytes: []), "", Blob(bytes: [9]))
        let values = received.value
        #expect(values[0] as? Int64 == Int64.min)
        #expect(values[1] as? Double == 0.25)
        #expect(values[2] as? String == "nul\u{0}byte")
        #expect(values[3] as? Blob == Blob(bytes: []))
        #expect(values[4] as? String == "")
        #expect(values[5] as? Blob == Blob(bytes: [9]))
    }

    @Test func resultTypes() throws {
        let db = try Connection()
        db.createFunction("int64") { _ in Int64.max }
        db.createFunction("int") { _ in -7 }
        db.createFunction("double") { _ in 2.5 }
        db.createFunction("string") { _ in "tëxt\u{0}end" }
        db.createFunction("emptyString") { _ in "" }
        db.createFunction("blob") { _ in Blob(bytes: [1, 2, 3]) }
        db.createFunction("emptyBlob") { _ in Blob(bytes: []) }
        db.createFunction("nullValue") { _ in nil }
        db.createFunction("yes") { _ in true }
        db.createFunction("no") { _ in false }
        db.createFunction("small") { _ in Int8(-5) }
        db.createFunction("unsigned") { _ in UInt32.max }
        db.createFunction("tooBig") { _ in UInt64.max }
        #expect(try db.scalar("SELECT int64()") as? Int64 == Int64.max)
        #expect(try db.scalar("SELECT int()") as? Int64 == -7)
        #expect(try db.scalar("SELECT double()") as? Double == 2.5)
        #expect(try db.scalar("SELECT string()") as? String == "tëxt\u{0}end")
        #expect(try db.scalar("SELECT typeof(emptyString())") as? String == "text")
        #expect(try db.scalar("SELECT blob()") as? Blob == Blob(bytes: [1, 2, 3]))
        #expect(try db.scalar("SELECT typeof(emptyBlob())") as? String == "blob")
        #expect(try db.scalar("SELECT nullValue()") == nil)
        #expect(try db.scalar("SELECT yes()") as? Int64 == 1)
        #expect(try db.scalar("SELECT no()") as? Int64 == 0)
        #expect(try db.scalar("SELECT typeof(yes())") as? String == "integer")
        #expect(try db.scalar("SELECT small()") as? Int64 == -5)
        #expect(try db.scalar("SELECT unsigned()") as? Int64 == Int64(UInt32.max))
        expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT tooBig()") }
    }

    @Test func throwingFunctionBecomesAnSQLError() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3)")
        db.createFunction("failOn", argumentCount: 1) { args in
            if args[0] as? Int64 == 2 { throw TestError(text: "no twos allowed") }
            return args[0]
        }
        let error = expectResult(code: SQLITE_ERROR) { try db.run("UPDATE t SET x = failOn(x) + 10") }
        #expect(error?.message == "no twos allowed")
        #expect(error?.sql == "UPDATE t SET x = failOn(x) + 10")
        // The statement was undone as a whole.
        #expect(try db.scalar("SELECT sum(x) FROM t") as? Int64 == 6)
        db.createFunction("resultError") { _ in throw Result.misuse("custom result", code: SQLITE_CONSTRAINT) }
        let custom = expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT resultError()") }
        #expect(custom?.message == "custom result")
    }

    @Test func deterministicFunctionInAnIndexExpression() throws {
        let db = try Connection()
        let calls = Locked(0)
        db.createFunction("lowerASCII", argumentCount: 1, deterministic: true) { args in
            calls.withLock { $0 += 1 }
            return (args[0] as? String)?.lowercased()
        }
        try db.execute("CREATE TABLE users (email TEXT)")
        try db.execute("CREATE UNIQUE INDEX users_email ON users (lowerASCII(email))")
        try db.run("INSERT INTO users VALUES (?)", "Alice@Mac.com")
        expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO users VALUES (?)", "ALICE@mac.COM") }
        let plan = try db.query("EXPLAIN QUERY PLAN SELECT * FROM users WHERE lowerASCII(email) = 'alice@mac.com'")
        #expect(plan.contains { ($0["detail"] as? String)?.contains("users_email") == true })
        #expect(
            try db.scalar("SELECT email FROM users WHERE lowerASCII(email) = ?", "alice@mac.com") as? String
                == "Alice@Mac.com")
        #expect(calls.value > 0)
    }

    @Test func nonDeterministicFunctionIsRefusedInAnIndex() throws {
        let db = try Connection()
        db.createFunction("volatile", argumentCount: 1) { args in args[0] }
        try db.execute("CREATE TABLE t (x)")
        let error = expectResult(code: SQLITE_ERROR) { try db.execute("CREATE INDEX t_x ON t (volatile(x))") }
        #expect(error?.message.contains("non-deterministic") == true)
    }

    @Test func redefiningReplacesAndReleasesTheOldClosure() throws {
        let db = try Connection()
        let released = Locked(false)
        do {
            let tracked = Tracked(released)
            db.createFunction("f", argumentCount: 0) { _ in tracked.touch() }
        }
        #expect(try db.scalar("SELECT f()") as? Int64 == 1)
        #expect(!released.value)
        db.createFunction("f", argumentCount: 0) { _ in Int64(2) }
        #expect(try db.scalar("SELECT f()") as? Int64 == 2)
        #expect(released.value)
    }

    @Test func closuresAreReleasedWhenTheConnectionCloses() throws {
        let released = Locked(false)
        do {
            let db = try Connection()
            let tracked = Tracked(released)
            db.createFunction("f", argumentCount: 0) { _ in tracked.touch() }
            #expect(try db.scalar("SELECT f()") as? Int64 == 1)
        }
        #expect(released.value)
    }

    @Test func functionMayUseItsConnectionReentrantly() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (5)")
        db.createFunction("lookup", argumentCount: 0) { [unowned db] _ in
            try db.scalar("SELECT x FROM t")
        }
        #expect(try db.scalar("SELECT lookup() * 2") as? Int64 == 10)
    }

    @Test func refusedRegistrationThrowsFromDefineFunction() throws {
        let db = try Connection()
        // SQLite allows at most 127 arguments, and the count must fit SQLite's int.
        let tooMany = expectResult(code: SQLITE_MISUSE) {
            try db.defineFunction("f", argumentCount: 40_000) { _ in nil }
        }
        #expect(tooMany?.message == "cannot register SQL function f: bad parameter or other API misuse")
        expectResult(code: SQLITE_MISUSE) {
            try db.defineFunction("f", argumentCount: UInt(Int32.max) + 1) { _ in nil }
        }
        // A name longer than 255 bytes.
        expectResult(code: SQLITE_MISUSE) {
            try db.defineFunction(String(repeating: "n", count: 256)) { _ in nil }
        }
        try db.defineFunction("ok", argumentCount: 1) { args in args[0] }
        #expect(try db.scalar("SELECT ok(3)") as? Int64 == 3)
    }

    /// SQLite.swift's `createFunction` cannot throw: a refused registration is reported by
    /// the SQL that calls the function.
    @Test func refusedRegistrationFailsTheStatementCallingTheFunction() throws {
        let db = try Connection()
        db.createFunction("wide", argumentCount: 40_000) { _ in nil }
        let error = expectResult(code: SQLITE_MISUSE) { _ = try db.scalar("SELECT wide(1)") }
        #expect(error?.message == "cannot register SQL function wide: bad parameter or other API misuse")
        #expect(error?.sql == "SELECT wide(1)")
        // Names compare case-insensitively, as SQLite's do.
        expectResult(code: SQLITE_MISUSE) { _ = try db.scalar("SELECT WIDE(1)") }
        // Another unknown function keeps SQLite's own error.
        let unknown = expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT narrow(1)") }
        #expect(unknown?.message == "no such function: narrow")
        // A successful registration of the name clears the failure.
        db.createFunction("wide", argumentCount: 1) { _ in "fine" }
        #expect(try db.scalar("SELECT wide(1)") as? String == "fine")
        let arity = expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT wide(1, 2)") }
        #expect(arity?.message == "wrong number of arguments to function wide()")
    }

    /// Redefining a function while a statement using it is part way through its rows is
    /// refused by SQLite; the definition it keeps then fails instead of running stale code.
    @Test func refusedRedefinitionFailsTheKeptDefinition() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3)")
        db.createFunction("f", argumentCount: 1) { args in args[0] }
        let running = try db.prepare("SELECT f(x) FROM t")
        #expect(try running.step())
        #expect(running.row[0] == Int64(1))
        let refused = expectResult(code: SQLITE_BUSY) {
            try db.defineFunction("f", argumentCount: 1) { _ in Int64(0) }
        }
        #expect(refused?.message.contains("active statements") == true)
        let error = expectResult(code: SQLITE_ERROR) { _ = try running.step() }
        #expect(error?.message == refused?.message)
        // The same through the non-throwing form, once the statement is done with.
        running.reset()
        db.createFunction("f", argumentCount: 1) { _ in Int64(7) }
        #expect(try db.scalar("SELECT f(1)") as? Int64 == 7)
    }

    @Test func registeringOnAClosedConnection() throws {
        let db = try Connection()
        try db.close()
        db.createFunction("f") { _ in nil }
        let error = expectResult(code: SQLITE_MISUSE) { try db.defineFunction("f") { _ in nil } }
        #expect(error?.message == "the database connection is closed")
    }

    /// The SQLite.swift signature: a stored, non-throwing closure, registered without `try`.
    @Test func storedClosureRegisteredWithoutTry() throws {
        let db = try Connection()
        let shout: @Sendable ([Binding?]) -> Binding? = { args in (args.first as? String)?.uppercased() }
        db.createFunction("shout", argumentCount: 1, deterministic: true, shout)
        #expect(try db.scalar("SELECT shout('hey')") as? String == "HEY")
    }
}
