import Foundation
import SQLiteCodable
import SchemaChangeFixtures
import Testing

/// A row of `t` or `v` as a plain `Decodable`; a column the source lacks decodes as nil.
struct SourceRow: Codable, Equatable {
    var id: Int64
    var x: Int64?
    var y: Int64
    var z: Int64?

    var seen: Seen { Seen(x: x, y: y, z: z) }
}

/// A record over the table or view of a schema change.
protocol SourceRecord: Record {
    var id: Int64 { get }
    var seen: Seen { get }
}

struct TableRecord: SourceRecord {
    static let tableName = "t"
    var id: Int64
    var x: Int64?
    var y: Int64
    var z: Int64?

    var seen: Seen { Seen(x: x, y: y, z: z) }
}

struct ViewRecord: SourceRecord {
    static let tableName = "v"
    var id: Int64
    var x: Int64?
    var y: Int64
    var z: Int64?

    var seen: Seen { Seen(x: x, y: y, z: z) }
}

/// The table joined to the source.
struct JoinedRecord: Record, Equatable {
    static let tableName = "u"
    static let columnMapping = ["sourceID": "t_id"]
    var id: Int64
    var sourceID: Int64
    var w: Int64
}

/// The Codable tier's ways of reading rows, each run before and after a schema change, so
/// that the second run reuses the statement (and maps, decoders and record plans) the first
/// one cached.
enum CodableRead: String, CaseIterable, CustomStringConvertible {
    /// `try db.prepare(t).map { try $0.decode() }` (SQLite.swift's form).
    case rowDecode
    /// `try db.pluck(t)?.decode()`.
    case pluckDecode
    /// `db.fetchAll(SourceRow.self, t)`.
    case fetchAllQuery
    /// `db.fetchAll(SourceRow.self, sql: "SELECT * FROM t")`.
    case fetchAllSQL
    /// `db.fetchOne(SourceRow.self, t)`.
    case fetchOne
    /// `Record.find(1, in: db)`.
    case recordFind
    /// `Record.fetchAll(in: db)`.
    case recordFetchAll
    /// `Record.fetchOne(in: db)`.
    case recordFetchOne
    /// `db.fetchAll(Record.self, joining: JoinedRecord.self, on: ...)`.
    case recordJoin

    var description: String { rawValue }

    /// A read of `source` through `db`, returning what it found.
    func read(_ db: Connection, _ source: String) throws -> Seen {
        source == "v" ? try read(db, ViewRecord.self) : try read(db, TableRecord.self)
    }

    private func read<R: SourceRecord>(_ db: Connection, _ record: R.Type) throws -> Seen {
        let table = Table(R.tableName)
        switch self {
        case .rowDecode:
            let rows: [SourceRow] = try db.prepare(table).map { row in try row.decode() }
            return try Self.only(rows.map(\.seen))
        case .pluckDecode:
            return try #require(try db.pluck(table)).decode(SourceRow.self).seen
        case .fetchAllQuery:
            return try Self.only(try db.fetchAll(SourceRow.self, table).map(\.seen))
        case .fetchAllSQL:
            return try Self.only(try db.fetchAll(SourceRow.self, sql: "SELECT * FROM \(R.tableName)").map(\.seen))
        case .fetchOne:
            return try #require(try db.fetchOne(SourceRow.self, table)).seen
        case .recordFind:
            return try #require(try R.find(1, in: db)).seen
        case .recordFetchAll:
            return try Self.only(try R.fetchAll(in: db).map(\.seen))
        case .recordFetchOne:
            return try #require(try R.fetchOne(in: db)).seen
        case .recordJoin:
            let pairs = try R.alias().join(.inner, JoinedRecord.self, on: JoinedRecord.foreignKey("t_id", to: R.self))
                .fetchAll(R.self, JoinedRecord.self, in: db)
            #expect(pairs.compactMap(\.1) == [JoinedRecord(id: 1, sourceID: 1, w: 40)])
            let left = pairs.compactMap(\.0)
            #expect(left.map(\.id) == [1])
            return try Self.only(left.map(\.seen))
        }
    }

    private static func only(_ seen: [Seen]) throws -> Seen {
        #expect(seen.count == 1)
        return try #require(seen.first)
    }
}

/// SQLite re-prepares a statement whose schema changed at its next step: the Codable tier must
/// decode it through maps, decoders and plans made for its new columns, never the old ones.
@Suite("Codable rows after a schema change")
struct SchemaChangeTests {
    @Test(
        "a statement reused across a schema change decodes the values of its new columns",
        arguments: SchemaChange.allCases, CodableRead.allCases)
    func decodesAfterChange(change: SchemaChange, read: CodableRead) throws {
        let fixture = try change.makeFixture()
        #expect(try read.read(fixture.db, change.source) == SchemaChange.before)
        #expect(try read.read(fixture.db, change.source) == SchemaChange.before)
        try change.apply(to: fixture)
        #expect(try read.read(fixture.db, change.source) == change.after)
        #expect(try read.read(fixture.db, change.source) == change.after)
    }

    @Test("the queries read every column")
    func querySQL() {
        #expect(Table("t").asSQL() == #"SELECT * FROM "t""#)
        #expect(TableRecord.table.limit(1).asSQL() == #"SELECT * FROM "t" LIMIT 1"#)
        #expect(JoinedRecord.foreignKey("t_id", to: TableRecord.self).asSQL() == #"("u"."t_id" = "t"."id")"#)
    }

    /// A row type whose x the source must have.
    struct Strict: Decodable, Equatable {
        var x: Int64
        var y: Int64
    }

    struct StrictRecord: Record {
        static let tableName = "t"
        var id: Int64
        var x: Int64
        var y: Int64
    }

    @Test("a dropped column a type needs throws keyNotFound naming it and the new columns")
    func droppedColumnThrows() throws {
        let fixture = try SchemaChange.dropColumn.makeFixture()
        let db = fixture.db
        let t = Table("t")
        #expect(try db.fetchAll(Strict.self, t) == [Strict(x: 10, y: 20)])
        #expect(try db.pluck(t)?.decode(Strict.self) == Strict(x: 10, y: 20))
        #expect(try StrictRecord.find(1, in: db)?.x == 10)
        #expect(try StrictRecord.fetchAll(in: db).map(\.x) == [10])
        try SchemaChange.dropColumn.apply(to: fixture)
        let reads: [(String, () throws -> Void)] = [
            ("Strict", { _ = try db.fetchAll(Strict.self, t) }),
            ("Strict", { _ = try db.fetchOne(Strict.self, t) }),
            ("Strict", { _ = try db.pluck(t)?.decode(Strict.self) }),
            ("Strict", { _ = try db.prepare(t).map { row -> Strict in try row.decode() } }),
            ("StrictRecord", { _ = try StrictRecord.find(1, in: db) }),
            ("StrictRecord", { _ = try StrictRecord.fetchAll(in: db) }),
        ]
        for (type, read) in reads {
            do {
                try read()
                Issue.record("expected keyNotFound for \(type)")
            } catch DecodingError.keyNotFound(let key, let context) {
                #expect(key.stringValue == "x")
                #expect(context.debugDescription == "no column \"x\" for \(type) among [id, y]")
            }
        }
    }

    @Test("a query whose LIKE pattern is bound anew, re-prepared by SQLite each time, decodes each result")
    func rebindingALikePattern() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE word (id INTEGER PRIMARY KEY, text TEXT NOT NULL);
            INSERT INTO word (text) VALUES ('apple'), ('banana'), ('cherry'), ('avocado');
            """)
        struct Word: Decodable, Equatable {
            var id: Int64
            var text: String
        }
        let sql = "SELECT * FROM word WHERE text LIKE ? ORDER BY id"
        for _ in 0..<2 {
            #expect(
                try db.fetchAll(Word.self, sql: sql, "a%") == [
                    Word(id: 1, text: "apple"), Word(id: 4, text: "avocado"),
                ])
            #expect(try db.fetchAll(Word.self, sql: sql, "b%") == [Word(id: 2, text: "banana")])
            #expect(try db.fetchOne(Word.self, sql: sql, ["c%"]) == Word(id: 3, text: "cherry"))
        }
    }
}
