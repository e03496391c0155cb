import SQLiteCore
import Testing

/// Run-time limits (`sqlite3_limit`): read, lowered, clamped, and what SQLite then rejects.
@Suite struct LimitTests {
    @Test func limitsCoverEverySQLiteLimitInOrder() {
        #expect(Connection.Limit.allCases.map(\.rawValue) == Array(0...11))
        #expect(Connection.Limit.length.rawValue == SQLITE_LIMIT_LENGTH)
        #expect(Connection.Limit.workerThreads.rawValue == SQLITE_LIMIT_WORKER_THREADS)
    }

    @Test func settingReturnsThePreviousValue() throws {
        let db = try Connection()
        let original = try db.limit(.attached)
        #expect(original > 2)
        #expect(try db.setLimit(.attached, to: 2) == original)
        #expect(try db.limit(.attached) == 2)
        #expect(try db.setLimit(.attached, to: original) == 2)
        #expect(try db.limit(.attached) == original)
    }

    /// Every limit but the worker threads opens at its compile-time maximum, so a larger value
    /// is lowered back to it: what is reported is the value in effect, not the one asked for.
    @Test(arguments: Connection.Limit.allCases.filter { $0 != .workerThreads })
    func aValueAboveTheMaximumIsLoweredToIt(limit: Connection.Limit) throws {
        let db = try Connection()
        let maximum = try db.limit(limit)
        try db.setLimit(limit, to: 1)
        try db.setLimit(limit, to: Int.max)
        #expect(try db.limit(limit) == maximum)
    }

    @Test func workerThreadsAreClampedToTheirMaximum() throws {
        let db = try Connection()
        try db.setLimit(.workerThreads, to: 1_000)
        let threads = try db.limit(.workerThreads)
        #expect(threads > 0 && threads < 1_000)
    }

    @Test func aNegativeValueIsRefusedAndChangesNothing() throws {
        let db = try Connection()
        let before = try db.limit(.column)
        let error = expectResult(code: SQLITE_RANGE) { try db.setLimit(.column, to: -1) }
        #expect(error?.message.contains("limit(_:)") == true)
        #expect(try db.limit(.column) == before)
    }

    /// SQLite 3.46 and later raise a length limit below 30 to 30: the value in effect is reported.
    @Test func aLengthBelowTheMinimumIsRaised() throws {
        let db = try Connection()
        try db.setLimit(.length, to: 10)
        let expected = SQLiteVersion.current >= SQLiteVersion(major: 3, minor: 46) ? 30 : 10
        #expect(try db.limit(.length) == expected)
    }

    @Test func aLowerLengthMakesLongValuesTooBig() throws {
        let db = try Connection()
        try db.setLimit(.length, to: 100)
        #expect(try db.scalar("SELECT length(randomblob(50))") as? Int64 == 50)
        expectResult(code: SQLITE_TOOBIG) { _ = try db.scalar("SELECT randomblob(101)") }
        expectResult(code: SQLITE_TOOBIG) { _ = try db.scalar("SELECT ?", String(repeating: "x", count: 101)) }
    }

    @Test func lowerLimitsRejectSQL() throws {
        let db = try Connection()
        // sqlite_schema itself has 5 columns: a lower limit would keep the schema from loading.
        try db.setLimit(.column, to: 5)
        #expect(try db.prepare("SELECT 1, 2, 3, 4, 5").columnCount == 5)
        let columns = expectResult(code: SQLITE_ERROR) { _ = try db.prepare("SELECT 1, 2, 3, 4, 5, 6") }
        #expect(columns?.message.contains("too many columns") == true)

        try db.setLimit(.attached, to: 0)
        let attached = expectResult(code: SQLITE_ERROR) { try db.attach(.inMemory, as: "other") }
        #expect(attached?.message.contains("too many attached databases") == true)

        try db.setLimit(.variableNumber, to: 1)
        #expect(try db.scalar("SELECT ?1", 7) as? Int64 == 7)
        let variable = expectResult(code: SQLITE_ERROR) { _ = try db.prepare("SELECT ?2") }
        #expect(variable?.message.contains("variable number must be between ?1 and ?1") == true)
    }

    @Test func aClosedConnectionThrows() throws {
        let db = try Connection()
        try db.close()
        expectResult(code: SQLITE_MISUSE) { _ = try db.limit(.length) }
        expectResult(code: SQLITE_MISUSE) { try db.setLimit(.length, to: 5) }
    }
}
