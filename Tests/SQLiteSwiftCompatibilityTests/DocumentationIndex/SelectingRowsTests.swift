// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import SQLite
import Testing

// SQLite.swift's documentation, "Selecting Rows" through "Aggregation", in Swift 5 mode. A
// query the documentation writes as a bare expression (`users.filter(id == 1)`) is bound to a
// constant here, since Swift warns about an unused value; the SQL is checked with `asSQL()`
// and, where the query runs, with the SQL SQLite reports through `trace`.

@Suite("Documentation: selecting rows")
struct SelectingRowsTests {
    let users = Table("users")
    let posts = Table("posts")
    let id = Expression<Int64>("id")
    let email = Expression<String>("email")
    let name = Expression<String?>("name")
    let balance = Expression<Double>("balance")
    let verified = Expression<Bool>("verified")
    let age = Expression<Int?>("age")
    let user_id = Expression<Int64?>("user_id")
    let managerId = Expression<Int64?>("manager_id")

    @Test func iteratingAndAccessingValues() throws {
        let (db, log) = try DocDatabase.populated()
        var lines: [String] = []
        for user in try db.prepare(users) {
            print("id: \(user[id]), email: \(user[email]), name: \(String(describing: user[name]))")
            // id: 1, email: alice@mac.com, name: Optional("Alice")
            lines.append("id: \(user[id]), email: \(user[email]), name: \(String(describing: user[name]))")
        }
        // SELECT * FROM "users"
        #expect(log.last() == #"SELECT * FROM "users""#)
        #expect(
            lines == [
                #"id: 1, email: alice@mac.com, name: Optional("Alice")"#,
                "id: 2, email: betty@icloud.com, name: Optional(\"Betty\")",
                "id: 3, email: cathy@mac.com, name: nil",
            ])
    }

    @Test func getThrowsInsteadOfTrapping() throws {
        let (db, _) = try DocDatabase.populated()
        var names: [String?] = []
        for user in try db.prepare(users) {
            do {
                print("name: \(String(describing: try user.get(name)))")
                names.append(try user.get(name))
            } catch {
                // handle
            }
        }
        #expect(names == ["Alice", "Betty", nil])
        let missing = Expression<String>("missing")
        for user in try db.prepare(users) {
            #expect(throws: (any Error).self) { try user.get(missing) }
        }
    }

    @Test func lazyIteration() throws {
        let (db, _) = try DocDatabase.populated()
        let query = try db.prepare(users)
        var count = 0
        for user in query {
            // 💥 can throw an error here
            _ = user
            count += 1
        }
        #expect(count == 3)
    }

    @Test func failableIteration() throws {
        let (db, _) = try DocDatabase.populated()
        var seen: [String] = []
        // option 1: convert results into an Array of rows
        let rowIterator = try db.prepareRowIterator(users)
        for user in try Array(rowIterator) {
            print("id: \(user[id]), email: \(user[email])")
            seen.append(user[email])
        }

        /// option 2: transform results using `map()`
        let mapRowIterator = try db.prepareRowIterator(users)
        let userIds = try mapRowIterator.map { $0[id] }

        /// option 3: handle each row individually with `failableNext()`
        let nextIterator = try db.prepareRowIterator(users)
        var handled = 0
        do {
            while let row = try nextIterator.failableNext() {
                // Handle row
                _ = row
                handled += 1
            }
        } catch {
            // Handle error
        }
        #expect(seen == ["alice@mac.com", "betty@icloud.com", "cathy@mac.com"])
        #expect(userIds == [1, 2, 3])
        #expect(handled == 3)
    }

    @Test func failableIterationThrows() throws {
        let (db, _) = try DocDatabase.populated()
        let ages = Expression<Int>("age")  // cathy's age is NULL
        let rowIterator = try db.prepareRowIterator(users.select(ages))
        #expect(throws: (any Error).self) { _ = try rowIterator.map { try $0.get(ages) } }
    }

    @Test func pluckingRows() throws {
        let (db, log) = try DocDatabase.populated()
        var plucked: Int64?
        if let user = try db.pluck(users) { plucked = user[id] } // Row
        // SELECT * FROM "users" LIMIT 1
        #expect(log.last() == #"SELECT * FROM "users" LIMIT 1"#)
        #expect(plucked == 1)

        let all = Array(try db.prepare(users))
        // SELECT * FROM "users"
        #expect(all.count == 3)
        #expect(all.map { $0[email] } == ["alice@mac.com", "betty@icloud.com", "cathy@mac.com"])
    }

    @Test func buildingComplexQueries() throws {
        let (db, log) = try DocDatabase.populated()
        let query = users.select(email)           // SELECT "email" FROM "users"
                         .filter(name != nil)     // WHERE "name" IS NOT NULL
                         .order(email.desc, name) // ORDER BY "email" DESC, "name"
                         .limit(5, offset: 1)     // LIMIT 5 OFFSET 1
        let sql = #"SELECT "email" FROM "users" WHERE ("name" IS NOT NULL) ORDER BY "email" DESC, "name" LIMIT 5 OFFSET 1"#
        #expect(query.asSQL() == sql)
        #expect(try db.prepare(query).map { $0[email] } == ["alice@mac.com"])
        #expect(log.last() == sql)
    }

    @Test func selectingColumns() throws {
        let (db, log) = try DocDatabase.populated()
        var lines: [String] = []
        for user in try db.prepare(users.select(id, email)) {
            print("id: \(user[id]), email: \(user[email])")
            // id: 1, email: alice@mac.com
            lines.append("id: \(user[id]), email: \(user[email])")
        }
        // SELECT "id", "email" FROM "users"
        #expect(log.last() == #"SELECT "id", "email" FROM "users""#)
        #expect(lines.first == "id: 1, email: alice@mac.com")
    }

    @Test func selectingComplexExpressions() throws {
        let (db, log) = try DocDatabase.populated()
        let sentence = name + " is " + cast(age) as Expression<String?> + " years old!"
        // The documentation iterates the query itself; a query runs through `db.prepare`.
        var sentences: [String?] = []
        for user in try db.prepare(users.select(sentence)) {
            print(user[sentence] as Any)
            // Optional("Alice is 30 years old!")
            sentences.append(user[sentence])
        }
        // SELECT ((("name" || ' is ') || CAST ("age" AS TEXT)) || ' years old!') FROM "users"
        #expect(log.last() == #"SELECT ((("name" || ' is ') || CAST ("age" AS TEXT)) || ' years old!') FROM "users""#)
        #expect(sentences == ["Alice is 30 years old!", "Betty is 25 years old!", nil])
    }

    @Test func joiningOtherTables() throws {
        let (db, _) = try DocDatabase.populated()
        let joined = users.join(posts, on: user_id == users[id])
        // SELECT * FROM "users" INNER JOIN "posts" ON ("user_id" = "users"."id")
        #expect(joined.asSQL() == #"SELECT * FROM "users" INNER JOIN "posts" ON ("user_id" = "users"."id")"#)
        let titles = Expression<String>("title")
        #expect(try db.prepare(joined.order(posts[id])).map { $0[titles] } == ["Hello", "Again", "Hi"])
        #expect(try db.prepare(joined.order(posts[id])).map { $0[users[id]] } == [1, 1, 2])
    }

    @Test func columnNamespacing() throws {
        let (db, _) = try DocDatabase.populated()
        do {
            let query = users.join(posts, on: user_id == id)
            // assertion failure: ambiguous column 'id'
            #expect(throws: Result.self) { _ = try db.prepare(query).map { $0 } }
        }
        do {
            let query = users.join(posts, on: user_id == users[id])
            // SELECT * FROM "users" INNER JOIN "posts" ON ("user_id" = "users"."id")
            #expect(query.asSQL() == #"SELECT * FROM "users" INNER JOIN "posts" ON ("user_id" = "users"."id")"#)
            for row in try db.prepare(query) {
                #expect(throws: (any Error).self) { try row.get(id) }
            }
        }
        do {
            let query = users.select(users[*])
            // SELECT "users".* FROM "users"
            #expect(query.asSQL() == #"SELECT "users".* FROM "users""#)
            #expect(try db.prepare(query).map { $0[email] }.count == 3)
        }
    }

    @Test func tableAliasing() throws {
        let (db, _) = try DocDatabase.populated()
        let managers = users.alias("managers")

        let query = users.join(managers, on: managers[id] == users[managerId])
        // SELECT * FROM "users"
        // INNER JOIN ("users") AS "managers" ON ("managers"."id" = "users"."manager_id")
        #expect(
            query.asSQL()
                == #"SELECT * FROM "users" INNER JOIN "users" AS "managers" ON ("managers"."id" = "users"."manager_id")"#
        )

        // The documentation reads the plucked row without unwrapping it.
        let user = try db.pluck(query)!
        // user[id] stops the program: ambiguous column 'id'
        // (please disambiguate: ["users"."id", "managers"."id"])
        #expect(throws: (any Error).self) { try user.get(id) }

        #expect(user[users[id]] == 2)    // returns "users"."id"
        #expect(user[managers[id]] == 1) // returns "managers"."id"
    }

    @Test func filteringRows() throws {
        let (db, _) = try DocDatabase.populated()
        let cases: [(QueryType, String, [Int64])] = [
            (users.filter(id == 1), #"SELECT * FROM "users" WHERE ("id" = 1)"#, [1]),
            (users.filter([1, 2, 3, 4, 5].contains(id)), #"SELECT * FROM "users" WHERE ("id" IN (1, 2, 3, 4, 5))"#, [1, 2, 3]),
            (users.filter(email.like("%@mac.com")), #"SELECT * FROM "users" WHERE ("email" LIKE '%@mac.com')"#, [1, 3]),
            (
                users.filter(verified && name.lowercaseString == "alice"),
                #"SELECT * FROM "users" WHERE ("verified" AND (lower("name") = 'alice'))"#, [1]
            ),
            (
                users.filter(verified || balance >= 10_000),
                #"SELECT * FROM "users" WHERE ("verified" OR ("balance" >= 10000.0))"#, [1, 2, 3]
            ),
            (users.where(id == 1), #"SELECT * FROM "users" WHERE ("id" = 1)"#, [1]),
        ]
        for (query, sql, ids) in cases {
            #expect(query.asSQL() == sql)
            #expect(try db.prepare(query).map { $0[id] } == ids)
        }
    }

    @Test func sortingAndLimiting() throws {
        let (db, _) = try DocDatabase.populated()
        let cases: [(QueryType, String, [Int64])] = [
            (users.order(email, name), #"SELECT * FROM "users" ORDER BY "email", "name""#, [1, 2, 3]),
            (users.order(email.desc, name.asc), #"SELECT * FROM "users" ORDER BY "email" DESC, "name" ASC"#, [3, 2, 1]),
            (users.limit(5), #"SELECT * FROM "users" LIMIT 5"#, [1, 2, 3]),
            (users.limit(5, offset: 5), #"SELECT * FROM "users" LIMIT 5 OFFSET 5"#, []),
        ]
        for (query, sql, ids) in cases {
            #expect(query.asSQL() == sql)
            #expect(try db.prepare(query).map { $0[id] } == ids)
        }
    }

    @Test func recursiveQuery() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE managers (id INTEGER PRIMARY KEY, manager_id INTEGER);
            INSERT INTO managers VALUES (1, NULL), (4, 1), (8, 4);
            """)
        let managers = Table("managers")
        // Get the management chain for the manager with id == 8

        let chain = Table("chain")
        let id = Expression<Int64>("id")
        let managerId = Expression<Int64>("manager_id")

        // The documentation's block misses the closing parenthesis of `union(`.
        let query = managers
            .where(id == 8)
            .union(chain.join(managers, on: chain[managerId] == managers[id]))

        let recursive = chain.with(chain, recursive: true, as: query)
        #expect(
            recursive.asSQL()
                == #"WITH RECURSIVE "chain" AS (SELECT * FROM "managers" WHERE ("id" = 8) UNION SELECT * FROM "chain" INNER JOIN "managers" ON ("chain"."manager_id" = "managers"."id")) SELECT * FROM "chain""#
        )
        // As printed, the two sides of the UNION have different column counts: SQLite says so.
        #expect(throws: Result.self) { _ = try db.prepare(recursive).map { $0 } }
    }

    @Test func recursiveQueryWithColumnsAndHint() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE managers (id INTEGER PRIMARY KEY, manager_id INTEGER);
            INSERT INTO managers VALUES (1, NULL), (4, 1), (8, 4);
            """)
        let managers = Table("managers")
        let chain = Table("chain")
        let id = Expression<Int64>("id")
        let managerId = Expression<Int64>("manager_id")
        let manager_id = managerId  // the documentation's block uses both spellings
        // Add a "level" column to the query representing manager's position in the chain
        let level = Expression<Int64>("level")

        let queryWithLevel =
            managers
                .select(id, managerId, 0)
                .where(id == 8)
                .union(
                    chain
                        .select(managers[id], managers[manager_id], level + 1)
                        .join(managers, on: chain[managerId] == managers[id])
                )

        // The documentation writes the hint `.materialize`; SQLite.swift's is `.materialized`.
        let withLevel = chain.with(chain,
                   columns: [id, managerId, level],
                   recursive: true,
                   hint: .materialized,
                   as: queryWithLevel)
        #expect(
            withLevel.asSQL()
                == #"WITH RECURSIVE "chain" ("id", "manager_id", "level") AS MATERIALIZED (SELECT "id", "manager_id", 0 FROM "managers" WHERE ("id" = 8) UNION SELECT "managers"."id", "managers"."manager_id", ("level" + 1) FROM "chain" INNER JOIN "managers" ON ("chain"."manager_id" = "managers"."id")) SELECT * FROM "chain""#
        )
        let rows = try db.prepare(withLevel.order(level)).map { "\($0[id]):\($0[level])" }
        #expect(rows == ["8:0", "4:1", "1:2"])
    }

    @Test func aggregation() throws {
        let (db, log) = try DocDatabase.populated()
        do {
            let count = try db.scalar(users.count)
            // SELECT count(*) FROM "users"
            #expect(count == 3)
            #expect(log.last() == #"SELECT count(*) FROM "users""#)
        }
        do {
            let count = try db.scalar(users.filter(name != nil).count)
            // SELECT count(*) FROM "users" WHERE "name" IS NOT NULL
            #expect(count == 2)
            #expect(log.last() == #"SELECT count(*) FROM "users" WHERE ("name" IS NOT NULL)"#)
        }
        do {
            let count = try db.scalar(users.select(name.count)) // -> Int
            // SELECT count("name") FROM "users"
            let typed: Int = count
            #expect(typed == 2)
            #expect(log.last() == #"SELECT count("name") FROM "users""#)
        }
        do {
            let max = try db.scalar(users.select(id.max)) // -> Int64?
            // SELECT max("id") FROM "users"
            let typed: Int64? = max
            #expect(typed == 3)
            #expect(log.last() == #"SELECT max("id") FROM "users""#)
        }
        do {
            let min = try db.scalar(users.select(id.min)) // -> Int64?
            // SELECT min("id") FROM "users"
            let typed: Int64? = min
            #expect(typed == 1)
            #expect(log.last() == #"SELECT min("id") FROM "users""#)
        }
        do {
            let average = try db.scalar(users.select(balance.average)) // -> Double?
            // SELECT avg("balance") FROM "users"
            let typed: Double? = average
            #expect(typed == 3_366.666_666_666_666_5)
            #expect(log.last() == #"SELECT avg("balance") FROM "users""#)
        }
        do {
            let sum = try db.scalar(users.select(balance.sum)) // -> Double?
            // SELECT sum("balance") FROM "users"
            let typed: Double? = sum
            #expect(typed == 10_100)
            #expect(log.last() == #"SELECT sum("balance") FROM "users""#)
        }
        do {
            let total = try db.scalar(users.select(balance.total)) // -> Double
            // SELECT total("balance") FROM "users"
            let typed: Double = total
            #expect(typed == 10_100)
            #expect(log.last() == #"SELECT total("balance") FROM "users""#)
        }
        do {
            // The documentation misses the closing parenthesis of `scalar(`.
            let count = try db.scalar(users.select(name.distinct.count)) // -> Int
            // SELECT count(DISTINCT "name") FROM "users"
            #expect(count == 2)
            #expect(log.last() == #"SELECT count(DISTINCT "name") FROM "users""#)
        }
    }

    @Test func ifnullOperator() throws {
        let (db, _) = try DocDatabase.populated()
        let emailOrName = name ?? email // ifnull("name", "email")
        #expect(emailOrName.asSQL() == #"ifnull("name", "email")"#)
        #expect(try db.prepare(users.select(emailOrName)).map { $0[emailOrName] } == ["Alice", "Betty", "cathy@mac.com"])
    }
}
