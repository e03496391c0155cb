import SQLiteTyped
import Testing

@Suite struct FilterOrderLimitTests {
    static let users = Doc.users
    static let id = Doc.id
    static let email = Doc.email
    static let name = Doc.name
    static let verified = Doc.verified
    static let balance = Doc.balance

    static let cases: [(QueryType, String)] = [
        (users.filter(id == 1), #"SELECT * FROM "users" WHERE ("id" = 1)"#),
        (users.where(id == 1), #"SELECT * FROM "users" WHERE ("id" = 1)"#),
        (users.filter([1, 2, 3, 4, 5].contains(id)), #"SELECT * FROM "users" WHERE ("id" IN (1, 2, 3, 4, 5))"#),
        (users.filter(email.like("%@mac.com")), #"SELECT * FROM "users" WHERE ("email" LIKE '%@mac.com')"#),
        (
            users.filter(verified && name.lowercaseString == "alice"),
            #"SELECT * FROM "users" WHERE ("verified" AND (lower("name") = 'alice'))"#
        ),
        (
            users.filter(verified || balance >= 10_000),
            #"SELECT * FROM "users" WHERE ("verified" OR ("balance" >= 10000.0))"#
        ),
        (
            users.filter(verified).filter(id > 1),
            #"SELECT * FROM "users" WHERE ("verified" AND ("id" > 1))"#
        ),
        (users.order(email, name), #"SELECT * FROM "users" ORDER BY "email", "name""#),
        (users.order(email.desc, name.asc), #"SELECT * FROM "users" ORDER BY "email" DESC, "name" ASC"#),
        (users.order(name.descNullsLast), #"SELECT * FROM "users" ORDER BY "name" DESC NULLS LAST"#),
        (users.order(name.ascNullsFirst), #"SELECT * FROM "users" ORDER BY "name" ASC NULLS FIRST"#),
        (users.limit(5), #"SELECT * FROM "users" LIMIT 5"#),
        (users.limit(5, offset: 5), #"SELECT * FROM "users" LIMIT 5 OFFSET 5"#),
        (
            users.select(verified, id.count).group(verified),
            #"SELECT "verified", count("id") FROM "users" GROUP BY "verified""#
        ),
        (
            users.select(verified, id.count).group(verified, having: id.count > 1),
            #"SELECT "verified", count("id") FROM "users" GROUP BY "verified" HAVING (count("id") > 1)"#
        ),
        (
            users.select(email).union(users.select(email)),
            #"SELECT "email" FROM "users" UNION SELECT "email" FROM "users""#
        ),
        (
            users.select(email).union(users.select(email), all: true),
            #"SELECT "email" FROM "users" UNION ALL SELECT "email" FROM "users""#
        ),
        (
            users.select(id).intersect(users.select(id)).except(users.select(id)),
            #"SELECT "id" FROM "users" INTERSECT SELECT "id" FROM "users" EXCEPT SELECT "id" FROM "users""#
        ),
        (
            users.filter(Doc.posts.select(Doc.userId).contains(id)),
            #"SELECT * FROM "users" WHERE ("id" IN (SELECT "user_id" FROM "posts"))"#
        ),
        (
            users.filter(exists(Doc.posts.filter(Doc.posts[Doc.userId] == users[id]))),
            #"SELECT * FROM "users" WHERE EXISTS (SELECT * FROM "posts" WHERE ("posts"."user_id" = "users"."id"))"#
        ),
    ]

    @Test(arguments: cases)
    func rendersDocumentedSQL(_ query: QueryType, _ sql: String) throws {
        #expect(query.asSQL() == sql)
        let db = try Doc.populated()
        _ = try Array(db.prepareRowIterator(query))
    }

    @Test func resultsAreFilteredOrderedAndPaged() throws {
        let db = try Doc.populated()
        let users = Self.users
        let email = Self.email
        let page = try db.prepareRowIterator(users.order(email.desc).limit(2, offset: 1)).map { $0[email] }
        #expect(page == ["betty@icloud.com", "alice@mac.com"])
        let groups = try db.prepareRowIterator(
            users.select(Self.verified, Self.id.count).group(Self.verified).order(Self.verified)
        ).map { ($0[Self.verified], $0[Self.id.count]) }
        #expect(groups.map(\.0) == [false, true])
        #expect(groups.map(\.1) == [1, 2])
        let withPosts = try db.prepareRowIterator(
            users.filter(exists(Doc.posts.filter(Doc.posts[Doc.userId] == users[Self.id]))).order(Self.id)
        ).map { $0[Self.id] }
        #expect(withPosts == [1, 2])
    }

    @Test func quotesInValuesAreBoundNotInlined() throws {
        let db = try Doc.populated()
        let users = Self.users
        let evil = "x'); DROP TABLE users; --"
        try db.run(users.insert(Self.email <- evil, Self.name <- "O'Hara"))
        #expect(try db.scalar(users.filter(Self.email == evil).count) == 1)
        #expect(try db.scalar(users.filter(Self.name == "O'Hara").select(Self.email)) == evil)
        #expect(users.filter(Self.name == "O'Hara").asSQL() == #"SELECT * FROM "users" WHERE ("name" = 'O''Hara')"#)
        #expect(users.filter(Self.name == "O'Hara").expression.template.contains("?"))
    }

    @Test func quotesInIdentifiers() throws {
        let db = try Connection()
        let odd = Table(#"my "odd" table"#)
        let column = Expression<String>(#"col "x""#)
        try db.run(odd.create { t in t.column(column) })
        try db.run(odd.insert(column <- "value"))
        #expect(odd.asSQL() == #"SELECT * FROM "my ""odd"" table""#)
        let row = try #require(try db.pluck(odd))
        #expect(row[column] == "value")
        #expect(row[odd[column]] == "value")
    }
}

@Suite struct RepeatedQueryShapeTests {
    /// Filters whose text is too long to be stored inline are built anew on every call; the
    /// rendered statement must still follow the text, not a previous query's.
    @Test func longFilterTextsBuiltInALoopRunTheirOwnSQL() throws {
        let db = try Connection()
        let accounts = Table("accounts")
        let id = Expression<Int64>("id")
        let balance = Expression<Int64>("account_balance_in_cents")
        let owner = Expression<String>("account_owner_name")
        try db.run(
            accounts.create { t in
                t.column(id, primaryKey: true)
                t.column(balance)
                t.column(owner)
            })
        for value in 1...20 { try db.run(accounts.insert(balance <- Int64(value * 100), owner <- "owner \(value)")) }
        for value in 1...20 {
            let byBalance = try #require(try db.pluck(accounts.filter(accounts[balance] == Int64(value * 100))))
            #expect(byBalance[owner] == "owner \(value)")
            let byOwner = try #require(try db.pluck(accounts.filter(accounts[owner] == "owner \(value)")))
            #expect(byOwner[balance] == Int64(value * 100))
            let above = try db.scalar(accounts.filter(accounts[balance] > Int64(value * 100)).count)
            #expect(above == 20 - value)
        }
    }
}
