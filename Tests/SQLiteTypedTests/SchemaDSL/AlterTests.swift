import SQLiteTyped
import Testing

@Suite struct AlterTests {
    let users = Doc.users
    let posts = Doc.posts
    let id = Doc.id
    let email = Doc.email
    let suffix = Expression<String?>("suffix")

    @Test func renameAndDrop() throws {
        #expect(users.rename(Table("users_old")) == #"ALTER TABLE "users" RENAME TO "users_old""#)
        #expect(users.drop() == #"DROP TABLE "users""#)
        #expect(users.drop(ifExists: true) == #"DROP TABLE IF EXISTS "users""#)
        let db = try Doc.populated()
        try db.run(posts.drop())
        try db.run(posts.drop(ifExists: true))
        try db.run(users.rename(Table("users_old")))
        #expect(try db.scalar(Table("users_old").count) == 3)
    }

    @Test func addColumn() throws {
        #expect(users.addColumn(suffix) == #"ALTER TABLE "users" ADD COLUMN "suffix" TEXT"#)
        #expect(
            users.addColumn(suffix, check: ["JR", "SR"].contains(suffix))
                == #"ALTER TABLE "users" ADD COLUMN "suffix" TEXT CHECK (("suffix" IN ('JR', 'SR')))"#)
        #expect(
            users.addColumn(suffix, defaultValue: "SR")
                == #"ALTER TABLE "users" ADD COLUMN "suffix" TEXT DEFAULT ('SR')"#)
        #expect(
            users.addColumn(Expression<String>("nickname"), defaultValue: "", collate: .nocase)
                == #"ALTER TABLE "users" ADD COLUMN "nickname" TEXT NOT NULL DEFAULT ('') COLLATE NOCASE"#)
        #expect(
            users.addColumn(Doc.name, collate: .rtrim) == #"ALTER TABLE "users" ADD COLUMN "name" TEXT COLLATE RTRIM"#)
        let userId = Expression<Int64?>("user_id")
        #expect(
            posts.addColumn(userId, references: users, id)
                == #"ALTER TABLE "posts" ADD COLUMN "user_id" INTEGER REFERENCES "users" ("id")"#)
        let db = try Doc.populated()
        try db.run(users.addColumn(suffix, check: ["JR", "SR"].contains(suffix)))
        try db.run(users.addColumn(Expression<Int64>("score"), defaultValue: 7))
        #expect(try db.scalar(users.filter(id == 1).select(Expression<Int64>("score"))) == 7)
        #expect(throws: Result.self) { try db.run(users.filter(id == 1).update(suffix <- "XX")) }
        try db.run(users.filter(id == 1).update(suffix <- "JR"))
    }

    @Test func indexes() throws {
        #expect(users.createIndex(email) == #"CREATE INDEX "index_users_on_email" ON "users" ("email")"#)
        #expect(
            users.createIndex(email, unique: true)
                == #"CREATE UNIQUE INDEX "index_users_on_email" ON "users" ("email")"#)
        #expect(
            users.createIndex(email, ifNotExists: true)
                == #"CREATE INDEX IF NOT EXISTS "index_users_on_email" ON "users" ("email")"#)
        #expect(
            users.createIndex(email, Doc.name)
                == #"CREATE INDEX "index_users_on_email_name" ON "users" ("email", "name")"#)
        #expect(users.dropIndex(email) == #"DROP INDEX "index_users_on_email""#)
        #expect(users.dropIndex(email, ifExists: true) == #"DROP INDEX IF EXISTS "index_users_on_email""#)
        let db = try Doc.populated()
        try db.run(users.createIndex(email, Doc.name))
        try db.run(users.createIndex(email, Doc.name, ifNotExists: true))
        try db.run(users.dropIndex(email, Doc.name))
        try db.run(users.dropIndex(email, Doc.name, ifExists: true))
    }

    @Test func views() throws {
        let named = View("named_users")
        let sql = named.create(users.filter(Doc.name != nil))
        #expect(sql == #"CREATE VIEW "named_users" AS SELECT * FROM "users" WHERE ("name" IS NOT NULL)"#)
        #expect(
            named.create(users, temporary: true, ifNotExists: true)
                == #"CREATE TEMPORARY VIEW IF NOT EXISTS "named_users" AS SELECT * FROM "users""#)
        #expect(named.drop(ifExists: true) == #"DROP VIEW IF EXISTS "named_users""#)
        let db = try Doc.populated()
        try db.run(sql)
        #expect(try db.scalar(named.count) == 2)
        #expect(try db.prepareRowIterator(named.order(id)).map { $0[email] } == ["alice@mac.com", "betty@icloud.com"])
        try db.run(named.drop())
    }
}
