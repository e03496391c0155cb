import SQLiteCore
import Testing

@Test func openRunAndReadBack() throws {
    let db = try Connection()
    try db.execute("CREATE TABLE t (a INTEGER, b TEXT); INSERT INTO t VALUES (1, 'x')")
    try db.run("INSERT INTO t VALUES (?, ?)", 2, "y")
    #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 2)
}
