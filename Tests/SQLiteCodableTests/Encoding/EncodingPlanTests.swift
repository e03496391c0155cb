import Foundation
import SQLiteCodable
import Testing

/// Values of one type encoded again and again reuse a kept encoder; the
/// SQL stays what each value and its options call for.
@Suite("Encoding plans: per-type encoders for repeated inserts")
struct EncodingPlanTests {
    struct Person: Codable, Equatable {
        var email: String
        var firstName: String?
        var age: Int?
    }

    struct Other: Codable {
        var email: String
        var age: Int?
    }

    @Test("repeated inserts of one type, with nil columns coming and going")
    func repeatedInsertsFollowTheColumns() throws {
        let people = [
            Person(email: "a@x", firstName: "A", age: 1), Person(email: "b@x", firstName: nil, age: 2),
            Person(email: "c@x", firstName: "C", age: nil), Person(email: "d@x", firstName: "D", age: 4),
        ]
        let expected = [
            #"INSERT INTO "users" ("email", "firstName", "age") VALUES ('a@x', 'A', 1)"#,
            #"INSERT INTO "users" ("email", "age") VALUES ('b@x', 2)"#,
            #"INSERT INTO "users" ("email", "firstName") VALUES ('c@x', 'C')"#,
            #"INSERT INTO "users" ("email", "firstName", "age") VALUES ('d@x', 'D', 4)"#,
        ]
        for _ in 0..<2 {
            for (person, sql) in zip(people, expected) { #expect(try Doc.users.insert(person).asSQL() == sql) }
        }
    }

    @Test("options and types each get their own columns")
    func optionsAndTypesAreKeptApart() throws {
        let person = Person(email: "a@x", firstName: "A", age: 1)
        for _ in 0..<2 {
            #expect(
                try Doc.users.insert(person, options: .snakeCase).asSQL()
                    == #"INSERT INTO "users" ("email", "first_name", "age") VALUES ('a@x', 'A', 1)"#)
            #expect(
                try Doc.users.insert(person).asSQL()
                    == #"INSERT INTO "users" ("email", "firstName", "age") VALUES ('a@x', 'A', 1)"#)
            let custom = CodingOptions(keyEncodingStrategy: .custom { $0.uppercased() })
            #expect(
                try Doc.users.insert(person, options: custom).asSQL()
                    == #"INSERT INTO "users" ("EMAIL", "FIRSTNAME", "AGE") VALUES ('a@x', 'A', 1)"#)
            #expect(
                try Doc.users.insert(Other(email: "o@x", age: nil)).asSQL()
                    == #"INSERT INTO "users" ("email") VALUES ('o@x')"#)
            #expect(
                try Doc.users.update(Other(email: "o@x", age: nil)).asSQL() == #"UPDATE "users" SET "email" = 'o@x'"#)
            #expect(
                try Doc.users.update(Other(email: "o@x", age: nil), options: CodingOptions(nilEncodingStrategy: .null))
                    .asSQL() == #"UPDATE "users" SET "email" = 'o@x', "age" = NULL"#)
            // The insert plan of each nil strategy is its own.
            #expect(
                try Doc.users.insert(Other(email: "o@x", age: nil), options: CodingOptions(nilEncodingStrategy: .null))
                    .asSQL() == #"INSERT INTO "users" ("email", "age") VALUES ('o@x', NULL)"#)
            #expect(
                try Doc.users.insert(Other(email: "o@x", age: nil)).asSQL()
                    == #"INSERT INTO "users" ("email") VALUES ('o@x')"#)
        }
    }

    @Test("a value encoded with user info goes through its own encoder")
    func userInfoReachesTheValue() throws {
        struct Tagged: Encodable {
            static let key = CodingUserInfoKey(rawValue: "tag")!
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(encoder.userInfo[Self.key] as? String ?? "none", forKey: .name)
            }
            enum CodingKeys: String, CodingKey { case name }
        }
        #expect(try Doc.users.insert(Tagged()).asSQL() == #"INSERT INTO "users" ("name") VALUES ('none')"#)
        #expect(
            try Doc.users.insert(Tagged(), userInfo: [Tagged.key: "tagged"]).asSQL()
                == #"INSERT INTO "users" ("name") VALUES ('tagged')"#)
        #expect(try Doc.users.insert(Tagged()).asSQL() == #"INSERT INTO "users" ("name") VALUES ('none')"#)
    }

    @Test("an encoding error names the column and the type, and the next value encodes")
    func errorsLeaveThePlanUsable() throws {
        struct Big: Encodable {
            var count: UInt64
        }
        let error = #expect(throws: EncodingError.self) { try Doc.users.insert(Big(count: .max)) }
        #expect(String(describing: error).contains("count"))
        #expect(String(describing: error).contains("Big"))
        #expect(try Doc.users.insert(Big(count: 3)).asSQL() == #"INSERT INTO "users" ("count") VALUES (3)"#)
    }

    @Test("values inserted in a loop are stored")
    func insertsInALoopRun() throws {
        let db = try Doc.database()
        for index in 0..<5 {
            try db.run(Doc.users.insert(Person(email: "p\(index)@x", firstName: nil, age: index)))
        }
        #expect(
            try db.scalar("SELECT group_concat(email || ':' || age, ',') FROM users") as? String
                == "p0@x:0,p1@x:1,p2@x:2,p3@x:3,p4@x:4")
    }

    /// Encodes `a`, then `b` unless `short`, failing before `b` when `fails`.
    struct Varying: Encodable {
        struct Failure: Error {}
        enum CodingKeys: String, CodingKey { case a, b }
        var short = false
        var fails = false

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .a)
            if fails { throw Failure() }
            if !short { try container.encode(2, forKey: .b) }
        }
    }

    @Test("rows with fewer keys, and rows after a failed one, get their own SQL")
    func columnChangesWithoutNil() throws {
        let full = #"INSERT INTO "users" ("a", "b") VALUES (1, 2)"#
        let short = #"INSERT INTO "users" ("a") VALUES (1)"#
        #expect(try Doc.users.insert(Varying()).asSQL() == full)
        #expect(try Doc.users.insert(Varying()).asSQL() == full)
        #expect(try Doc.users.insert(Varying(short: true)).asSQL() == short)
        #expect(try Doc.users.insert(Varying()).asSQL() == full)
        #expect(throws: Varying.Failure.self) { try Doc.users.insert(Varying(fails: true)) }
        #expect(try Doc.users.insert(Varying(short: true)).asSQL() == short)
        #expect(throws: Varying.Failure.self) { try Doc.users.insert(Varying(fails: true)) }
        #expect(try Doc.users.insert(Varying()).asSQL() == full)
    }

    @Test("tables, conflict clauses and the values of repeated inserts")
    func repeatedInsertsKeepTableConflictAndValues() throws {
        let people = Table("people", database: "main")
        for index in 0..<3 {
            let person = Person(email: "p\(index)@x", firstName: "P", age: index)
            let plain = try Doc.users.insert(person)
            #expect(plain.template == #"INSERT INTO "users" ("email", "firstName", "age") VALUES (?, ?, ?)"#)
            #expect(plain.bindings.count == 3)
            #expect(plain.bindings[0] as? String == "p\(index)@x")
            #expect(plain.bindings[1] as? String == "P")
            #expect(plain.bindings[2] as? Int64 == Int64(index))
            #expect(
                try people.insert(person).template
                    == #"INSERT INTO "main"."people" ("email", "firstName", "age") VALUES (?, ?, ?)"#)
            #expect(
                try Doc.users.insert(or: .ignore, encodable: person).template
                    == #"INSERT OR IGNORE INTO "users" ("email", "firstName", "age") VALUES (?, ?, ?)"#)
        }
    }

    @Test("repeated inserts run, and report constraint errors")
    func repeatedInsertsRun() throws {
        let db = try Doc.database()
        struct Row: Codable {
            var email: String
            var age: Int
        }
        for index in 0..<3 { #expect(try db.run(Doc.users.insert(Row(email: "r\(index)@x", age: index))) == index + 1) }
        #expect(throws: Result.self) { try db.run(Doc.users.insert(Row(email: "r1@x", age: 9))) }
        #expect(try db.run(Doc.users.insert(or: .replace, encodable: Row(email: "r1@x", age: 9))) == 4)
        #expect(try db.scalar("SELECT group_concat(age, ',') FROM users") as? String == "0,2,9")
    }

    /// Encodes its value under one of two key types whose first keys have the same bits.
    struct TwoKeyTypes: Encodable {
        enum First: String, CodingKey { case one = "first_one", two = "first_two" }
        enum Second: String, CodingKey { case one = "second_one", two = "second_two" }
        var second = false

        func encode(to encoder: any Encoder) throws {
            if second {
                var container = encoder.container(keyedBy: Second.self)
                try container.encode(1, forKey: .one)
                try container.encode(2, forKey: .two)
            } else {
                var container = encoder.container(keyedBy: First.self)
                try container.encode(1, forKey: .one)
                try container.encode(2, forKey: .two)
            }
        }
    }

    /// Encodes its keys through a key type that is not trivial (a string), and its value as
    /// text or as an integer.
    struct StringKeyed: Encodable {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }
        var names: [String]
        var asText = false

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (offset, name) in names.enumerated() {
                if asText {
                    try container.encode("v\(offset)", forKey: Key(stringValue: name))
                } else {
                    try container.encode(offset, forKey: Key(stringValue: name))
                }
            }
        }
    }

    @Test("keys of another key type with the same bits, and keys that are strings, find their columns")
    func keysRecognizedByBitsAndByString() throws {
        for _ in 0..<2 {
            #expect(
                try Doc.users.insert(TwoKeyTypes()).asSQL()
                    == #"INSERT INTO "users" ("first_one", "first_two") VALUES (1, 2)"#)
            #expect(
                try Doc.users.insert(TwoKeyTypes(second: true)).asSQL()
                    == #"INSERT INTO "users" ("second_one", "second_two") VALUES (1, 2)"#)
        }
        #expect(
            try Doc.users.insert(StringKeyed(names: ["a", "b"])).asSQL()
                == #"INSERT INTO "users" ("a", "b") VALUES (0, 1)"#)
        #expect(
            try Doc.users.insert(StringKeyed(names: ["a", "b"], asText: true)).asSQL()
                == #"INSERT INTO "users" ("a", "b") VALUES ('v0', 'v1')"#)
        #expect(
            try Doc.users.insert(StringKeyed(names: ["a", "c"])).asSQL()
                == #"INSERT INTO "users" ("a", "c") VALUES (0, 1)"#)
        #expect(
            try Doc.users.insert(StringKeyed(names: ["a", "c"])).asSQL()
                == #"INSERT INTO "users" ("a", "c") VALUES (0, 1)"#)
    }

    @Test("an insert kept while more values are encoded keeps its own values")
    func keptInsertKeepsItsValues() throws {
        struct Member: Codable {
            var email: String
            var name: String?
            var age: Int
        }
        let db = try Doc.database()
        let first = try Doc.users.insert(Member(email: "a@x", name: "A", age: 1))
        let second = try Doc.users.insert(Member(email: "b@x", name: "B", age: 2))
        let third = try Doc.users.insert(Member(email: "c@x", name: nil, age: 3))
        #expect(first.bindings.compactMap { $0 as? String } == ["a@x", "A"])
        #expect(second.bindings.compactMap { $0 as? String } == ["b@x", "B"])
        try db.run(first)
        try db.run(second)
        try db.run(third)
        try db.run(second.template, ["d@x", "D", Int64(4)])
        #expect(
            try db.scalar("SELECT group_concat(email || ':' || ifnull(name, '-') || ':' || age, ',') FROM users")
                as? String == "a@x:A:1,b@x:B:2,c@x:-:3,d@x:D:4")
    }

    @Test("a column whose value changes between text and integer from row to row")
    func valuesChangingKind() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a, b)")
        for asText in [false, true, true, false, true] {
            try db.run(Table("t").insert(StringKeyed(names: ["a", "b"], asText: asText)))
        }
        #expect(
            try db.scalar("SELECT group_concat(a || b, ',') FROM t") as? String == "01,v0v1,v0v1,01,v0v1")
    }

    class BaseRow: Encodable {
        enum CodingKeys: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .a)
        }
    }

    final class DerivedRow: BaseRow {
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .a)
            try container.encode(UInt64.max, forKey: .b)
        }
    }

    @Test("a class value is planned by its dynamic type, which errors name")
    func classValuesUseTheirDynamicType() throws {
        #expect(try Doc.users.insert(BaseRow()).asSQL() == #"INSERT INTO "users" ("a") VALUES (1)"#)
        let value: BaseRow = DerivedRow()
        let error = #expect(throws: EncodingError.self) { try Doc.users.insert(value) }
        #expect(String(describing: error).contains("DerivedRow"))
        #expect(try Doc.users.insert(BaseRow()).asSQL() == #"INSERT INTO "users" ("a") VALUES (1)"#)
    }

    /// A value whose encoding makes an insert of another value of its own type, and keeps it.
    final class Nesting: Encodable, @unchecked Sendable {
        let email: String
        let inner: Nesting?
        var innerInsert: Insert?

        init(email: String, inner: Nesting?) {
            self.email = email
            self.inner = inner
        }

        enum CodingKeys: String, CodingKey { case email }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            if let inner { innerInsert = try Doc.users.insert(inner) }
            try container.encode(email, forKey: .email)
        }
    }

    @Test("a value encoded while the thread encodes another of its type gets an encoder of its own")
    func nestedEncoding() throws {
        for round in 0..<3 {
            let outer = Nesting(email: "outer\(round)", inner: Nesting(email: "inner\(round)", inner: nil))
            let insert = try Doc.users.insert(outer)
            #expect(insert.asSQL() == #"INSERT INTO "users" ("email") VALUES ('outer\#(round)')"#)
            #expect(outer.innerInsert?.asSQL() == #"INSERT INTO "users" ("email") VALUES ('inner\#(round)')"#)
        }
    }

    @Test("a thread alternating between types, and threads each inserting their own, keep their values apart")
    func threadsAndAlternatingTypes() async throws {
        for row in 0..<4 {
            let person = try Doc.users.insert(Person(email: "p\(row)", firstName: nil, age: row))
            let other = try Doc.users.insert(Other(email: "o\(row)", age: nil))
            #expect(person.asSQL() == #"INSERT INTO "users" ("email", "age") VALUES ('p\#(row)', \#(row))"#)
            #expect(other.asSQL() == #"INSERT INTO "users" ("email") VALUES ('o\#(row)')"#)
        }
        let counts = try await withThrowingTaskGroup(of: Int.self) { group in
            for task in 0..<4 {
                group.addTask {
                    let db = try Doc.database()
                    try db.transaction {
                        for row in 0..<200 {
                            if task.isMultiple(of: 2) {
                                try db.run(Doc.users.insert(Person(email: "t\(task)-\(row)", firstName: nil, age: row)))
                            } else {
                                try db.run(Doc.users.insert(Other(email: "t\(task)-\(row)", age: row)))
                            }
                        }
                    }
                    let sum = try db.scalar("SELECT sum(age) FROM users WHERE email LIKE 't\(task)-%'") as? Int64
                    return Int(sum ?? -1)
                }
            }
            var counts: [Int] = []
            for try await count in group { counts.append(count) }
            return counts
        }
        #expect(counts == Array(repeating: (0..<200).reduce(0, +), count: 4))
    }
}
