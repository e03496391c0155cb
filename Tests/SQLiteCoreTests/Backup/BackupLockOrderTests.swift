import Dispatch
import Foundation
import SQLiteCore
import Testing

/// How a backup step takes the locks of its two connections when other threads hold them.
///
/// Each test plays its race twice on the same two connections, the roles swapped: whatever
/// fixed order a step took the two locks in, one of the two rounds would take them against it.
@Suite(.serialized) struct BackupLockOrderTests {
    /// What the first thread holds while it steps its backup.
    enum Hold: String, CaseIterable, CustomTestStringConvertible, Sendable {
        /// A transaction of the source, in which the backup may read the source.
        case transaction
        /// The connection's lock (`withLock`).
        case lock

        var testDescription: String { rawValue }
    }

    /// One thread steps a backup inside a transaction (or `withLock`) of one of the two
    /// connections, while another thread steps a second backup between the same two
    /// connections: both finish, whichever connection the first one holds.
    @Test(arguments: Hold.allCases)
    func stepInsideAHoldOfOneConnectionRacingAnotherStep(hold: Hold) async throws {
        let (source, target) = try makeConnections()
        // A transaction of the target would keep the backup from writing to it.
        let rounds = hold == .transaction ? [source] : [source, target]
        for outer in rounds {
            let first = try source.backup(usingConnection: target)
            let second = try source.backup(usingConnection: target)
            let holding = Flag()
            let secondStarted = Flag()
            let errors = Locked<[String]>([])
            let firstDone = onThread {
                do {
                    let step = {
                        holding.set()
                        // Let the other thread take what it can of the two locks and wait for
                        // the rest.
                        while !secondStarted.isSet { usleep(1000) }
                        usleep(300_000)
                        try first.step()
                    }
                    if hold == .transaction {
                        try outer.transaction { try step() }
                    } else {
                        try outer.withLock { try step() }
                    }
                } catch {
                    errors.withLock { $0.append("first: \(error)") }
                }
            }
            try await waitUntil(timeout: 60) { holding.isSet }
            let secondDone = onThread {
                secondStarted.set()
                do {
                    try second.step()
                } catch {
                    errors.withLock { $0.append("second: \(error)") }
                }
            }
            try await waitUntil(timeout: 60, "the two steps deadlocked") { firstDone.isSet && secondDone.isSet }
            guard firstDone.isSet && secondDone.isSet else { return leak(source, target) }
            #expect(errors.value.isEmpty)
            #expect(try target.scalar("SELECT count(*) FROM items") as? Int64 == 50)
        }
    }

    /// A backup stepped while another thread runs a transaction on one of the two connections
    /// that then uses the other: both finish, whichever connection the transaction is on.
    @Test func stepRacingATransactionThatUsesBothConnections() async throws {
        let (source, target) = try makeConnections()
        for (outer, inner) in [(source, target), (target, source)] {
            let backup = try source.backup(usingConnection: target)
            let inTransaction = Flag()
            let stepping = Flag()
            let errors = Locked<[String]>([])
            let transactionDone = onThread {
                do {
                    try outer.transaction {
                        inTransaction.set()
                        // Let the step take what it can of the two locks and wait for the rest.
                        while !stepping.isSet { usleep(1000) }
                        usleep(300_000)
                        _ = try inner.scalar("SELECT 1")
                    }
                } catch {
                    errors.withLock { $0.append("transaction: \(error)") }
                }
            }
            try await waitUntil(timeout: 60) { inTransaction.isSet }
            let stepDone = onThread {
                stepping.set()
                do {
                    try backup.step()
                } catch {
                    errors.withLock { $0.append("step: \(error)") }
                }
            }
            try await waitUntil(timeout: 60, "the step and the transaction deadlocked") {
                transactionDone.isSet && stepDone.isSet
            }
            guard transactionDone.isSet && stepDone.isSet else { return leak(source, target) }
            #expect(errors.value.isEmpty)
            #expect(try target.scalar("SELECT count(*) FROM items") as? Int64 == 50)
        }
    }

    /// A source of 50 rows and an empty target.
    private func makeConnections() throws -> (Connection, Connection) {
        let source = try Connection()
        try source.execute("CREATE TABLE items (id INTEGER PRIMARY KEY, payload BLOB)")
        try source.transaction {
            for index in 0..<50 {
                try source.run("INSERT INTO items (payload) VALUES (?)", Blob(bytes: [UInt8(index)]))
            }
        }
        return (source, try Connection())
    }

    /// Runs `body` on a thread of its own; the flag is set when it returns.
    private func onThread(_ body: @escaping @Sendable () -> Void) -> Flag {
        let done = Flag()
        Thread.detachNewThread {
            body()
            done.set()
        }
        return done
    }

    /// Deadlocked threads hold the locks for good, and releasing a connection takes its lock:
    /// the connections are leaked, so that the test ends (failed) instead of hanging.
    private func leak(_ connections: Connection...) {
        for connection in connections { _ = Unmanaged.passRetained(connection) }
    }
}
