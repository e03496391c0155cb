import Dispatch
import Foundation
import SQLiteCore
import Testing

/// A connection, or a statement, kept from one access of a queue or pool and used from another
/// thread while another access of the same connection runs: it throws, and the running access
/// sees nothing of it.
@Suite struct EscapedConnectionTests {
    /// The kind of access running when the escaped connection is used.
    enum Access: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case read
        case write
        case writeWithoutTransaction

        var testDescription: String { rawValue }
    }

    /// What escaped its closure.
    enum Escapee: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case connection
        case statement

        var testDescription: String { rawValue }
    }

    /// An escapee used during an access.
    struct Case: CustomTestStringConvertible, Sendable {
        let access: Access
        let escapee: Escapee

        var testDescription: String { "\(escapee) during \(access)" }

        static let all = Access.allCases.flatMap { access in
            Escapee.allCases.map { Case(access: access, escapee: $0) }
        }
    }

    @Test(arguments: DatabaseKind.allCases, Case.all)
    func escapedUseDuringAnotherAccessThrows(kind: DatabaseKind, case: Case) async throws {
        let (access, escapee) = (`case`.access, `case`.escapee)
        try await withTemporaryDirectory { directory in
            var configuration = Configuration()
            // A pool's next read gets the reader that escaped.
            configuration.maximumReaderCount = 1
            let db = try kind.open(in: directory, configuration: configuration)
            try await db.write { db in try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)") }

            // Kept from an earlier access of the connection the live access will get.
            let use = try await escapedUse(of: db, access: access, escapee: escapee)
            let inside = Flag()
            let gate = Gate()
            let live = Task { try await liveAccess(access, of: db, inside: inside, gate: gate) }
            var gateOpen = false
            defer { if !gateOpen { gate.open() } }
            try await waitUntil { inside.isSet }

            // From another thread, while the access runs. Inside `write` the transaction holds
            // the connection's lock: the use waits for it, and must still throw once it has it.
            let outcome = Locked<Swift.Result<Void, any Error>?>(nil)
            Thread.detachNewThread {
                let result = Swift.Result { try use() }
                outcome.withLock { $0 = result }
            }
            if access != .write { try await waitUntil { outcome.value != nil } }
            try await Task.sleep(nanoseconds: 20_000_000)
            gate.open()
            gateOpen = true
            try await waitUntil { outcome.value != nil }

            switch outcome.value {
            case .failure(let error as Result)?:
                #expect(error.code == SQLITE_MISUSE, "\(error)")
                #expect(error.message.contains("only inside the read or write closure"), "\(error)")
            case .failure(let error)?:
                Issue.record("expected SQLITE_MISUSE, got \(error)")
            case .success?:
                Issue.record("the escaped \(escapee) was used during another \(access)")
            case nil:
                break
            }
            let expected = access == .read ? "1" : "1,2,3"
            #expect(try await live.value == expected)
            #expect(try await db.read { db in try contents(db) } == expected)
        }
    }

    /// Escaped uses hammering the connection from another thread while accesses of every kind
    /// run one after the other: none ever lands, before, inside, between or around a commit.
    @Test(arguments: DatabaseKind.allCases)
    func escapedUsesNeverLandInAnyAccess(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            var configuration = Configuration()
            configuration.maximumReaderCount = 1
            let db = try kind.open(in: directory, configuration: configuration)
            let writer = try await db.write { db in
                try db.execute("CREATE TABLE t (x)")
                return UncheckedBox((db, try db.prepare("INSERT INTO t VALUES (99)")))
            }
            let reader = try await db.read { db in UncheckedBox((db, try db.prepare("SELECT count(*) FROM t"))) }
            let stop = Flag()
            let stopped = Flag()
            let landed = Locked<[String]>([])
            let attempts = Locked(0)
            Thread.detachNewThread {
                defer { stopped.set() }
                while !stop.isSet {
                    let uses: [(String, () throws -> Void)] = [
                        ("writer connection", { try writer.value.0.execute("INSERT INTO t VALUES (99)") }),
                        ("writer statement", { try writer.value.1.run() }),
                        ("reader connection", { _ = try reader.value.0.scalar("SELECT count(*) FROM t") }),
                        ("reader statement", { _ = try reader.value.1.scalar() }),
                    ]
                    for (name, use) in uses {
                        do {
                            try use()
                            landed.withLock { $0.append(name) }
                        } catch let error as Result where error.code == SQLITE_MISUSE {
                        } catch {
                            landed.withLock { $0.append("\(name): \(error)") }
                        }
                        attempts.withLock { $0 += 1 }
                    }
                }
            }
            defer { stop.set() }
            for value in 1...60 {
                switch value % 3 {
                case 0:
                    try await db.write { db in try db.run("INSERT INTO t VALUES (?)", value) }
                case 1:
                    try await db.writeWithoutTransaction { db in
                        try db.execute("BEGIN")
                        try db.run("INSERT INTO t VALUES (?)", value)
                        try db.execute("COMMIT")
                    }
                default:
                    _ = try await db.read { db in try db.scalar("SELECT count(*) FROM t") }
                }
            }
            stop.set()
            try await waitUntil { stopped.isSet }
            #expect(landed.value.isEmpty)
            #expect(attempts.value > 0)
            #expect(try await db.read { db in try db.scalar("SELECT count(*) FROM t WHERE x = 99") as? Int64 } == 0)
            #expect(try await rowCount(db) == 40)
        }
    }

    /// Inside its closure, the connection works on the thread running the closure only: handed
    /// to another thread meanwhile, it throws there.
    @Test(arguments: DatabaseKind.allCases)
    func connectionHandedToAnotherThreadInsideItsClosureThrows(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let db = try kind.open(in: directory)
            try await db.write { db in try db.execute("CREATE TABLE t (x)") }
            let error = try await db.writeWithoutTransaction { db -> Result? in
                let box = UncheckedBox(db)
                let outcome = Locked<Result?>(nil)
                let done = DispatchSemaphore(value: 0)
                Thread.detachNewThread {
                    do {
                        try box.value.execute("INSERT INTO t VALUES (1)")
                    } catch {
                        outcome.withLock { $0 = error as? Result }
                    }
                    done.signal()
                }
                _ = done.wait(timeout: .now() + 60)
                // The closure's own thread still uses it.
                try db.execute("INSERT INTO t VALUES (2)")
                return outcome.value
            }
            #expect(error?.code == SQLITE_MISUSE)
            #expect(error?.message.contains("thread") == true)
            #expect(try await db.read { db in try contents(db) } == "2")
        }
    }
}

/// A use of a connection or statement kept from an earlier access like `access`: a read
/// (of a pool's reader) or a write (of the writer).
private func escapedUse(
    of db: any DatabaseWriter, access: EscapedConnectionTests.Access, escapee: EscapedConnectionTests.Escapee
) async throws -> @Sendable () throws -> Void {
    if access == .read {
        let kept = try await db.read { db -> UncheckedBox<(Connection, Statement)> in
            UncheckedBox((db, try db.prepare("SELECT count(*) FROM t")))
        }
        if escapee == .connection { return { _ = try kept.value.0.scalar("SELECT count(*) FROM t") } }
        return { _ = try kept.value.1.scalar() }
    }
    let kept = try await db.write { db -> UncheckedBox<(Connection, Statement)> in
        UncheckedBox((db, try db.prepare("INSERT INTO t VALUES (99)")))
    }
    if escapee == .connection { return { try kept.value.0.execute("INSERT INTO t VALUES (99)") } }
    return { try kept.value.1.run() }
}

/// An access of kind `access` that sets `inside`, waits for `gate`, and returns what it saw.
private func liveAccess(
    _ access: EscapedConnectionTests.Access, of db: any DatabaseWriter, inside: Flag, gate: Gate
) async throws -> String? {
    switch access {
    case .read:
        return try await db.read { db -> String? in
            let before = try contents(db)
            inside.set()
            gate.wait()
            return try before == contents(db) ? before : "changed during the read"
        }
    case .write:
        return try await db.write { db -> String? in
            try db.run("INSERT INTO t VALUES (2)")
            inside.set()
            gate.wait()
            try db.run("INSERT INTO t VALUES (3)")
            return try contents(db)
        }
    case .writeWithoutTransaction:
        return try await db.writeWithoutTransaction { db -> String? in
            try db.execute("BEGIN; INSERT INTO t VALUES (2)")
            inside.set()
            gate.wait()
            try db.execute("INSERT INTO t VALUES (3); COMMIT")
            return try contents(db)
        }
    }
}

/// The values of `t.x` in order, comma-separated.
private func contents(_ db: Connection) throws -> String? {
    try db.scalar("SELECT group_concat(x) FROM (SELECT x FROM t ORDER BY x)") as? String
}
