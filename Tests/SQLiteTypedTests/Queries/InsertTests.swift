import SQLiteTyped
import Testing

/// Inserts built from setters keep them and are bound straight from them by `db.run`.
@Suite struct InsertTests {
    let users = Doc.users
    let id = Doc.id
    let email = Doc.email
    let name = Doc.name
    let balance = Doc.balance
    let verified = Doc.verified
    let age = Doc.age

    @Test func bindingsListTheSettersValuesInOrder() {
        let insert = users.insert(
            email <- "alice@mac.com", name <- nil, balance <- 1.5, verified <- true, age <- 30, id <- 7)
        #expect(
            insert.template
                == #"INSERT INTO "users" ("email", "name", "balance", "verified", "age", "id") VALUES (?, ?, ?, ?, ?, ?)"#
        )
        let bindings = insert.bindings
        #expect(bindings.count == 6)
        #expect(bindings[0] as? String == "alice@mac.com")
        #expect(bindings[1] == nil)
        #expect(bindings[2] as? Double == 1.5)
        // Bool and Int are stored through their Int64 datatype, as in SQLite.swift.
        #expect(bindings[3] as? Int64 == 1)
        #expect(bindings[4] as? Int64 == 30)
        #expect(bindings[5] as? Int64 == 7)
    }

    @Test func everyKindOfValueIsStored() throws {
        let db = try Doc.database()
        try db.execute("CREATE TABLE things (a, b, c, d, e, f)")
        let things = Table("things")
        let a = Expression<Int64>("a")
        let b = Expression<Double>("b")
        let c = Expression<String?>("c")
        let d = Expression<Blob>("d")
        let e = Expression<UInt64>("e")
        let f = Expression<String>("f")
        let rowid = try db.run(
            things.insert(
                a <- 1, b <- 2.5, c <- nil, d <- Blob(bytes: [1, 2]), e <- UInt64(9), f <- "x".uppercased() + "y"))
        #expect(rowid == 1)
        let row = try #require(try db.pluck(things))
        #expect(row[a] == 1)
        #expect(row[b] == 2.5)
        #expect(row[c] == nil)
        #expect(row[d] == Blob(bytes: [1, 2]))
        #expect(row[e] == 9)
        #expect(row[f] == "Xy")
    }

    @Test func expressionValuesBindTheirOwnBindings() throws {
        let db = try Doc.database()
        let insert = users.insert(
            email <- Expression<String>(value: "A@X").lowercaseString,
            name <- Expression<String?>(value: "al").uppercaseString, age <- 40)
        #expect(
            insert.template == #"INSERT INTO "users" ("email", "name", "age") VALUES (lower(?), upper(?), ?)"#)
        #expect(insert.bindings.count == 3)
        try db.run(insert)
        try db.run(users.insert(email <- "b@x", name <- Expression<String?>(value: "bob").uppercaseString, age <- 41))
        #expect(try db.scalar(users.filter(id == 1).select(email)) == "a@x")
        #expect(try db.scalar(users.filter(id == 1).select(name)) == "AL")
        #expect(try db.scalar(users.filter(id == 2).select(name)) == "BOB")
        #expect(try db.scalar(users.filter(id == 2).select(age)) == 41)
    }

    @Test func replacedBindingsAreTheOnesRun() throws {
        let db = try Doc.database()
        var insert = users.insert(email <- "alice@mac.com", name <- "Alice")
        insert.bindings = ["betty@mac.com", "Betty"]
        try db.run(insert)
        #expect(try db.scalar(users.select(email)) == "betty@mac.com")
        #expect(try db.scalar(users.select(name)) == "Betty")
    }

    @Test func aValueSQLiteCannotStoreThrowsAndInsertsNothing() throws {
        let db = try Doc.database()
        let big = Expression<UInt64?>("age")
        #expect(throws: Result.self) { try db.run(users.insert(email <- "a@x", big <- UInt64.max)) }
        #expect(try db.scalar(users.count) == 0)
        // The statement is usable again afterwards.
        #expect(try db.run(users.insert(email <- "a@x", big <- UInt64(3))) == 1)
    }

    @Test func alternatingShapesKeepTheirOwnSQL() throws {
        let db = try Doc.database()
        for value in Int64(1)...4 {
            let insert =
                value % 2 == 0
                ? users.insert(id <- value, email <- "u\(value)@x")
                : users.insert(or: .ignore, email <- "u\(value)@x", id <- value, name <- "n\(value)")
            let expected =
                value % 2 == 0
                ? #"INSERT INTO "users" ("id", "email") VALUES (?, ?)"#
                : #"INSERT OR IGNORE INTO "users" ("email", "id", "name") VALUES (?, ?, ?)"#
            #expect(insert.template == expected)
            #expect(try db.run(insert) == value)
        }
        #expect(try db.scalar(users.filter(name != nil).count) == 2)
    }

    @Test func threadsInsertingOtherShapesEachKeepTheirOwnSQL() async throws {
        // Each thread remembers the last insert shape it rendered: threads taking turns between
        // shapes, on other tables too, must each get the SQL of the shape they build.
        let users = users
        let email = email
        let name = name
        let age = age
        let others = Table("others")
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for item in 0..<300 {
                        switch (item + worker) % 3 {
                        case 0:
                            let insert = users.insert(email <- "w\(worker)", name <- "n")
                            #expect(insert.template == #"INSERT INTO "users" ("email", "name") VALUES (?, ?)"#)
                        case 1:
                            let insert = users.insert(name <- "n", age <- item)
                            #expect(insert.template == #"INSERT INTO "users" ("name", "age") VALUES (?, ?)"#)
                        default:
                            let insert = others.insert(email <- "w\(worker)", name <- "n")
                            #expect(insert.template == #"INSERT INTO "others" ("email", "name") VALUES (?, ?)"#)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
