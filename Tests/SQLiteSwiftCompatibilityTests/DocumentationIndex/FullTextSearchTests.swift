// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import SQLite
import Testing

// SQLite.swift's documentation, "Full-text Search", in Swift 5 mode. Each test runs when its
// module is compiled into this build (the FTS4 and FTS5 package traits, on by default); the
// blocks compile only then, since the configuration types exist only then.

@Suite("Documentation: full-text search")
struct FullTextSearchTests {
    @Test(.enabled(if: SQLiteFeature.fts4.isAvailable, "FTS4 compiled out"))
    func fts4() throws {
        #if FTS4
        let db = try Connection()
        let log = SQLLog(db)
        let emails = VirtualTable("emails")
        let subject = Expression<String>("subject")
        let body = Expression<String>("body")

        try db.run(emails.create(.FTS4(subject, body)))
        // CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body")
        #expect(log.last() == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body")"#)
        try db.run(emails.drop())

        try db.run(emails.create(.FTS4([subject, body], tokenize: .Porter)))
        // CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", tokenize=porter)
        #expect(log.last() == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", tokenize=porter)"#)

        try db.run(emails.insert(
            subject <- "Just Checking In",
            body <- "Hey, I was just wondering...did you get my last email?"
        ))

        let wonderfulEmails: QueryType = emails.match("wonder*")
        // SELECT * FROM "emails" WHERE "emails" MATCH 'wonder*'
        #expect(wonderfulEmails.asSQL() == #"SELECT * FROM "emails" WHERE ("emails" MATCH 'wonder*')"#)
        #expect(try db.prepare(wonderfulEmails).map { $0[subject] } == ["Just Checking In"])

        let replies = emails.filter(subject.match("Re:*"))
        // SELECT * FROM "emails" WHERE "subject" MATCH 'Re:*'
        #expect(replies.asSQL() == #"SELECT * FROM "emails" WHERE ("subject" MATCH 'Re:*')"#)
        #expect(try db.prepare(replies).map { $0[subject] } == [])
        #endif
    }

    @Test(.enabled(if: SQLiteFeature.fts4.isAvailable, "FTS4 compiled out"))
    func fts4Config() throws {
        #if FTS4
        let db = try Connection()
        let log = SQLLog(db)
        let emails = VirtualTable("emails")
        let subject = Expression<String>("subject")
        let body = Expression<String>("body")
        let config = FTS4Config()
            .column(subject)
            .column(body, [.unindexed])
            .languageId("lid")
            .order(.desc)

        // The documentation's block misses the closing parenthesis of `run(`.
        try db.run(emails.create(.FTS4(config)))
        // CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", notindexed="body", languageid="lid", order="desc")
        #expect(
            log.last()
                == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", notindexed="body", languageid="lid", order="desc")"#
        )
        try db.run(emails.insert(subject <- "Re: lunch", body <- "tomorrow?"))
        #expect(try db.prepare(emails.match("lunch")).map { $0[subject] } == ["Re: lunch"])
        #endif
    }

    @Test(.enabled(if: SQLiteFeature.fts5.isAvailable, "FTS5 compiled out"))
    func fts5() throws {
        #if FTS5
        let db = try Connection()
        let log = SQLLog(db)
        let emails = VirtualTable("emails")
        let subject = Expression<String>("subject")
        let body = Expression<String>("body")
        let config = FTS5Config()
            .column(subject)
            .column(body, [.unindexed])

        try db.run(emails.create(.FTS5(config)))
        // CREATE VIRTUAL TABLE "emails" USING fts5("subject", "body" UNINDEXED)
        #expect(log.last() == #"CREATE VIRTUAL TABLE "emails" USING fts5("subject", "body" UNINDEXED)"#)

        // Note that FTS5 uses a different syntax to select columns, so we need to rewrite
        // the last FTS4 query above as:
        let replies = emails.filter(emails.match("subject:\"Re:\"*"))
        // SELECT * FROM "emails" WHERE "emails" MATCH 'subject:"Re:"*'
        #expect(replies.asSQL() == #"SELECT * FROM "emails" WHERE ("emails" MATCH 'subject:"Re:"*')"#)
        try db.run(emails.insert(subject <- "Re: lunch", body <- "tomorrow?"))
        try db.run(emails.insert(subject <- "Lunch", body <- "Re: tomorrow"))
        #expect(try db.prepare(replies).map { $0[subject] } == ["Re: lunch"])
        #endif
    }
}
