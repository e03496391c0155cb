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

    @Test("insert leaves nil out; update and upsert write NULL")
    func nilHandling() throws {
        let person = Person(email: "a@b.c", name: nil, age: 3)
        #expect(try Doc.users.insert(person).asSQL() == #"INSERT INTO "users" ("email", "age") VALUES ('a@b.c', 3)"#)
        #expect(
            try Doc.users.update(person).asSQL() == #"UPDATE "users" SET "email" = 'a@b.c', "name" = NULL, "age" = 3"#)
        #expect(
            try Doc.users.upsert(person, onConflictOf: Doc.email).asSQL()
                == #"INSERT INTO "users" ("email", "name", "age") VALUES ('a@b.c', NULL, 3) ON CONFLICT ("email") "#
                + #"DO UPDATE SET "name" = "excluded"."name", "age" = "excluded"."age""#)
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
        #expect(people == [Person(email: "a@b.c", name: nil, age: 2), Person(email: "x@y.z", name: "X", age: nil)])
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
