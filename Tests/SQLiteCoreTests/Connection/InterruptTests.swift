import SQLiteCore
import Testing

/// `isInterrupted` reads `sqlite3_is_interrupted` (SQLite 3.41), which an older system library
/// lacks: there it always reports false.
@Suite struct InterruptTests {
    /// `isInterrupted` as seen from inside a running statement, before and after it interrupts
    /// itself, then once the statement is done.
    private func observeSelfInterruption() throws -> (before: Bool, after: Bool, done: Bool) {
        let db = try Connection()
        let seen = Locked<[Bool]>([])
        db.createFunction("interrupt_self", argumentCount: 0) { [unowned db] _ in
            let before = db.isInterrupted
            db.interrupt()
            let after = db.isInterrupted
            seen.withLock { $0 = [before, after] }
            return Int64(1)
        }
        // Whether the rest of the statement notices the interrupt in time is SQLite's business.
        _ = try? db.scalar("SELECT interrupt_self()")
        #expect(try db.scalar("SELECT 40 + 2") as? Int64 == 42)
        let observed = seen.withLock { $0 }
        try #require(observed.count == 2)
        return (observed[0], observed[1], db.isInterrupted)
    }

    @Test(.enabled(if: SQLiteVersion.current >= SQLiteVersion(major: 3, minor: 41), "needs SQLite 3.41"))
    func isInterruptedWhileAnInterruptIsInEffect() throws {
        let observed = try observeSelfInterruption()
        #expect(!observed.before)
        #expect(observed.after)
        #expect(!observed.done)
    }

    @Test(.disabled(if: SQLiteVersion.current >= SQLiteVersion(major: 3, minor: 41), "SQLite 3.41 or later"))
    func isInterruptedIsFalseWithoutSQLite341() throws {
        let observed = try observeSelfInterruption()
        #expect(!observed.before)
        #expect(!observed.after)
        #expect(!observed.done)
    }
}
