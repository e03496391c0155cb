import SQLiteCore
import Testing

@Suite struct AuthorizerTests {
    static func usersDatabase() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT, password TEXT);
            INSERT INTO users (name, password) VALUES ('alice', 'secret');
            """)
        return db
    }

    @Test func denyingAColumnReadFailsThePreparation() throws {
        let db = try Self.usersDatabase()
        db.authorizer { request in
            request.action == .read(table: "users", column: "password") ? .deny : .allow
        }
        #expect(try db.scalar("SELECT name FROM users") as? String == "alice")
        let error = expectResult(code: SQLITE_AUTH) { _ = try db.scalar("SELECT password FROM users") }
        #expect(error?.message.contains("access to users.password is prohibited") == true)
        #expect(
            error?.message.contains(#"the authorizer denied read(table: "users", column: "password") on main"#) == true)
        #expect(error?.sql == "SELECT password FROM users")
        db.authorizer(nil)
        #expect(try db.scalar("SELECT password FROM users") as? String == "secret")
    }

    @Test func ignoringAColumnReadReadsNull() throws {
        let db = try Self.usersDatabase()
        db.authorizer { request in
            if case .read(_, "password") = request.action { return .ignore }
            return .allow
        }
        let row = try #require(try db.prepare("SELECT name, password FROM users").makeIterator().next())
        #expect(row[0] as? String == "alice")
        #expect(row[1] == nil)
    }

    @Test func denyingDropTable() throws {
        let db = try Self.usersDatabase()
        db.authorizer { request in
            if case .dropTable = request.action { return .deny }
            return .allow
        }
        let error = expectResult(code: SQLITE_AUTH) { try db.execute("DROP TABLE users") }
        #expect(error?.message.hasPrefix("not authorized") == true)
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 1)
    }

    @Test func throwingDeniesWithTheErrorsMessage() throws {
        let db = try Self.usersDatabase()
        db.authorizer { request in
            if case .delete = request.action { throw TestError(text: "read-only session") }
            return .allow
        }
        let error = expectResult(code: SQLITE_AUTH) { try db.run("DELETE FROM users") }
        #expect(
            error?.message.hasSuffix(#"the authorizer denied delete(table: "users") on main: read-only session)"#)
                == true)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var setup: String
        var sql: String
        var action: AuthorizerAction
        var database: String? = "main"
        var accessor: String?
        var testDescription: String { sql }
    }

    static let cases: [Case] = [
        Case(setup: "", sql: "CREATE TABLE t2 (x)", action: .createTable(table: "t2")),
        Case(setup: "", sql: "CREATE INDEX i ON t (a)", action: .createIndex(index: "i", table: "t")),
        Case(setup: "", sql: "CREATE TEMP TABLE tt (x)", action: .createTempTable(table: "tt"), database: "temp"),
        Case(setup: "", sql: "CREATE VIEW v AS SELECT a FROM t", action: .createView(view: "v")),
        Case(
            setup: "", sql: "CREATE TRIGGER tr AFTER INSERT ON t BEGIN SELECT 1; END",
            action: .createTrigger(trigger: "tr", table: "t")),
        Case(setup: "", sql: "DELETE FROM t", action: .delete(table: "t")),
        Case(setup: "", sql: "DROP TABLE t", action: .dropTable(table: "t")),
        Case(setup: "CREATE INDEX i ON t (a)", sql: "DROP INDEX i", action: .dropIndex(index: "i", table: "t")),
        Case(setup: "CREATE VIEW v AS SELECT 1", sql: "DROP VIEW v", action: .dropView(view: "v")),
        Case(setup: "", sql: "INSERT INTO t VALUES (1, 2)", action: .insert(table: "t")),
        Case(
            setup: "", sql: "PRAGMA user_version = 3", action: .pragma(name: "user_version", argument: "3"),
            database: nil),
        Case(setup: "", sql: "SELECT b FROM t", action: .read(table: "t", column: "b")),
        Case(setup: "", sql: "SELECT 1", action: .select, database: nil),
        Case(setup: "", sql: "BEGIN", action: .transaction(operation: "BEGIN"), database: nil),
        Case(setup: "", sql: "UPDATE t SET b = 1", action: .update(table: "t", column: "b")),
        Case(setup: "", sql: "ATTACH ':memory:' AS aux", action: .attach(file: ":memory:"), database: nil),
        Case(setup: "ATTACH ':memory:' AS aux", sql: "DETACH aux", action: .detach(database: "aux"), database: nil),
        Case(
            setup: "", sql: "ALTER TABLE t ADD COLUMN c", action: .alterTable(database: "main", table: "t"),
            database: nil),
        Case(setup: "CREATE INDEX i ON t (a)", sql: "REINDEX i", action: .reindex(index: "i")),
        Case(setup: "", sql: "ANALYZE t", action: .analyze(table: "t")),
        Case(setup: "", sql: "SELECT abs(1)", action: .function(name: "abs"), database: nil),
        Case(setup: "", sql: "SAVEPOINT sp", action: .savepoint(operation: "BEGIN", name: "sp"), database: nil),
        Case(
            setup: "", sql: "WITH RECURSIVE c(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM c LIMIT 2) SELECT n FROM c",
            action: .recursive, database: nil, accessor: "c"),
    ]

    @Test(arguments: cases)
    func actionsCarryTheirArguments(_ testCase: Case) throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a, b)")
        if !testCase.setup.isEmpty { try db.execute(testCase.setup) }
        let requests = Locked<[AuthorizerRequest]>([])
        db.authorizer { request in
            requests.withLock { $0.append(request) }
            return .allow
        }
        _ = try db.prepare(testCase.sql)
        let matching = requests.value.filter { $0.action == testCase.action }
        #expect(!matching.isEmpty, "saw \(requests.value.map(\.action))")
        #expect(matching.first?.database == testCase.database)
        #expect(matching.first?.accessor == testCase.accessor)
    }

    @Test func theAccessorNamesTheViewOrTrigger() throws {
        let db = try Self.usersDatabase()
        try db.execute(
            """
            CREATE VIEW names AS SELECT name FROM users;
            CREATE TABLE log (x);
            CREATE TRIGGER logged AFTER INSERT ON users BEGIN INSERT INTO log VALUES (new.id); END;
            """)
        let requests = Locked<[AuthorizerRequest]>([])
        db.authorizer { request in
            requests.withLock { $0.append(request) }
            return .allow
        }
        _ = try db.prepare("SELECT * FROM names")
        #expect(
            requests.value.contains(
                AuthorizerRequest(action: .read(table: "users", column: "name"), database: "main", accessor: "names")))
        requests.withLock { $0.removeAll() }
        _ = try db.prepare("INSERT INTO users (name) VALUES ('bob')")
        #expect(
            requests.value.contains(
                AuthorizerRequest(action: .insert(table: "log"), database: "main", accessor: "logged")))
    }

    @Test func settingTheAuthorizerAppliesToStatementsPreparedBefore() throws {
        let db = try Self.usersDatabase()
        let statement = try db.prepare("SELECT password FROM users")
        #expect(try statement.scalar() as? String == "secret")
        db.authorizer { request in
            if case .read(_, "password") = request.action { return .ignore }
            return .allow
        }
        #expect(try statement.scalar() == nil)
    }

    @Test(arguments: DatabaseKind.allCases)
    func theUsersAuthorizerSurvivesAnObservation(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let asked = Locked(0)
            var configuration = Configuration()
            configuration.prepareDatabase = { db in
                db.authorizer { request in
                    asked.withLock { $0 += 1 }
                    if case .read(_, "password") = request.action { return .ignore }
                    return .allow
                }
            }
            let database = try kind.open(in: directory, configuration: configuration)
            try await database.write { db in
                try db.execute("CREATE TABLE users (name, password); INSERT INTO users VALUES ('alice', 'secret')")
            }
            let observation = database.observe { db in try db.scalar("SELECT count(*) FROM users") as? Int64 }
            var values = observation.makeAsyncIterator()
            #expect(try await values.next() == 1)
            try await database.write { db in try db.run("INSERT INTO users VALUES ('bob', 'hunter2')") }
            #expect(try await values.next() == 2)
            // Every connection still asks the user's authorizer.
            let counted = asked.value
            #expect(counted > 0)
            #expect(try await database.read { db in try db.scalar("SELECT password FROM users") } == nil)
            #expect(try await database.write { db in try db.scalar("SELECT max(password) FROM users") } == nil)
            #expect(asked.value > counted)
        }
    }

    @Test func theAuthorizerIsReleasedWhenReplacedAndWhenTheConnectionCloses() throws {
        let first = Locked(false)
        let second = Locked(false)
        let db = try Connection()
        do {
            let a = Tracked(first)
            db.authorizer { _ in a.touch() == 1 ? .allow : .deny }
            let b = Tracked(second)
            db.authorizer { _ in b.touch() == 1 ? .allow : .deny }
        }
        #expect(first.value)
        _ = try db.scalar("SELECT 1")
        #expect(!second.value)
        try db.close()
        #expect(second.value)
    }
}
