import SQLiteCore
import Testing

/// A ``DatabaseQueue`` or ``DatabasePool`` owns its connections, and closes them even when a
/// statement escaped one of its closures (unlike `Connection.close()`, which refuses): the
/// escaped statement then throws "the database connection is closed", and the file is released
/// once the statement is.
@Suite struct EscapedStatementCloseTests {
    @Test(arguments: DatabaseKind.allCases)
    func closingWithAnEscapedStatement(kind: DatabaseKind) async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.path("db.sqlite")
            var escaped: UncheckedBox<Statement>?
            do {
                let db = try kind.open(in: directory)
                escaped = try await db.write { db in
                    try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
                    _ = try db.selectAll(sql: "SELECT x FROM t")
                    return UncheckedBox(try db.prepare("SELECT count(*) FROM t"))
                }
                _ = try await db.read { db in try db.selectAll(sql: "SELECT x FROM t") }
                try db.close()
                try db.close()
                let statement = try #require(escaped?.value)
                let error = expectResult(code: SQLITE_MISUSE) { _ = try statement.scalar() }
                #expect(error?.message == "the database connection is closed")
            }
            if openDescriptorCount(for: path) != nil {
                #expect(openDescriptorCount(for: path) ?? 0 > 0, "the escaped statement keeps SQLite's side open")
                escaped = nil
                #expect(openDescriptorCount(for: path) == 0)
            }
        }
    }
}
