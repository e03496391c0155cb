// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import SQLite
import Testing

// SQLite.swift's Playground (`SQLite.playground/Contents.swift`), run as one test in Swift 5
// mode, with the SQL it runs and the values it prints checked after it. The Playground is a
// tour whose generated SQL is exactly SQLite.swift's.

@Suite("SQLite.swift Playground")
struct PlaygroundTests {
    @Test func playground() throws {
        var printed: [String] = []

        /// Create an in-memory database
        let db = try Connection(.inMemory)

        /// enable statement logging
        db.trace { print($0) }
        let log = SQLLog(db)  // (records what `trace` sees, replacing the printing above)

        /// define a "users" table with some fields
        let users = Table("users")

        let id = Expression<Int64>("id")
        let email = Expression<String>("email") // non-null
        let name = Expression<String?>("name")  // nullable

        /// prepare the query
        let statement = users.create { t in
            t.column(id, primaryKey: true)
            t.column(email, unique: true, check: email.like("%@%"))
            t.column(name)
        }

        /// …and run it
        try db.run(statement)

        /// insert "alice"
        let rowid = try db.run(users.insert(email <- "alice@mac.com"))

        /// insert multiple rows using `insertMany`
        let lastRowid = try db.run(users.insertMany([
          [email <- "bob@mac.com"],
          [email <- "mallory@evil.com"]
        ]))


        let query = try db.prepare(users)
        for user in query {
            print("id: \(user[id]), email: \(user[email])")
            printed.append("id: \(user[id]), email: \(user[email])")
        }

        // re-requery just rowid of Alice
        let alice = try db.prepare(users.filter(id == rowid))
        for user in alice {
            print("id: \(user[id]), email: \(user[email])")
            printed.append("id: \(user[id]), email: \(user[email])")
        }

        /// using the `RowIterator` API
        let rowIterator = try db.prepareRowIterator(users)
        for user in try Array(rowIterator) {
            print("id: \(user[id]), email: \(user[email])")
        }

        /// also with `map()`
        let mapRowIterator = try db.prepareRowIterator(users)

        let userIds = try mapRowIterator.map { $0[id] }

        /// using `failableNext()` on `RowIterator`
        let iterator = try db.prepareRowIterator(users)
        _ = iterator  // (the Playground goes on with `rowIterator`)
        do {
            while let row = try rowIterator.failableNext() {
                print(row)
            }
        } catch {
            // Handle error
        }

        #expect(
            log.take().prefix(7) == [
                #"CREATE TABLE "users" ("id" INTEGER PRIMARY KEY NOT NULL, "email" TEXT NOT NULL UNIQUE CHECK ("email" LIKE '%@%'), "name" TEXT)"#,
                #"INSERT INTO "users" ("email") VALUES ('alice@mac.com')"#,
                #"INSERT INTO "users" ("email") VALUES ('bob@mac.com'), ('mallory@evil.com')"#,
                #"SELECT * FROM "users""#,
                #"SELECT * FROM "users" WHERE ("id" = 1)"#,
                #"SELECT * FROM "users""#,
                #"SELECT * FROM "users""#,
            ])
        #expect(rowid == 1)
        #expect(lastRowid == 3)
        #expect(
            printed == [
                "id: 1, email: alice@mac.com", "id: 2, email: bob@mac.com", "id: 3, email: mallory@evil.com",
                "id: 1, email: alice@mac.com",
            ])
        #expect(userIds == [1, 2, 3])

        #if FTS5  // (the Playground's full-text part needs the FTS5 trait, on by default)
        /// define a virtual table for the FTS index
        let emails = VirtualTable("emails")

        let subject = Expression<String>("subject")
        let body = Expression<String?>("body")

            /// create the index
            try db.run(emails.create(.FTS5(
                FTS5Config()
                  .column(subject)
                  .column(body)
            )))

            /// populate with data
            try db.run(emails.insert(
                subject <- "Hello, world!",
                body <- "This is a hello world message."
            ))

            /// run a query
            let ftsQuery = try db.prepare(emails.match("hello"))

            var subjects: [String] = []
            for row in ftsQuery {
                print(row[subject])
                subjects.append(row[subject])
            }
            #expect(subjects == ["Hello, world!"])
            #expect(
                log.take() == [
                    #"CREATE VIRTUAL TABLE "emails" USING fts5("subject", "body")"#,
                    #"INSERT INTO "emails" ("subject", "body") VALUES ('Hello, world!', 'This is a hello world message.')"#,
                    #"SELECT * FROM "emails" WHERE ("emails" MATCH 'hello')"#,
                ])
        #endif

        /// custom aggregations
        let reduce: (String, [Binding?]) -> String = { (last, bindings) in
            last + " " + (bindings.first as? String ?? "")
        }

        db.createAggregation("customConcat",
                             initialValue: "users:",
                             reduce: reduce,
                             result: { $0 })
        let result = try db.prepare("SELECT customConcat(email) FROM users").scalar() as! String
        print(result)
        #expect(result == "users: alice@mac.com bob@mac.com mallory@evil.com")

        /// schema queries
        let schema = db.schema
        let objects = try schema.objectDefinitions()
        print(objects)
        #expect(objects.contains { $0.type == .table && $0.name == "users" })

        let columns = try schema.columnDefinitions(table: "users")
        print(columns)
        #expect(columns.map(\.name) == ["id", "email", "name"])

        /// schema alteration

        let schemaChanger = SchemaChanger(connection: db)
        try schemaChanger.alter(table: "users") { table in
            table.add(column: ColumnDefinition(name: "age", type: .INTEGER))
            table.rename(column: "email", to: "electronic_mail")
            table.drop(column: "name")
        }

        let changedColumns = try schema.columnDefinitions(table: "users")
        print(changedColumns)
        #expect(changedColumns.map(\.name) == ["id", "electronic_mail", "age"])

        let age = Expression<Int?>("age")
        let electronicMail = Expression<String>("electronic_mail")

        let newRowid = try db.run(users.insert(
            electronicMail <- "carol@mac.com",
            age <- 33
        ))
        #expect(newRowid == 4)
        #expect(try db.pluck(users.filter(id == newRowid))?[age] == 33)
        // The column check survived the rebuild, renamed with its column.
        #expect(throws: Result.self) { try db.run(users.insert(electronicMail <- "nobody")) }
    }
}
