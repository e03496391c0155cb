import Foundation
import SQLiteCodable
import Testing

@Suite("Records: column and index declarations, transient properties")
struct RecordColumnTests {
    struct Writer: Record, Equatable {
        var id: Int64 = 0
        var name: String
    }

    /// A child of ``Writer``: deleted with it.
    struct Novel: Record, Equatable {
        static let columnMapping = ["writerID": "writer_id"]
        static var columns: [RecordColumn] {
            [RecordColumn("writerID", references: .record(Writer.self, onDelete: .cascade))]
        }
        var id: Int64 = 0
        var writerID: Int64
        var title: String
    }

    /// A child of ``Writer`` by table name, whose link is cleared when the writer goes.
    struct Review: Record, Equatable {
        static var columns: [RecordColumn] {
            [RecordColumn("writer", references: .table("writer", column: "id", onDelete: .setNull, onUpdate: .cascade))]
        }
        var id: Int64 = 0
        var writer: Int64?
        var stars: Int
    }

    /// Every kind of declaration.
    struct Member: Record {
        var id: Int64 = 0
        var email: String
        var nickname: String
        var age: Int
        var joined: Date
        var bio: String?

        static var columns: [RecordColumn] {
            [
                RecordColumn("id", autoIncrement: true),
                RecordColumn("email", unique: true, collate: .nocase),
                RecordColumn("nickname", defaultValue: .value("anon"), checkSQL: "length(nickname) > 0"),
                RecordColumn("age", defaultValue: .value(18), check: SQLExpression<Int>("age") >= 0),
                RecordColumn("joined", type: "DATETIME", defaultValue: .sql("CURRENT_TIMESTAMP")),
                RecordColumn("bio", notNull: true, defaultValue: .value("")),
            ]
        }
        static var indexes: [RecordIndex] {
            [RecordIndex("nickname"), RecordIndex("age", "joined", unique: true, name: "member_age_joined")]
        }
    }

    @Test(
        "a declared foreign key is enforced with foreign keys on: orphans throw, ON DELETE CASCADE and SET NULL apply")
    func foreignKeys() throws {
        let db = try Connection()
        try db.execute("PRAGMA foreign_keys = ON")
        db.usesExtendedErrorCodes = true
        try db.createTable(for: Writer.self)
        try db.createTable(for: Novel.self)
        try db.createTable(for: Review.self)
        #expect(
            try db.createTableSQL(for: Novel.self).contains(
                #""writer_id" INTEGER NOT NULL REFERENCES "writer" ("id") ON DELETE CASCADE"#))
        #expect(
            try db.createTableSQL(for: Review.self).contains(
                #""writer" INTEGER REFERENCES "writer" ("id") ON DELETE SET NULL ON UPDATE CASCADE"#))
        var writer = Writer(name: "Le Guin")
        try db.save(&writer)
        var orphan = Novel(writerID: 99, title: "Nowhere")
        let error = #expect(throws: Result.self) { try db.save(&orphan) }
        #expect(error?.extendedCode == SQLITE_CONSTRAINT_FOREIGNKEY)
        try db.insertMany([Novel(writerID: writer.id, title: "Earthsea"), Novel(writerID: writer.id, title: "Lathe")])
        var review = Review(writer: writer.id, stars: 5)
        try db.save(&review)
        #expect(try db.delete(writer))
        #expect(try Novel.count(in: db) == 0)
        #expect(try Review.find(review.id, in: db)?.writer == nil)
    }

    @Test("UNIQUE, DEFAULT, CHECK, COLLATE, AUTOINCREMENT and indexes are in sqlite_master's SQL")
    func declarationsInTheSchema() throws {
        let db = try Connection()
        try db.createTable(for: Member.self)
        let table = try #require(
            try db.scalar("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'member'") as? String)
        for clause in [
            #""id" INTEGER PRIMARY KEY AUTOINCREMENT"#,
            #""email" TEXT NOT NULL UNIQUE COLLATE NOCASE"#,
            #""nickname" TEXT NOT NULL DEFAULT 'anon' CHECK (length(nickname) > 0)"#,
            #""age" INTEGER NOT NULL DEFAULT 18 CHECK (("age" >= 0))"#,
            #""joined" DATETIME NOT NULL DEFAULT (CURRENT_TIMESTAMP)"#,
            #""bio" TEXT NOT NULL DEFAULT ''"#,
        ] {
            #expect(table.contains(clause), "\(clause) not in \(table)")
        }
        let indexes = try db.prepare(
            "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = 'member' AND sql IS NOT NULL ORDER BY name"
        ).map { ($0[0] as? String ?? "", $0[1] as? String ?? "") }
        #expect(indexes.map(\.0) == ["index_member_on_nickname", "member_age_joined"])
        #expect(indexes.last?.1 == #"CREATE UNIQUE INDEX "member_age_joined" ON "member" ("age", "joined")"#)
    }

    @Test("the declarations are enforced")
    func declarationsEnforced() throws {
        let db = try Connection()
        try db.createTable(for: Member.self)
        let joined = Date(timeIntervalSince1970: 0)
        var ann = Member(email: "Ann@Example.com", nickname: "ann", age: 30, joined: joined, bio: nil)
        #expect(throws: Result.self) { try db.save(&ann) }  // bio is declared NOT NULL
        ann.bio = "hi"
        try db.save(&ann)
        var twin = Member(email: "ann@example.COM", nickname: "twin", age: 1, joined: joined, bio: "")
        let unique = #expect(throws: Result.self) { try db.save(&twin) }
        #expect(unique?.message.contains("UNIQUE constraint failed: member.email") == true)
        var negative = Member(email: "neg@example.com", nickname: "neg", age: -1, joined: joined, bio: "")
        let check = #expect(throws: Result.self) { try db.save(&negative) }
        #expect(check?.message.contains("CHECK constraint failed") == true)
        var blank = Member(email: "blank@example.com", nickname: "", age: 1, joined: joined, bio: "")
        #expect(throws: Result.self) { try db.save(&blank) }
        try db.run("INSERT INTO member (email) VALUES (?)", "raw@example.com")
        let row = try #require(
            try db.prepare("SELECT nickname, age, bio, joined FROM member WHERE email = 'raw@example.com'")
                .makeIterator().next())
        #expect(row[0] as? String == "anon")
        #expect(row[1] as? Int64 == 18)
        #expect(row[2] as? String == "")
        #expect((row[3] as? String)?.isEmpty == false)
        #expect(try db.scalar("SELECT count(*) FROM member WHERE email = 'ANN@EXAMPLE.COM'") as? Int64 == 1)
        // AUTOINCREMENT never reuses the key of a deleted row.
        try db.run("DELETE FROM member WHERE email = 'raw@example.com'")
        var next = Member(email: "next@example.com", nickname: "next", age: 2, joined: joined, bio: "")
        try db.save(&next)
        #expect(next.id == 3)
    }

    /// A declaration that cannot be.
    enum BadDeclaration: String, CaseIterable, CustomTestStringConvertible {
        case unknownName, otherPrimaryKey, autoIncrementOnAColumn, declaredTwice, textAutoIncrementKey
        var testDescription: String { rawValue }

        struct Thing: Record {
            @TaskLocal static var declarations: [RecordColumn] = []
            static var columns: [RecordColumn] { declarations }
            var id: Int64 = 0
            var label: String
        }

        var declarations: [RecordColumn] {
            switch self {
            case .unknownName: [RecordColumn("colour")]
            case .otherPrimaryKey: [RecordColumn("label", primaryKey: true)]
            case .autoIncrementOnAColumn: [RecordColumn("label", autoIncrement: true)]
            case .declaredTwice: [RecordColumn("label", unique: true), RecordColumn("label", notNull: false)]
            case .textAutoIncrementKey: [RecordColumn("id", type: .text)]
            }
        }

        var expectedWords: String {
            switch self {
            case .unknownName: "\"colour\""
            case .otherPrimaryKey: "primaryKey is \"id\""
            case .autoIncrementOnAColumn: "AUTOINCREMENT"
            case .declaredTwice: "declared twice"
            case .textAutoIncrementKey: "must be INTEGER"
            }
        }
    }

    @Test(
        "a declaration that cannot be throws a schema error naming it, and creates nothing",
        arguments: BadDeclaration.allCases)
    func badDeclaration(_ bad: BadDeclaration) throws {
        let db = try Connection()
        BadDeclaration.Thing.$declarations.withValue(bad.declarations) {
            let error = #expect(throws: RecordError.self) { try db.createTable(for: BadDeclaration.Thing.self) }
            guard case .schema(let type, let reason) = error else {
                Issue.record("expected a schema error, got \(String(describing: error))")
                return
            }
            #expect(type == "Thing")
            #expect(reason.contains(bad.expectedWords), "\(reason)")
        }
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master") as? Int64 == 0)
    }

    /// A table's first version, and versions adding declared columns to it.
    struct Shelf: Record {
        static let tableName = "shelf"
        var id: Int64 = 0
        var label: String
    }

    struct ShelfWithCode: Record {
        static let tableName = "shelf"
        static var columns: [RecordColumn] { [RecordColumn("code", unique: true)] }
        var id: Int64 = 0
        var label: String
        var code: String?
    }

    struct ShelfWithExpressionDefault: Record {
        static let tableName = "shelf"
        static var columns: [RecordColumn] { [RecordColumn("made", defaultValue: .sql("CURRENT_TIMESTAMP"))] }
        var id: Int64 = 0
        var label: String
        var width: Int
        var made: String
    }

    @Test(
        "syncTable adds a UNIQUE column as a column and a unique index, and refuses an expression default before changing anything"
    )
    func syncDeclaredColumns() throws {
        let db = try Connection()
        try db.createTable(for: Shelf.self)
        try db.insertMany([Shelf(label: "a"), Shelf(label: "b")])
        #expect(try db.syncTable(for: ShelfWithCode.self) == ["code"])
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'index_shelf_on_code'") as? Int64 == 1)
        try db.run("UPDATE shelf SET code = 'X' WHERE id = 1")
        #expect(throws: Result.self) { try db.run("UPDATE shelf SET code = 'X' WHERE id = 2") }
        let error = #expect(throws: RecordError.self) { try db.syncTable(for: ShelfWithExpressionDefault.self) }
        guard case .unsupportedAlteration(let type, let table, let column, let reason) = error else {
            Issue.record("expected unsupportedAlteration, got \(String(describing: error))")
            return
        }
        #expect((type, table, column) == ("ShelfWithExpressionDefault", "shelf", "made"))
        #expect(reason.contains("constant DEFAULT"))
        #expect(try columnNames("shelf", db) == ["id", "label", "code"])  // "width" was not added either
    }

    @Test("addColumns adds only the named properties' columns; an unknown name throws before anything runs")
    func addColumns() throws {
        struct Wider: Record {
            static let tableName = "shelf"
            static var database: RecordDatabase? { RecordColumnTests.addColumnsConnection.map { RecordDatabase($0) } }
            var id: Int64 = 0
            var label: String
            var width: Int
            var depth: Double?
        }
        let db = try #require(Self.addColumnsConnection)
        try db.createTable(for: Shelf.self)
        #expect(throws: RecordError.unknownColumn(type: "Wider", table: "shelf", column: "height")) {
            try Wider.addColumns(["depth", "height"])
        }
        #expect(try columnNames("shelf", db) == ["id", "label"])
        #expect(try Wider.addColumns(["depth"]) == ["depth"])
        #expect(try columnNames("shelf", db) == ["id", "label", "depth"])
        #expect(try db.syncTable(for: Wider.self) == ["width"])
    }

    /// The database of `Wider`, whose ActiveSQLite calls name none.
    static let addColumnsConnection = try? Connection()
    /// The database of `Renamed`.
    static let conveniencesConnection = try? Connection()

    @Test("schema conveniences: create, rename, index, drop")
    func schemaConveniences() throws {
        struct Renamed: Record, Equatable {
            static let tableName = "renamed"
            static var database: RecordDatabase? { RecordColumnTests.conveniencesConnection.map { RecordDatabase($0) } }
            var id: Int64 = 0
            var label: String
        }
        let db = try #require(Self.conveniencesConnection)
        try db.createTable(for: Shelf.self)
        try db.insertMany([Shelf(label: "a")])
        try Renamed.renameTable(from: "shelf")
        #expect(try Renamed.fetchAll(in: db) == [Renamed(id: 1, label: "a")])
        let label = SQLExpression<String>("label")
        try Renamed.createIndex(label)
        let names = {
            try db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY name").map { $0[0] as? String }
        }
        #expect(try names() == ["index_renamed_on_label"])
        try Renamed.dropIndex(label)
        #expect(try names() == [])
        try Renamed.dropTable()
        #expect(try db.scalar("SELECT count(*) FROM sqlite_master") as? Int64 == 0)
    }

    /// A record with a property that is not stored: left out of its coding keys.
    struct Draft: Record, Equatable {
        var id: Int64 = 0
        var title: String
        var isSelected = false

        enum CodingKeys: String, CodingKey {
            case id, title
        }
    }

    @Test(
        "a transient property (not in CodingKeys, with a default) is not a column, never stored, default after reading")
    func transientProperty() throws {
        let db = try Connection()
        #expect(
            try db.createTableSQL(for: Draft.self)
                == #"CREATE TABLE IF NOT EXISTS "draft" ("id" INTEGER PRIMARY KEY, "title" TEXT NOT NULL)"#)
        try db.createTable(for: Draft.self)
        var draft = Draft(title: "Plan", isSelected: true)
        try db.save(&draft)
        #expect(draft.isSelected == false)  // save reads the record back as stored
        var selected = try #require(try Draft.find(draft.id, in: db))
        #expect(selected == Draft(id: 1, title: "Plan", isSelected: false))
        selected.isSelected = true
        try db.update(selected)
        #expect(try columnNames("draft", db) == ["id", "title"])
        #expect(try Draft.fetchAll(in: db).map(\.isSelected) == [false])
    }
}
