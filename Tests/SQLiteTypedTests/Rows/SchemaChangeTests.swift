import SQLiteTyped
import SchemaChangeFixtures
import Testing

/// The typed tier's ways of reading rows, each set up once and run before and after a schema
/// change, so that the second run reuses the statement the first one cached.
enum TypedRead: String, CaseIterable, CustomStringConvertible {
    /// `for row in try db.prepare(t)`, prepared anew for each run.
    case prepare
    /// One `db.prepare(t)` sequence, iterated again for each run.
    case sequenceIteratedAgain
    /// `db.prepareRowIterator(t)` and `failableNext()`.
    case rowIterator
    /// `db.pluck(t)`.
    case pluck
    /// `db.scalar(t.select(column))` for each column.
    case scalar
    /// `SELECT * FROM t JOIN u`: the changed source first, its columns counted by a probe.
    case joinChangedFirst
    /// `SELECT * FROM u JOIN t`: the changed source joined last.
    case joinChangedLast

    var description: String { rawValue }

    static let x = Expression<Int64>("x")
    static let y = Expression<Int64>("y")
    static let z = Expression<Int64>("z")
    static let u = Table("u")
    static let tID = Expression<Int64>("t_id")
    static let w = Expression<Int64>("w")
    static let id = Expression<Int64>("id")

    /// The queries of the joins over `source`.
    static func joins(_ source: Table) -> (first: Table, last: Table) {
        (source.join(u, on: u[tID] == source[id]), u.join(source, on: u[tID] == source[id]))
    }

    /// A read of `source` through `db`, returning what it found.
    func reader(_ db: Connection, _ name: String) throws -> () throws -> Seen {
        let source = Table(name)
        switch self {
        case .prepare:
            return { try Self.only(Array(try db.prepare(source))) }
        case .sequenceIteratedAgain:
            let rows = try db.prepare(source)
            return { try Self.only(Array(rows)) }
        case .rowIterator:
            return {
                let iterator = try db.prepareRowIterator(source)
                var rows: [Row] = []
                while let row = try iterator.failableNext() { rows.append(row) }
                return try Self.only(rows)
            }
        case .pluck:
            return { try Self.seen(try #require(try db.pluck(source))) }
        case .scalar:
            return {
                func value(_ column: Expression<Int64>) throws -> Int64? {
                    do {
                        return try db.scalar(source.select(column))
                    } catch let error as Result where error.message.hasPrefix("no such column") {
                        return nil
                    }
                }
                return Seen(x: try value(Self.x), y: try db.scalar(source.select(Self.y)), z: try value(Self.z))
            }
        case .joinChangedFirst, .joinChangedLast:
            let query = self == .joinChangedFirst ? Self.joins(source).first : Self.joins(source).last
            return {
                let rows = Array(try db.prepare(query))
                #expect(rows.map { $0[Self.u[Self.w]] } == [40])
                return try Self.only(rows, in: source)
            }
        }
    }

    /// What the only row of `rows` holds.
    static func only(_ rows: [Row], in table: Table? = nil) throws -> Seen {
        #expect(rows.count == 1)
        return try seen(try #require(rows.first), in: table)
    }

    /// The x, y and z of `row` (qualified by `table` when given); nil for a column the row lacks.
    static func seen(_ row: Row, in table: Table? = nil) throws -> Seen {
        func column(_ column: Expression<Int64>) -> Expression<Int64> { table.map { $0[column] } ?? column }
        func optional(_ name: Expression<Int64>) throws -> Int64? {
            do {
                return try row.get(column(name))
            } catch QueryError.noSuchColumn {
                return nil
            }
        }
        return Seen(x: try optional(x), y: row[column(y)], z: try optional(z))
    }
}

/// SQLite re-prepares a statement whose schema changed at its next step: the typed tier must
/// read it through a column map of its new columns, never the old one.
@Suite("Typed rows after a schema change")
struct SchemaChangeTests {
    @Test(
        "a statement reused across a schema change reads the values of its new columns",
        arguments: SchemaChange.allCases, TypedRead.allCases)
    func readsAfterChange(change: SchemaChange, read: TypedRead) throws {
        let fixture = try change.makeFixture()
        let reader = try read.reader(fixture.db, change.source)
        #expect(try reader() == SchemaChange.before)
        #expect(try reader() == SchemaChange.before)
        try change.apply(to: fixture)
        #expect(try reader() == change.after)
        #expect(try reader() == change.after)
    }

    @Test("the joins select every column of both tables")
    func joinSQL() {
        let joins = TypedRead.joins(Table("t"))
        #expect(joins.first.asSQL() == #"SELECT * FROM "t" INNER JOIN "u" ON ("u"."t_id" = "t"."id")"#)
        #expect(joins.last.asSQL() == #"SELECT * FROM "u" INNER JOIN "t" ON ("u"."t_id" = "t"."id")"#)
    }

    @Test("a dropped column throws noSuchColumn listing the new columns; selecting it throws SQLite's error")
    func droppedColumnThrows() throws {
        let fixture = try SchemaChange.dropColumn.makeFixture()
        let db = fixture.db
        let t = Table("t")
        let selected = t.select(TypedRead.x, TypedRead.y)
        #expect(selected.asSQL() == #"SELECT "x", "y" FROM "t""#)
        #expect(try db.pluck(t)?.get(TypedRead.x) == 10)
        #expect(try db.pluck(selected)?.get(TypedRead.x) == 10)
        #expect(try Array(db.prepareRowIterator(selected)).map { $0[TypedRead.x] } == [10])
        try SchemaChange.dropColumn.apply(to: fixture)
        let row = try #require(try db.pluck(t))
        #expect(throws: QueryError.noSuchColumn(name: #""x""#, columns: [#""t"."id""#, #""t"."y""#])) {
            try row.get(TypedRead.x)
        }
        #expect(row[TypedRead.y] == 20)
        #expect(row.columnNames == ["id", "y"])
        #expect(row.columnCount == 2)
        // The cached statements of explicit columns fail to re-prepare.
        for read in [{ _ = try db.pluck(selected) }, { _ = try db.prepareRowIterator(selected).failableNext() }] {
            do {
                try read()
                Issue.record("expected SQLite's error")
            } catch let error as Result {
                // Recent SQLite quotes the name; an older system library (SystemSQLite) does not.
                #expect([#"no such column: "x""#, "no such column: x"].contains { error.message.hasPrefix($0) })
            }
        }
    }

    @Test("a row copied before the change keeps its own values and columns")
    func copiedRowKeepsItsColumns() throws {
        let fixture = try SchemaChange.rebuildWithSQL.makeFixture()
        let db = fixture.db
        let t = Table("t")
        let old = try #require(try db.pluck(t))
        try SchemaChange.rebuildWithSQL.apply(to: fixture)
        try db.run(t.update(TypedRead.x <- 12, TypedRead.y <- 22))
        let new = try #require(try db.pluck(t))
        #expect(old.columnNames == ["id", "x", "y"])
        #expect(new.columnNames == ["id", "y", "x"])
        #expect(try TypedRead.seen(old) == Seen(x: 10, y: 20, z: nil))
        #expect(try TypedRead.seen(new) == Seen(x: 12, y: 22, z: nil))
        #expect(old.binding(at: 2) as? Int64 == 20)
        #expect(new.binding(at: 2) as? Int64 == 12)
    }

    @Test("rows kept from an iteration before the change keep their values")
    func keptRowsKeepTheirValues() throws {
        let fixture = try SchemaChange.rebuildWithSQL.makeFixture()
        let db = fixture.db
        let t = Table("t")
        try db.run(t.insert(TypedRead.id <- 2, TypedRead.x <- 11, TypedRead.y <- 21))
        let before = Array(try db.prepare(t.order(TypedRead.id)))
        try SchemaChange.rebuildWithSQL.apply(to: fixture)
        let after = Array(try db.prepare(t.order(TypedRead.id)))
        #expect(try before.map { try TypedRead.seen($0) } == [Seen(x: 10, y: 20, z: nil), Seen(x: 11, y: 21, z: nil)])
        #expect(try after.map { try TypedRead.seen($0) } == [Seen(x: 10, y: 20, z: nil), Seen(x: 11, y: 21, z: nil)])
        #expect(after.map { $0.binding(at: 1) as? Int64 } == [20, 21])
    }

    @Test("a column moved from one joined table to the next, the result's names unchanged")
    func columnMovedAcrossAJoin() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE a (id INTEGER PRIMARY KEY, x INTEGER);
            CREATE TABLE b (a_id INTEGER, y INTEGER);
            INSERT INTO a VALUES (1, 10);
            INSERT INTO b VALUES (1, 20);
            """)
        let a = Table("a")
        let b = Table("b")
        let id = Expression<Int64>("id")
        let aID = Expression<Int64>("a_id")
        let x = Expression<Int64>("x")
        let y = Expression<Int64>("y")
        let joined = a.join(b, on: b[aID] == a[id])
        let before = try #require(try db.pluck(joined))
        #expect(before.columnNames == ["id", "x", "a_id", "y"])
        #expect(before[a[x]] == 10)
        #expect(before[b[y]] == 20)
        // x moves from a to b; the joined result still reads id, x, a_id, y... in another order
        // of tables: a has (id), b has (x, a_id, y).
        try db.execute(
            """
            ALTER TABLE a DROP COLUMN x;
            CREATE TABLE b2 (x INTEGER, a_id INTEGER, y INTEGER);
            INSERT INTO b2 SELECT 30, a_id, y FROM b;
            DROP TABLE b;
            ALTER TABLE b2 RENAME TO b;
            """)
        let after = try #require(try db.pluck(joined))
        #expect(after.columnNames == ["id", "x", "a_id", "y"])
        #expect(throws: QueryError.self) { try after.get(a[x]) }
        #expect(after[b[x]] == 30)
        #expect(after[b[y]] == 20)
        #expect(after[x] == 30)
    }
}
