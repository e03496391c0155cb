import Foundation
import SQLiteTyped
import Testing

/// A number kept as text (a `TEXT` column holding `'1'`) reads as that number through the typed
/// tier, live or copied; text that is not a number is a type mismatch, never 0.
@Suite struct NumericTextReadTests {
    let t = Table("t")
    let id = Expression<Int64>("id")

    func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (id INTEGER PRIMARY KEY, n TEXT, r TEXT, b TEXT);
            INSERT INTO t VALUES (1, 42, 2.5, 1), (2, 'abc', 'x', 'yes');
            """)
        return db
    }

    @Test func numbersStoredAsText() throws {
        let db = try database()
        let n = Expression<Int>("n")
        let wide = Expression<Int64>("n")
        let r = Expression<Double>("r")
        let b = Expression<Bool>("b")
        #expect(try db.scalar("SELECT typeof(n) FROM t WHERE id = 1") as? String == "text")
        let live = try #require(try db.prepareRowIterator(t.filter(id == 1)).failableNext())
        #expect(try live.get(n) == 42)
        #expect(try live.get(wide) == 42)
        #expect(try live.get(r) == 2.5)
        #expect(try live.get(b) == true)
        let copied = try #require(try db.pluck(t.filter(id == 1)))
        #expect(copied[n] == 42)
        #expect(copied[r] == 2.5)
        #expect(copied[b] == true)
    }

    @Test func textThatIsNotANumberIsAMismatch() throws {
        let db = try database()
        let n = Expression<Int>("n")
        let r = Expression<Double>("r")
        let b = Expression<Bool>("b")
        let live = try #require(try db.prepareRowIterator(t.filter(id == 2)).failableNext())
        #expect(throws: ColumnTypeMismatch.self) { try live.get(n) }
        #expect(throws: ColumnTypeMismatch.self) { try live.get(r) }
        #expect(throws: ColumnTypeMismatch.self) { try live.get(b) }
        let copied = try #require(try db.pluck(t.filter(id == 2)))
        #expect(throws: ColumnTypeMismatch.self) { try copied.get(n) }
        #expect(throws: ColumnTypeMismatch.self) { try copied.get(r) }
    }
}

/// Text that is not a date, a UUID or a URL, read through such an expression, throws: the
/// conversions' own non-throwing forms give stand-in values, the rows never do.
@Suite struct MalformedTextReadTests {
    @Test func malformedDateUUIDAndURLThrow() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (d TEXT, u TEXT, l TEXT); INSERT INTO t VALUES ('yesterday', 'not-a-uuid', '');")
        let t = Table("t")
        let d = Expression<Date>("d")
        let u = Expression<UUID>("u")
        let l = Expression<URL>("l")
        let live = try #require(try db.prepareRowIterator(t).failableNext())
        #expect(throws: Result.self) { try live.get(d) }
        #expect(throws: Result.self) { try live.get(u) }
        #expect(throws: Result.self) { try live.get(l) }
        let copied = try #require(try db.pluck(t))
        #expect(throws: Result.self) { try copied.get(u) }
        #expect(throws: Result.self) { try copied.get(l) }
    }
}
