import SQLiteCore
import Testing

/// A database whose query ``failingSQL`` fails at row 500 of 1,000.
func makeDatabaseFailingAtRow500() throws -> Connection {
    let db = try Connection()
    try createFailingTable(on: db)
    return db
}

/// Creates the table of 1,000 rows `t` and registers `fail_at(x)` (which throws for 500), so
/// that ``failingSQL`` fails at row 500.
func createFailingTable(on db: Connection) throws {
    try db.execute(
        """
        CREATE TABLE t (id INTEGER PRIMARY KEY);
        WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000) INSERT INTO t SELECT x FROM c;
        """)
    registerFailAt(on: db)
}

/// Registers `fail_at(x)`, which returns `x` and throws for 500.
func registerFailAt(on db: Connection) {
    db.createFunction("fail_at", argumentCount: 1, deterministic: false) { args in
        if args[0] as? Int64 == 500 { throw FailAtError() }
        return args[0]
    }
}

/// The error `fail_at` throws; SQLite reports its description as the statement's message.
struct FailAtError: Error, CustomStringConvertible {
    var description: String { "fail_at reached row 500" }
}

let failingSQL = "SELECT id, fail_at(id) FROM t ORDER BY id"

/// Every way Core reads rows, each counting the rows it was handed before the error.
enum CoreRowPath: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case failableNext, step, stepCachedStatement, withCachedStatement
    case dictionaries, selectAll, sqlValueDictionaries, scalarOfAggregate, statementScalarOfAggregate
    case connectionRun, statementRun, execute

    var testDescription: String { rawValue }

    /// Whether the caller sees each row as it is read (and so sees the 499 before the error).
    var isLoop: Bool { [.failableNext, .step, .stepCachedStatement, .withCachedStatement].contains(self) }

    /// Reads the failing query this way, counting in `seen` the rows handed to the caller one
    /// by one; returns the number of rows of the result.
    func read(_ db: Connection, seen: inout Int) throws -> Int {
        switch self {
        case .failableNext:
            let statement = try db.prepare(failingSQL)
            while try statement.failableNext() != nil { seen += 1 }
            return seen
        case .step:
            let statement = try db.prepare(failingSQL)
            while try statement.step() {
                #expect(statement.row[0] == Int64(seen + 1))
                seen += 1
            }
            return seen
        case .stepCachedStatement:
            let statement = try db.cachedStatement(failingSQL)
            defer { db.returnToCache(statement) }
            while try statement.step() { seen += 1 }
            return seen
        case .withCachedStatement:
            var count = 0
            defer { seen = count }
            return try db.withCachedStatement(failingSQL) { statement in
                while try statement.step() { count += 1 }
                return count
            }
        case .dictionaries:
            return try db.query(failingSQL).count
        case .selectAll:
            return try db.selectAll(sql: failingSQL).count
        case .sqlValueDictionaries:
            return try db.query(sql: failingSQL).count
        case .scalarOfAggregate:
            return (try db.scalar("SELECT count(fail_at(id)) FROM t") as? Int64).map { Int($0) } ?? -1
        case .statementScalarOfAggregate:
            return (try db.prepare("SELECT count(fail_at(id)) FROM t").scalar() as? Int64).map { Int($0) } ?? -1
        case .connectionRun:
            try db.run(failingSQL)
            return 1000
        case .statementRun:
            try db.prepare(failingSQL).run()
            return 1000
        case .execute:
            try db.execute(failingSQL)
            return 1000
        }
    }
}

/// An error midway through the rows is never the end of the rows: every throwing way of reading
/// them throws it, after handing over the 499 rows before it at most.
@Suite struct IterationErrorTests {
    @Test(arguments: CoreRowPath.allCases)
    func anErrorAtRow500IsThrown(path: CoreRowPath) throws {
        let db = try makeDatabaseFailingAtRow500()
        var rows = -1
        var seen = 0
        let error = expectResult(code: SQLITE_ERROR) { rows = try path.read(db, seen: &seen) }
        #expect(rows == -1, "no result may be returned")
        #expect(error?.message == "fail_at reached row 500")
        // Loops see the rows before the error, and the error in place of row 500.
        #expect(seen == (path.isLoop ? 499 : 0))
        // The connection is usable afterwards.
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 1000)
    }

    @Test func anInterruptionMidwayIsThrown() throws {
        let db = try makeDatabaseFailingAtRow500()
        let statement = try db.prepare("SELECT id FROM t ORDER BY id")
        var count = 0
        expectResult(code: SQLITE_INTERRUPT) {
            while try statement.failableNext() != nil {
                count += 1
                if count == 500 { db.interrupt() }
            }
        }
        #expect(count == 500)
    }

    // MARK: - The non-throwing forms stop the program

    @Test func forInOverAStatementStopsOnAnError() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try makeDatabaseFailingAtRow500()
            var count = 0
            for _ in try db.prepare(failingSQL) { count += 1 }
            print("unreachable: \(count) rows")
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("fail_at reached row 500 (code: 1)"))
        #expect(text.contains(failingSQL))
        #expect(text.contains("failableNext()"))
    }

    @Test func mapOverAStatementStopsOnAnError() async {
        await #expect(processExitsWith: .failure) {
            let db = try makeDatabaseFailingAtRow500()
            _ = try db.prepare(failingSQL).map { $0[0] }
        }
    }

    @Test func nextStopsOnAnExtendedError() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let db = try makeDatabaseFailingAtRow500()
            db.usesExtendedErrorCodes = true
            try db.execute("CREATE TABLE u (x UNIQUE); INSERT INTO u VALUES (1)")
            let statement = try db.prepare("INSERT INTO u VALUES (1) RETURNING x")
            _ = statement.next()
        }
        let text = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(text.contains("UNIQUE constraint failed: u.x (code: 19, extended code: 2067)"))
    }

    /// A statement that cannot run (a parameter never bound) has no rows to end either.
    @Test func iteratingAStatementThatCannotRunStops() async {
        await #expect(processExitsWith: .failure) {
            let db = try Connection()
            for _ in try db.prepare("SELECT ?") {}
        }
    }

    /// A loop that ends normally is unaffected.
    @Test func forInReadsEveryRowWithoutAnError() throws {
        let db = try makeDatabaseFailingAtRow500()
        var count = 0
        for row in try db.prepare("SELECT id FROM t ORDER BY id") {
            count += 1
            #expect(row[0] as? Int64 == Int64(count))
        }
        #expect(count == 1000)
    }
}
