import SQLiteTyped
import Testing

@Suite struct AggregationTests {
    let users = Doc.users
    let id = Doc.id
    let name = Doc.name
    let balance = Doc.balance
    let age = Doc.age

    @Test func documentedSQL() {
        #expect(users.count.asSQL() == #"SELECT count(*) FROM "users""#)
        #expect(
            users.filter(name != nil).count.asSQL() == #"SELECT count(*) FROM "users" WHERE ("name" IS NOT NULL)"#)
        #expect(users.select(name.count).asSQL() == #"SELECT count("name") FROM "users""#)
        #expect(users.select(id.max).asSQL() == #"SELECT max("id") FROM "users""#)
        #expect(users.select(id.min).asSQL() == #"SELECT min("id") FROM "users""#)
        #expect(users.select(balance.average).asSQL() == #"SELECT avg("balance") FROM "users""#)
        #expect(users.select(balance.sum).asSQL() == #"SELECT sum("balance") FROM "users""#)
        #expect(users.select(balance.total).asSQL() == #"SELECT total("balance") FROM "users""#)
        #expect(users.select(name.distinct.count).asSQL() == #"SELECT count(DISTINCT "name") FROM "users""#)
        #expect(users.select(count(*)).asSQL() == #"SELECT count(*) FROM "users""#)
    }

    @Test func values() throws {
        let db = try Doc.populated()
        let total: Int = try db.scalar(users.count)
        #expect(total == 3)
        #expect(try db.scalar(users.filter(name != nil).count) == 2)
        #expect(try db.scalar(users.select(name.count)) == 2)
        #expect(try db.scalar(users.select(id.max)) == 3)
        #expect(try db.scalar(users.select(id.min)) == 1)
        #expect(try db.scalar(users.select(balance.average)) == 10_100.0 / 3)
        #expect(try db.scalar(users.select(balance.sum)) == 10_100)
        #expect(try db.scalar(users.select(balance.total)) == 10_100)
        #expect(try db.scalar(users.select(age.sum)) == 55)
        #expect(try db.scalar(users.select(age.max)) == 30)
        #expect(try db.scalar(users.select(name.distinct.count)) == 2)
        let empty = users.filter(id > 100)
        #expect(try db.scalar(empty.select(id.max)) == nil)
        #expect(try db.scalar(empty.select(balance.sum)) == nil)
        #expect(try db.scalar(empty.select(balance.total)) == 0)
        #expect(try db.scalar(empty.select(balance.average)) == nil)
    }
}
