import Foundation
import SQLiteCodable
import Testing

@Suite("Codable queries (SQLite.swift's API)")
struct QueryTypeCodableTests {
    struct User: Codable, Equatable {
        var name: String
    }

    struct Person: Codable, Equatable {
        var email: String
        var name: String?
        var age: Int?
    }

    @Test("insert(encodable) renders SQLite.swift's SQL")
    func insertSQL() throws {
        let insert = try Doc.users.insert(User(name: "test"))
        #expect(insert.asSQL() == #"INSERT INTO "users" ("name") VALUES ('test')"#)
    }

    @Test("update(encodable) renders SQLite.swift's SQL")
    func updateSQL() throws {
        let update = try Doc.users.filter(Doc.id == 1).update(User(name: "test"))
        #expect(update.asSQL() == #"UPDATE "users" SET "name" = 'test' WHERE ("id" = 1)"#)
    }

    @Test("insert, update and upsert leave nil out, as SQLite.swift does")
    func nilHandling() throws {
        let person = Person(email: "a@b.c", name: nil, age: 3)
        #expect(try Doc.users.insert(person).asSQL() == #"INSERT INTO "users" ("email", "age") VALUES ('a@b.c', 3)"#)
        #expect(try Doc.users.update(person).asSQL() == #"UPDATE "users" SET "email" = 'a@b.c', "age" = 3"#)
        #expect(
            try Doc.users.upsert(person, onConflictOf: Doc.email).asSQL()
                == #"INSERT INTO "users" ("email", "age") VALUES ('a@b.c', 3) ON CONFLICT ("email") "#
                + #"DO UPDATE SET "age" = "excluded"."age""#)
    }

    @Test("NilEncodingStrategy.null writes NULL in insert, update and upsert")
    func explicitNulls() throws {
        let person = Person(email: "a@b.c", name: nil, age: 3)
        let options = CodingOptions(nilEncodingStrategy: .null)
        #expect(
            try Doc.users.insert(person, options: options).asSQL()
                == #"INSERT INTO "users" ("email", "name", "age") VALUES ('a@b.c', NULL, 3)"#)
        #expect(
            try Doc.users.insert(or: .ignore, encodable: person, options: options).asSQL()
                == #"INSERT OR IGNORE INTO "users" ("email", "name", "age") VALUES ('a@b.c', NULL, 3)"#)
        #expect(
            try Doc.users.update(person, options: options).asSQL()
                == #"UPDATE "users" SET "email" = 'a@b.c', "name" = NULL, "age" = 3"#)
        #expect(
            try Doc.users.upsert(person, onConflictOf: Doc.email, options: options).asSQL()
                == #"INSERT INTO "users" ("email", "name", "age") VALUES ('a@b.c', NULL, 3) ON CONFLICT ("email") "#
                + #"DO UPDATE SET "name" = "excluded"."name", "age" = "excluded"."age""#)
        #expect(
            try Doc.users.insertMany([person, person], options: options).asSQL()
                == #"INSERT INTO "users" ("email", "name", "age") VALUES ('a@b.c', NULL, 3), ('a@b.c', NULL, 3)"#)
    }

    @Test("insertMany leaves out the nils rows agree on, and lists every column when they differ")
    func insertManyNils() throws {
        let first = Person(email: "a@b.c", name: nil, age: 1)
        let second = Person(email: "d@e.f", name: nil, age: nil)
        // The same columns in every row: the nil ones are left out, as in insert.
        #expect(
            try Doc.users.insertMany([first, first]).asSQL()
                == #"INSERT INTO "users" ("email", "age") VALUES ('a@b.c', 1), ('a@b.c', 1)"#)
        // Rows that differ: every column, NULL for nil, `name` too although nil in every row.
        #expect(
            try Doc.users.insertMany([first, second]).asSQL()
                == #"INSERT INTO "users" ("email", "name", "age") VALUES ('a@b.c', NULL, 1), ('d@e.f', NULL, NULL)"#)
        let source = Expression<String>("source")
        #expect(
            try Doc.users.insertMany([second, first], otherSetters: [source <- "import"]).asSQL()
                == #"INSERT INTO "users" ("email", "name", "age", "source") VALUES "#
                + #"('d@e.f', NULL, NULL, 'import'), ('a@b.c', NULL, 1, 'import')"#)
    }

    /// A table whose nullable columns have defaults, to tell a column left out from one set to NULL.
    static func defaultsDatabase() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE users (
                id INTEGER PRIMARY KEY, email TEXT UNIQUE, name TEXT DEFAULT 'anonymous', age INTEGER DEFAULT 18)
            """)
        return db
    }

    static func rows(_ db: Connection) throws -> [String] {
        try db.prepare("SELECT email, name, age FROM users ORDER BY id").map { row in
            row.map { $0.map { "\($0)" } ?? "NULL" }.joined(separator: " ")
        }
    }

    @Test("insertMany writes NULL where rows differ: the column default does not apply")
    func insertManyNilsInTheDatabase() throws {
        let db = try Self.defaultsDatabase()
        try db.run(
            Doc.users.insertMany([Person(email: "a", name: nil, age: 1), Person(email: "b", name: nil, age: nil)]))
        // The same columns in every row: left out, so the defaults apply.
        try db.run(
            Doc.users.insertMany([Person(email: "c", name: nil, age: 2), Person(email: "d", name: nil, age: 3)]))
        #expect(try Self.rows(db) == ["a NULL 1", "b NULL NULL", "c anonymous 2", "d anonymous 3"])
    }

    @Test("update and upsert leave a column unchanged when the optional is nil; .null clears it")
    func updateNilsInTheDatabase() throws {
        let db = try Self.defaultsDatabase()
        try db.run(Doc.users.insert(Person(email: "a", name: "Ann", age: 30)))
        try db.run(Doc.users.insert(Person(email: "b", name: "Bob", age: 40)))
        try db.run(Doc.users.filter(Doc.email == "a").update(Person(email: "a", name: nil, age: 31)))
        try db.run(Doc.users.upsert(Person(email: "b", name: nil, age: 41), onConflictOf: Doc.email))
        try db.run(Doc.users.upsert(Person(email: "c", name: nil, age: nil), onConflictOf: Doc.email))
        #expect(try Self.rows(db) == ["a Ann 31", "b Bob 41", "c anonymous 18"])
        let nulls = CodingOptions(nilEncodingStrategy: .null)
        try db.run(Doc.users.filter(Doc.email == "a").update(Person(email: "a", name: nil, age: 32), options: nulls))
        try db.run(
            Doc.users.upsert(Person(email: "b", name: nil, age: nil), onConflictOf: Doc.email, options: nulls))
        try db.run(Doc.users.insert(Person(email: "d", name: nil, age: nil), options: nulls))
        #expect(try Self.rows(db) == ["a NULL 32", "b NULL NULL", "c anonymous 18", "d NULL NULL"])
    }

    /// SQLite.swift's `TestCodable`, with a nested optional value of its own type.
    final class TestCodable: Codable, Equatable {
        let int: Int
        let string: String
        let bool: Bool
        let float: Float
        let double: Double
        let date: Date
        let uuid: UUID
        let optional: String?
        let sub: TestCodable?

        init(int: Int, string: String, double: Double, optional: String? = nil) {
            self.int = int
            self.string = string
            self.bool = true
            self.float = 3
            self.double = double
            self.date = Date(timeIntervalSince1970: 0)
            self.uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F") ?? UUID()
            self.optional = optional
            self.sub = nil
        }

        static func == (lhs: TestCodable, rhs: TestCodable) -> Bool {
            lhs.int == rhs.int && lhs.string == rhs.string && lhs.optional == rhs.optional
        }
    }

    @Test("insert, insertMany, upsert and update of SQLite.swift's TestCodable render its tests' SQL")
    func sqliteSwiftsEncodableSQL() throws {
        let emails = Table("emails")
        let string = Expression<String>("string")
        let values = "1, '2', 1, 3.0, 4.0, '1970-01-01T00:00:00.000', 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'"
        let value = TestCodable(int: 1, string: "2", double: 4)
        #expect(
            try emails.insert(value).asSQL()
                == #"INSERT INTO "emails" ("int", "string", "bool", "float", "double", "date", "uuid") VALUES ("#
                + values + ")")
        #expect(
            try emails.upsert(value, onConflictOf: string).asSQL()
                == #"INSERT INTO "emails" ("int", "string", "bool", "float", "double", "date", "uuid") VALUES ("#
                + values + #") ON CONFLICT ("string") DO UPDATE SET "int" = "excluded"."int", "#
                + #""bool" = "excluded"."bool", "float" = "excluded"."float", "double" = "excluded"."double", "#
                + #""date" = "excluded"."date", "uuid" = "excluded"."uuid""#)
        #expect(
            try emails.update(value).asSQL()
                == #"UPDATE "emails" SET "int" = 1, "string" = '2', "bool" = 1, "float" = 3.0, "double" = 4.0, "#
                + #""date" = '1970-01-01T00:00:00.000', "uuid" = 'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'"#)
        let many = try emails.insertMany([
            value, TestCodable(int: 2, string: "3", double: 5, optional: "optional"),
            TestCodable(int: 3, string: "4", double: 6),
        ])
        let uuid = "'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'"
        #expect(
            many.asSQL()
                == #"INSERT INTO "emails" ("int", "string", "bool", "float", "double", "date", "uuid", "optional", "sub") "#
                + "VALUES (1, '2', 1, 3.0, 4.0, '1970-01-01T00:00:00.000', \(uuid), NULL, NULL), "
                + "(2, '3', 1, 3.0, 5.0, '1970-01-01T00:00:00.000', \(uuid), 'optional', NULL), "
                + "(3, '4', 1, 3.0, 6.0, '1970-01-01T00:00:00.000', \(uuid), NULL, NULL)")
    }

    @Test("otherSetters, insert(or:) and insertMany")
    func variants() throws {
        let age = Expression<Int?>("age")
        #expect(
            try Doc.users.insert(User(name: "a"), otherSetters: [age <- 30]).asSQL()
                == #"INSERT INTO "users" ("name", "age") VALUES ('a', 30)"#)
        #expect(
            try Doc.users.insert(or: .replace, encodable: User(name: "a")).asSQL()
                == #"INSERT OR REPLACE INTO "users" ("name") VALUES ('a')"#)
        #expect(
            try Doc.users.insertMany([User(name: "a"), User(name: "b")]).asSQL()
                == #"INSERT INTO "users" ("name") VALUES ('a'), ('b')"#)
    }

    @Test("insert, upsert, update and decode run against a database")
    func roundTrip() throws {
        let db = try Doc.database()
        try db.run(Doc.users.insert(Person(email: "a@b.c", name: "A", age: 1)))
        try db.run(Doc.users.upsert(Person(email: "a@b.c", name: nil, age: 2), onConflictOf: Doc.email))
        try db.run(Doc.users.insertMany([Person(email: "x@y.z", name: "X", age: nil)]))
        let people: [Person] = try db.prepare(Doc.users.order(Doc.id)).map { try $0.decode() }
        #expect(people == [Person(email: "a@b.c", name: "A", age: 2), Person(email: "x@y.z", name: "X", age: nil)])
        try db.run(Doc.users.filter(Doc.email == "x@y.z").update(Person(email: "x@y.z", name: "Y", age: 9)))
        #expect(try db.fetchOne(Person.self, Doc.users.filter(Doc.email == "x@y.z"))?.name == "Y")
    }

    @Test("row.decoder() decodes by hand")
    func manualDecoder() throws {
        enum Keys: String, CodingKey { case email, age }
        let db = try Doc.database()
        try db.run(Doc.users.insert(Person(email: "a@b.c", name: nil, age: 4)))
        for row in try db.prepare(Doc.users) {
            let container = try row.decoder().container(keyedBy: Keys.self)
            #expect(try container.decode(String.self, forKey: .email) == "a@b.c")
            #expect(try container.decode(Int.self, forKey: .age) == 4)
        }
    }
}
