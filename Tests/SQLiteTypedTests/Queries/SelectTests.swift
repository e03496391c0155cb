import SQLiteTyped
import Testing

@Suite struct SelectTests {
    let users = Doc.users
    let id = Doc.id
    let email = Doc.email
    let name = Doc.name

    @Test func selectStarAndColumns() throws {
        #expect(users.asSQL() == #"SELECT * FROM "users""#)
        #expect(users.select(id, email).asSQL() == #"SELECT "id", "email" FROM "users""#)
        #expect(users.select(*).asSQL() == #"SELECT * FROM "users""#)
        #expect(users.select(users[*]).asSQL() == #"SELECT "users".* FROM "users""#)
        #expect(users.select(distinct: name).asSQL() == #"SELECT DISTINCT "name" FROM "users""#)
    }

    @Test func complexQuery() {
        let query = users.select(email).filter(name != nil).order(email.desc, name).limit(5, offset: 1)
        #expect(
            query.asSQL()
                == #"SELECT "email" FROM "users" WHERE ("name" IS NOT NULL) ORDER BY "email" DESC, "name" LIMIT 5 OFFSET 1"#
        )
    }

    @Test func iterate() throws {
        let db = try Doc.populated()
        var seen: [(Int64, String, String?)] = []
        for user in try db.prepare(users.order(id)) {
            seen.append((user[id], user[email], user[name]))
        }
        #expect(seen.map(\.0) == [1, 2, 3])
        #expect(seen.map(\.1) == ["alice@mac.com", "betty@icloud.com", "cathy@mac.com"])
        #expect(seen.map(\.2) == ["Alice", "Betty", nil])
        let all = Array(try db.prepare(users.order(id)))
        #expect(all.map { $0[email] } == ["alice@mac.com", "betty@icloud.com", "cathy@mac.com"])
        let plucked = try #require(try db.pluck(users.filter(id == 2)))
        #expect(plucked[email] == "betty@icloud.com")
        #expect(try db.scalar(users.count) == 3)
        #expect(try db.scalar(users.select(id.max)) == 3)
    }
}
