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
                == #"ALTER TABLE "users" ADD COLUMN "suffix" TEXT CHECK ("suffix" IN ('JR', 'SR'))"#)
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

    /// `addColumn` with `unique:`, `check:` and `references:`, as SQLite.swift renders them;
    /// the ones SQLite refuses (a `NOT NULL` column without a default, a `UNIQUE` column) throw.
    @Test func addColumnReferencingAnotherTable() throws {
        let editorId = Expression<Int64>("editor_id")
        let reviewerId = Expression<Int64?>("reviewer_id")
        let ownerId = Expression<Int64?>("owner_id")
        let authorId = Expression<Int64>("author_id")
        let notNull = posts.addColumn(editorId, references: users, id)
        #expect(notNull == #"ALTER TABLE "posts" ADD COLUMN "editor_id" INTEGER NOT NULL REFERENCES "users" ("id")"#)
        let checked = posts.addColumn(reviewerId, check: reviewerId > 0, references: users, id)
        #expect(
            checked
                == #"ALTER TABLE "posts" ADD COLUMN "reviewer_id" INTEGER CHECK ("reviewer_id" > 0) REFERENCES "users" ("id")"#
        )
        let unique = posts.addColumn(ownerId, unique: true, references: users, id)
        #expect(unique == #"ALTER TABLE "posts" ADD COLUMN "owner_id" INTEGER UNIQUE REFERENCES "users" ("id")"#)
        #expect(
            posts.addColumn(editorId, unique: true, check: editorId > 0, references: users, id)
                == #"ALTER TABLE "posts" ADD COLUMN "editor_id" INTEGER NOT NULL UNIQUE CHECK ("editor_id" > 0) REFERENCES "users" ("id")"#
        )
        let withDefault = posts.addColumn(authorId, check: authorId > 0, defaultValue: 1, references: users, id)
        #expect(
            withDefault
                == #"ALTER TABLE "posts" ADD COLUMN "author_id" INTEGER NOT NULL CHECK ("author_id" > 0) DEFAULT (1) REFERENCES "users" ("id")"#
        )
        let db = try Doc.populated()
        #expect(throws: Result.self) { try db.run(notNull) }
        #expect(throws: Result.self) { try db.run(unique) }
        try db.run(checked)
        try db.run(withDefault)
        try db.run(posts.filter(id == 1).update(reviewerId <- 2))
        #expect(throws: Result.self) { try db.run(posts.filter(id == 1).update(reviewerId <- 0)) }
        #expect(try db.scalar(posts.filter(id == 1).select(reviewerId)) == 2)
        #expect(try db.scalar(posts.filter(id == 2).select(authorId)) == 1)
    }

    /// The `collate:` overloads take any value type stored as text.
    @Test func addColumnWithCollationOfATextType() throws {
        let slug = Expression<Slug>("slug")
        let alias = Expression<Slug?>("alias")
        let notNull = users.addColumn(
            slug, check: slug != Slug(text: ""), defaultValue: Slug(text: "x"), collate: .nocase)
        #expect(
            notNull
                == #"ALTER TABLE "users" ADD COLUMN "slug" TEXT NOT NULL CHECK ("slug" != '') DEFAULT ('x') COLLATE NOCASE"#
        )
        let nullable = users.addColumn(alias, defaultValue: Slug(text: "a"), collate: .rtrim)
        #expect(nullable == #"ALTER TABLE "users" ADD COLUMN "alias" TEXT DEFAULT ('a') COLLATE RTRIM"#)
        let db = try Doc.populated()
        try db.run(notNull)
        try db.run(nullable)
        #expect(try db.scalar(users.filter(slug == Slug(text: "X")).count) == 3)
        #expect(try db.scalar(users.filter(id == 1).select(alias)) == Slug(text: "a"))
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
