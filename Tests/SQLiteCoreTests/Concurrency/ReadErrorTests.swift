import SQLiteCore
import Testing

/// A read inside a ``DatabaseQueue`` or ``DatabasePool`` closure that fails at row 500 of 1,000
/// throws out of the closure and out of `read`/`write`: the caller never gets 499 rows.
@Suite struct ReadErrorTests {
    private func open(_ kind: DatabaseKind, in directory: TemporaryDirectory) throws -> any DatabaseWriter {
        var configuration = Configuration()
        configuration.prepareDatabase = { db in registerFailAt(on: db) }
        let database = try kind.open(in: directory, configuration: configuration)
        try database.write { db in try createFailingTable(on: db) }
        return database
    }

    @Test(arguments: DatabaseKind.allCases, CoreRowPath.allCases)
    func anErrorAtRow500ThrowsOutOfAnAsyncRead(kind: DatabaseKind, path: CoreRowPath) async throws {
        try await withTemporaryDirectory { directory in
            let database = try open(kind, in: directory)
            defer { try? database.close() }
            await #expect(throws: Result.self) {
                try await database.read { db in
                    var seen = 0
                    return try path.read(db, seen: &seen)
                }
            }
            let count = try await database.read { db in try db.scalar("SELECT count(*) FROM t") as? Int64 }
            #expect(count == 1000)
        }
    }

    @Test(arguments: DatabaseKind.allCases)
    func anErrorAtRow500ThrowsOutOfSynchronousReadsAndWrites(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let database = try open(kind, in: directory)
            defer { try? database.close() }
            var seen = 0
            let error = expectResult(code: SQLITE_ERROR) {
                _ = try database.read { db in try CoreRowPath.failableNext.read(db, seen: &seen) }
            }
            #expect(error?.message == "fail_at reached row 500")
            #expect(seen == 499)
            expectResult(code: SQLITE_ERROR) {
                _ = try database.write { db in try db.selectAll(sql: failingSQL) }
            }
            await #expect(throws: Result.self) {
                try await database.write { db in try db.query(sql: failingSQL).count }
            }
        }
    }
}
