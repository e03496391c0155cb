import Foundation
import SQLiteCore
import Testing

@Suite struct VirtualTableModuleTests {
    private func withCSV<T>(_ body: (Connection, ProducedRows) throws -> T) throws -> T {
        try withTemporaryDirectory { directory in
            let path = directory.path("people.csv")
            try "key,name,city\na,Ann,Oslo\nb,Bob,Rome\nc,Cid,Lima\n".write(
                toFile: path, atomically: true, encoding: .utf8)
            let db = try Connection()
            let produced = ProducedRows()
            try db.createModule("csv") { try CSVTable($0, produced: produced) }
            try db.execute("CREATE VIRTUAL TABLE people USING csv('\(path)')")
            _ = produced.take()
            return try body(db, produced)
        }
    }

    @Test func aKeyConstraintIsPushedDown() throws {
        try withCSV { db, produced throws in
            #expect(try db.selectAll(sql: "SELECT name FROM people WHERE key = 'b'") == [["Bob"]])
            #expect(produced.take() == ["b"])
            let plan = try db.selectAll(sql: "EXPLAIN QUERY PLAN SELECT name FROM people WHERE key = 'b'")
            #expect(plan.contains { $0.last == "SCAN people VIRTUAL TABLE INDEX 1:" })
            // Another column is not pushed down: every row is produced and SQLite filters.
            #expect(try db.selectAll(sql: "SELECT key FROM people WHERE city = 'Lima'") == [["c"]])
            #expect(produced.take() == ["a", "b", "c"])
            let scan = try db.selectAll(sql: "EXPLAIN QUERY PLAN SELECT key FROM people WHERE city = 'Lima'")
            #expect(scan.contains { $0.last == "SCAN people VIRTUAL TABLE INDEX 0:" })
        }
    }

    @Test func aBoundNullKeyProducesNoRow() throws {
        try withCSV { db, produced throws in
            #expect(try db.selectAll(sql: "SELECT name FROM people WHERE key = ?", parameters: [.null]) == [])
            #expect(produced.take() == [])
        }
    }

    @Test func constructorErrorsFailCreate() throws {
        let db = try Connection()
        try db.createModule("csv") { try CSVTable($0, produced: ProducedRows()) }
        let missing = expectResult(code: SQLITE_ERROR) { try db.execute("CREATE VIRTUAL TABLE t USING csv") }
        #expect(missing?.message.contains("give the file's path") == true)
        expectResult(code: SQLITE_ERROR) { try db.execute("CREATE VIRTUAL TABLE t USING csv('/nonexistent/x.csv')") }
    }

    @Test func aWritableTableFollowsTransactions() throws {
        let db = try Connection()
        try db.createModule("memory") { try MemoryTable($0) }
        try db.execute("CREATE VIRTUAL TABLE notes USING memory(title, body)")
        try db.run("INSERT INTO notes VALUES ('a', 'first')")
        try db.run("INSERT INTO notes (rowid, title, body) VALUES (10, 'b', 'second')")
        #expect(db.lastInsertRowid == 10)
        try db.run("UPDATE notes SET body = 'changed' WHERE title = 'a'")
        #expect(
            try db.selectAll(sql: "SELECT rowid, title, body FROM notes") == [
                [1, "a", "changed"], [10, "b", "second"],
            ])

        try db.execute("BEGIN; INSERT INTO notes VALUES ('c', 'third'); DELETE FROM notes WHERE rowid = 1")
        #expect(try db.scalar("SELECT count(*) FROM notes") as? Int64 == 2)
        try db.execute("ROLLBACK")
        #expect(try db.selectAll(sql: "SELECT title FROM notes") == [["a"], ["b"]])

        try db.transaction { try db.run("DELETE FROM notes WHERE rowid = ?", 10) }
        #expect(try db.selectAll(sql: "SELECT title FROM notes") == [["a"]])
        #expect(try db.selectAll(sql: "SELECT title FROM notes WHERE rowid = 1") == [["a"]])
    }

    @Test func aFailedChangeRollsBackItsTransaction() throws {
        let db = try Connection()
        try db.createModule("memory") { try MemoryTable($0) }
        try db.execute("CREATE VIRTUAL TABLE notes USING memory(title)")
        try db.run("INSERT INTO notes (rowid, title) VALUES (1, 'a')")
        let error = expectResult(code: SQLITE_CONSTRAINT) {
            try db.transaction {
                try db.run("INSERT INTO notes (rowid, title) VALUES (2, 'b')")
                try db.run("INSERT INTO notes (rowid, title) VALUES (1, 'again')")
            }
        }
        #expect(error?.message == "rowid 1 is taken")
        #expect(try db.selectAll(sql: "SELECT title FROM notes") == [["a"]])
    }

    @Test func aReadOnlyTableRefusesChanges() throws {
        try withCSV { db, _ throws in
            let error = expectResult(code: SQLITE_ERROR) { try db.run("DELETE FROM people") }
            #expect(error?.message.contains("may not be modified") == true)
        }
    }

    @Test func errorsFromEveryCallbackReachTheStatement() throws {
        for failing in FailingTable.Callback.allCases {
            let db = try Connection()
            try db.createModule("failing", kind: .eponymousOnly) { _ in FailingTable(failing) }
            let error = expectResult(code: failing == .bestIndexConstraint ? SQLITE_ERROR : SQLITE_ERROR) {
                _ = try db.selectAll(sql: "SELECT a, rowid FROM failing")
                if failing == .update { try db.run("INSERT INTO failing VALUES (1)") }
            }
            if failing != .bestIndexConstraint {
                #expect(
                    error?.message.contains("failure in \(failing)") == true, "\(failing): \(String(describing: error))"
                )
            }
            // The connection stays usable.
            #expect(try db.scalar("SELECT 1") as? Int64 == 1)
        }
    }

    @Test func aBadPlanIsAClearError() throws {
        let db = try Connection()
        try db.createModule("gappy", kind: .eponymousOnly) { _ in FailingTable(nil, gappyPlan: true) }
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.selectAll(sql: "SELECT a FROM gappy WHERE a = 1") }
        #expect(error?.message.contains("must be distinct and run from 0") == true, "\(String(describing: error))")
    }

    @Test func anInvalidDeclarationIsAClearError() throws {
        let db = try Connection()
        try db.createModule("bad", kind: .eponymousOnly) { _ in FailingTable(nil, declaration: "CREATE TABLE x(") }
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.selectAll(sql: "SELECT * FROM bad") }
        #expect(error?.message.contains("declares invalid columns") == true, "\(String(describing: error))")
    }

    @Test func closingWithALiveCursorWaitsForTheStatement() throws {
        let db = try Connection()
        try registerSeries(on: db)
        let statement = try db.prepare("SELECT value FROM series(1, 1000)")
        #expect(try statement.failableNext()?[0] as? Int64 == 1)
        expectResult(code: SQLITE_BUSY) { try db.close() }
        #expect(try statement.failableNext()?[0] as? Int64 == 2)
    }

    @Test func aPooledConnectionClosesUnderALiveCursor() throws {
        try withTemporaryDirectory { directory in
            var statement: Statement?
            do {
                let queue = try DatabaseQueue(path: directory.path("db.sqlite"))
                try queue.write { db in
                    try registerSeries(on: db)
                    let escaped = try db.prepare("SELECT value FROM series(1, 10)")
                    _ = try escaped.failableNext()
                    statement = escaped
                }
                try queue.close()
            }
            // The statement (and its cursor) outlive the queue; releasing it closes the cursor.
            #expect(statement != nil)
            statement = nil
        }
    }

    @Test func dropTableCallsDestroy() throws {
        let db = try Connection()
        let destroyed = ProducedRows()
        try db.createModule("tracked") { _ in TrackedTable(destroyed) }
        try db.execute("CREATE VIRTUAL TABLE t USING tracked; DROP TABLE t")
        #expect(destroyed.take() == ["destroyed"])
    }

    @Test func aTableReconnectsAfterReopening() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("db.sqlite")
            do {
                let db = try Connection(path)
                try db.createModule("memory") { try MemoryTable($0) }
                try db.execute("CREATE VIRTUAL TABLE notes USING memory(title)")
            }
            let db = try Connection(path)
            expectResult(code: SQLITE_ERROR) { _ = try db.selectAll(sql: "SELECT * FROM notes") }
            var seen: VirtualTableArguments?
            let box = Locked<VirtualTableArguments?>(nil)
            try db.createModule("memory") { arguments in
                box.withLock { $0 = arguments }
                return try MemoryTable(arguments)
            }
            #expect(try db.selectAll(sql: "SELECT * FROM notes") == [])
            seen = box.withLock { $0 }
            #expect(seen?.isCreate == false)
            #expect(seen?.arguments == ["title"])
            #expect(seen?.table == "notes")
            #expect(seen?.database == "main")
        }
    }
}

/// A table whose chosen callback throws.
final class FailingTable: VirtualTable {
    enum Callback: String, CaseIterable, CustomStringConvertible {
        case bestIndex, bestIndexConstraint, open, filter, next, column, rowid, update
        var description: String { rawValue }
    }

    let failing: Callback?
    let gappyPlan: Bool
    let declaration: String

    init(_ failing: Callback?, gappyPlan: Bool = false, declaration: String = "CREATE TABLE x(a)") {
        self.failing = failing
        self.gappyPlan = gappyPlan
        self.declaration = declaration
    }

    func fail(_ callback: Callback) throws {
        if failing == callback { throw Result.misuse("failure in \(callback)", code: SQLITE_ERROR) }
    }

    func bestIndex(_ info: inout IndexInfo) throws {
        try fail(.bestIndex)
        if failing == .bestIndexConstraint { throw Result.misuse("no plan", code: SQLITE_CONSTRAINT) }
        if gappyPlan, !info.constraints.isEmpty { info.constraints[0].argumentIndex = 1 }
    }

    func openCursor() throws -> FailingCursor {
        try fail(.open)
        return FailingCursor(self)
    }
}

extension FailingTable: WritableVirtualTable {
    func update(_ change: VirtualTableChange) throws -> Int64? {
        try fail(.update)
        return nil
    }
}

final class FailingCursor: VirtualTableCursor {
    let table: FailingTable
    var row = 0
    init(_ table: FailingTable) { self.table = table }
    func filter(indexNumber: Int32, indexString: String?, arguments: [SQLValue]) throws {
        try table.fail(.filter)
        row = 0
    }
    func next() throws {
        try table.fail(.next)
        row += 1
    }
    var isAtEnd: Bool { row >= 2 }
    func column(_ index: Int32) throws -> SQLValue {
        try table.fail(.column)
        return .integer(Int64(row))
    }
    func rowid() throws -> Int64 {
        try table.fail(.rowid)
        return Int64(row)
    }
}

/// A table that records its destruction.
final class TrackedTable: VirtualTable {
    let log: ProducedRows
    init(_ log: ProducedRows) { self.log = log }
    let declaration = "CREATE TABLE x(a)"
    func bestIndex(_ info: inout IndexInfo) throws {}
    func openCursor() throws -> FailingCursor { FailingCursor(FailingTable(nil)) }
    func destroy() throws { log.append("destroyed") }
}
