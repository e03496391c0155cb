import SQLiteTyped
import Testing

@Suite struct JoinTests {
    let users = Doc.users
    let posts = Doc.posts
    let id = Doc.id
    let userId = Doc.userId
    let managerId = Doc.managerId
    let email = Doc.email
    let title = Doc.title

    @Test func innerJoinWithNamespacedColumn() throws {
        let query = users.join(posts, on: userId == users[id])
        #expect(query.asSQL() == #"SELECT * FROM "users" INNER JOIN "posts" ON ("user_id" = "users"."id")"#)
        let db = try Doc.populated()
        let rows = try Array(db.prepareRowIterator(query.order(posts[id])))
        #expect(rows.map { $0[title] } == ["Hello", "Again", "Hi"])
        #expect(rows.map { $0[users[id]] } == [1, 1, 2])
        #expect(rows.map { $0[posts[id]] } == [1, 2, 3])
        #expect(rows.map { $0[email] } == ["alice@mac.com", "alice@mac.com", "betty@icloud.com"])
    }

    @Test func unqualifiedColumnOfTwoTablesIsAmbiguous() throws {
        let db = try Doc.populated()
        let row = try #require(try db.pluck(users.join(posts, on: userId == users[id])))
        #expect(throws: QueryError.ambiguousColumn(name: #""id""#, similar: [#""users"."id""#, #""posts"."id""#])) {
            try row.get(id)
        }
        #expect(row[userId] == 1)
        let missing = Expression<Int64>("missing")
        do {
            _ = try row.get(missing)
            Issue.record("expected noSuchColumn")
        } catch let QueryError.noSuchColumn(name, columns) {
            #expect(name == #""missing""#)
            #expect(columns.contains(#""posts"."title""#))
        }
    }

    @Test func joinTypes() {
        #expect(
            users.join(.leftOuter, posts, on: userId == users[id]).asSQL()
                == #"SELECT * FROM "users" LEFT OUTER JOIN "posts" ON ("user_id" = "users"."id")"#)
        #expect(
            users.join(.rightOuter, posts, on: userId == users[id]).asSQL()
                == #"SELECT * FROM "users" RIGHT OUTER JOIN "posts" ON ("user_id" = "users"."id")"#)
        #expect(
            users.join(.fullOuter, posts, on: userId == users[id]).asSQL()
                == #"SELECT * FROM "users" FULL OUTER JOIN "posts" ON ("user_id" = "users"."id")"#)
        #expect(users.join(.cross, posts).asSQL() == #"SELECT * FROM "users" CROSS JOIN "posts""#)
    }

    @Test func joinedQueryFiltersJoinTheCondition() {
        let query = users.join(posts.filter(title == "Hi"), on: userId == users[id])
        #expect(
            query.asSQL()
                == #"SELECT * FROM "users" INNER JOIN "posts" ON (("user_id" = "users"."id") AND ("title" = 'Hi'))"#)
    }

    @Test func aliasedSelfJoin() throws {
        let managers = users.alias("managers")
        let query = users.join(managers, on: managers[id] == users[managerId])
        #expect(
            query.asSQL()
                == #"SELECT * FROM "users" INNER JOIN "users" AS "managers" ON ("managers"."id" = "users"."manager_id")"#
        )
        let db = try Doc.populated()
        let user = try #require(try db.pluck(query.order(users[id])))
        #expect(user[users[id]] == 2)
        #expect(user[managers[id]] == 1)
        #expect(user[managers[email]] == "alice@mac.com")
        #expect(throws: QueryError.ambiguousColumn(name: #""id""#, similar: [#""users"."id""#, #""managers"."id""#])) {
            try user.get(id)
        }
        do {
            _ = try user.get(id)
        } catch {
            #expect(
                "\(error)" == #"ambiguous column '"id"' (please disambiguate: ["users"."id", "managers"."id"])"#)
        }
    }

    @Test func namespaceQualifiesAColumn() throws {
        #expect(users.namespace(id).asSQL() == #""users"."id""#)
        #expect(users.alias("u").namespace(Doc.name).asSQL() == #""u"."name""#)
        let db = try Doc.populated()
        let query = users.select(users.namespace(email)).join(posts, on: posts[userId] == users.namespace(id))
        #expect(try db.prepareRowIterator(query.order(posts[id])).map { $0[users.namespace(email)] }.count == 3)
    }

    @Test func starOfOneTable() throws {
        let query = users.select(users[*], posts[title]).join(posts, on: userId == users[id])
        #expect(
            query.asSQL()
                == #"SELECT "users".*, "posts"."title" FROM "users" INNER JOIN "posts" ON ("user_id" = "users"."id")"#)
        let db = try Doc.populated()
        let row = try #require(try db.pluck(query.order(posts[id].desc)))
        #expect(row[title] == "Hi")
        #expect(row[email] == "betty@icloud.com")
        #expect(row[id] == 2)
    }

    @Test func attachedDatabaseTable() {
        let external = Table("table", database: "external")
        #expect(external.asSQL() == #"SELECT * FROM "external"."table""#)
        #expect(external[id].asSQL() == #""external"."table"."id""#)
    }
}
