import Foundation
import SQLite
import Testing

/// The project's first rule across every tier: no cached structure returns another column's
/// value after a schema change, even one SQLite's schema cookie does not reveal. A database
/// deserialized over another whose `schema_version` is the same looks unchanged to a statement
/// prepared before; ``Connection/deserialize(_:schema:readOnly:)`` makes them all prepare again.
@Suite struct DeserializeSchemaChangeTests {
    struct Pair: Codable, Equatable {
        var a: String
        var b: String
    }

    /// A database whose table `t` has `columns` (in that order), the row given, and the schema
    /// cookie `version`.
    private func database(_ columns: String, insert: String, version: Int64) throws -> Data {
        let source = try Connection()
        try source.execute("CREATE TABLE t (\(columns)); INSERT INTO t VALUES \(insert);")
        try source.execute("PRAGMA schema_version = \(version)")
        #expect(try source.scalar("PRAGMA schema_version") as? Int64 == version)
        return try source.serialize()
    }

    @Test func swappedColumnsWithEqualSchemaVersionReadTheRightColumns() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a TEXT, b TEXT); INSERT INTO t VALUES ('a1', 'b1');")
        let version = try #require(try db.scalar("PRAGMA schema_version") as? Int64)
        let t = Table("t")
        let a = SQLExpression<String>("a")
        let b = SQLExpression<String>("b")

        // Every cache warmed up on t (a, b).
        let held = try db.prepare("SELECT * FROM t")
        #expect(try held.failableNext()?.first as? String == "a1")
        held.reset()
        #expect(try db.scalar("SELECT a FROM t") as? String == "a1")
        #expect(try db.prepare(t.select(a, b)).map { [$0[a], $0[b]] } == [["a1", "b1"]])
        #expect(try db.prepare(t).map { [$0[a], $0[b]] } == [["a1", "b1"]])
        #expect(try db.fetchAll(Pair.self, t) == [Pair(a: "a1", b: "b1")])
        #expect(try db.prepare(t).map { row -> Pair in try row.decode() } == [Pair(a: "a1", b: "b1")])

        // Same cookie, columns swapped: a row whose `a` is "A" and `b` is "B".
        try db.deserialize(try database("b TEXT, a TEXT", insert: "('B', 'A')", version: version))
        #expect(try db.scalar("PRAGMA schema_version") as? Int64 == version)

        #expect(try db.scalar("SELECT a FROM t") as? String == "A")
        #expect(try held.failableNext()?.first as? String == "B", "SELECT * now starts with b")
        #expect(held.columnNames == ["b", "a"])
        #expect(try db.prepare(t.select(a, b)).map { [$0[a], $0[b]] } == [["A", "B"]])
        #expect(try db.prepare(t).map { [$0[a], $0[b]] } == [["A", "B"]])
        #expect(try db.fetchAll(Pair.self, t) == [Pair(a: "A", b: "B")])
        #expect(try db.prepare(t).map { row -> Pair in try row.decode() } == [Pair(a: "A", b: "B")])
    }

    @Test func otherColumnsWithEqualSchemaVersionGiveAClearError() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a TEXT, b TEXT); INSERT INTO t VALUES ('a1', 'b1');")
        let version = try #require(try db.scalar("PRAGMA schema_version") as? Int64)
        let t = Table("t")
        let a = SQLExpression<String>("a")
        let held = try db.prepare("SELECT a, b FROM t")
        _ = try held.failableNext()
        held.reset()
        #expect(try db.prepare(t.select(a)).map { $0[a] } == ["a1"])
        #expect(try db.fetchAll(Pair.self, t) == [Pair(a: "a1", b: "b1")])

        try db.deserialize(try database("x TEXT, y TEXT", insert: "('X', 'Y')", version: version))

        for attempt in [
            { _ = try held.failableNext() },
            { _ = try db.prepare(t.select(a)).map { $0[a] } },
            { _ = try db.fetchAll(Pair.self, t) },
        ] {
            do {
                try attempt()
                Issue.record("a query of column a ran on a table without it")
            } catch {
                // SQLite's "no such column: a", or the decoder's "no column \"a\" for Pair".
                #expect("\(error)".contains("no such column") || "\(error)".contains("no column \"a\""), "\(error)")
            }
        }
        // SELECT * reads the new columns, by their names.
        #expect(try db.selectAll(sql: "SELECT * FROM t") == [[.text("X"), .text("Y")]])
    }
}
