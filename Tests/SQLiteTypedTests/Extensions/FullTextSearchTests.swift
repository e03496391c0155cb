import SQLiteTyped
import Testing

@Suite struct FullTextSearchTests {
    let emails = VirtualTable("emails")
    let subject = Expression<String>("subject")
    let body = Expression<String>("body")

    @Test func matchSQL() {
        let wonderful: QueryType = emails.match("wonder*")
        #expect(wonderful.asSQL() == #"SELECT * FROM "emails" WHERE ("emails" MATCH 'wonder*')"#)
        #expect(
            emails.filter(subject.match("Re:*")).asSQL() == #"SELECT * FROM "emails" WHERE ("subject" MATCH 'Re:*')"#)
        #expect(
            emails.filter(emails.match("subject:\"Re:\"*")).asSQL()
                == #"SELECT * FROM "emails" WHERE ("emails" MATCH 'subject:"Re:"*')"#)
    }

    @Test(.enabled(if: SQLiteFeature.fts4.isAvailable, "FTS4 compiled out"))
    func fts4() throws {
        #if FTS4
            #expect(
                emails.create(.FTS4(subject, body)) == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body")"#)
            #expect(
                emails.create(.FTS4([subject, body], tokenize: .Porter))
                    == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", tokenize=porter)"#)
            let config = FTS4Config().column(subject).column(body, [.unindexed]).languageId("lid").order(.desc)
            #expect(
                emails.create(.FTS4(config))
                    == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", notindexed="body", languageid="lid", order="desc")"#
            )
            #expect(
                emails.create(.FTS4([subject], tokenize: .Unicode61(removeDiacritics: true)), ifNotExists: true)
                    == #"CREATE VIRTUAL TABLE IF NOT EXISTS "emails" USING fts4("subject", tokenize=unicode61 "remove_diacritics=1")"#
            )
            #expect(
                emails.create(.FTS4(FTS4Config().column(subject).prefix([2, 3]).contentless()))
                    == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", prefix="2,3", content="")"#)
            let db = try Connection()
            try db.run(emails.create(.FTS4(config)))
            try db.run(
                emails.insert(
                    subject <- "Just Checking In", body <- "Hey, I was just wondering...did you get my last email?"))
            try db.run(emails.insert(subject <- "Re: Checking In", body <- "Yes"))
            // "body" is not indexed in this configuration: only subjects match.
            #expect(try db.scalar(emails.match("wonder*").count as ScalarQuery<Int>) == 0)
            let checking: QueryType = emails.match("check*")
            #expect(try db.scalar(checking.count) == 2)
            #expect(try db.scalar(emails.filter(subject.match("Re*")).count) == 1)
            try db.run(emails.drop())
        #endif
    }

    @Test(.enabled(if: SQLiteFeature.fts5.isAvailable, "FTS5 compiled out"))
    func fts5() throws {
        #if FTS5
            let config = FTS5Config().column(subject).column(body, [.unindexed])
            #expect(
                emails.create(.FTS5(config))
                    == #"CREATE VIRTUAL TABLE "emails" USING fts5("subject", "body" UNINDEXED)"#)
            #expect(
                emails.create(.FTS5(FTS5Config().column(subject).tokenizer(.Porter).detail(.column)))
                    == #"CREATE VIRTUAL TABLE "emails" USING fts5("subject", tokenize=porter, detail=column)"#)
            let db = try Connection()
            try db.run(emails.create(.FTS5(FTS5Config().column(subject).column(body))))
            try db.run(emails.insert(subject <- "Re: lunch", body <- "see you at \"noon\""))
            try db.run(emails.insert(subject <- "Hello", body <- "lunch? lunch! lunch."))
            let replies = emails.filter(emails.match("subject:\"Re:\"*"))
            #expect(try db.scalar(replies.count) == 1)
            let ranked = emails.select(subject).filter(emails.match("lunch")).order(emails.rank)
            #expect(try db.prepareRowIterator(ranked).map { $0[subject] } == ["Hello", "Re: lunch"])
            #expect(emails.bm25.asSQL() == #"bm25("emails")"#)
            let best = emails.select(subject).filter(emails.match("lunch")).order(emails.bm25)
            #expect(try db.prepareRowIterator(best).map { $0[subject] }.first == "Hello")
            let marked = emails.highlight(column: 1, open: "[", close: "]")
            #expect(marked.asSQL() == #"highlight("emails", 1, '[', ']')"#)
            #expect(try db.scalar(emails.filter(emails.match("noon")).select(marked)) == #"see you at "[noon]""#)
            let snippet = emails.snippet(open: "<", close: ">", ellipsis: "…", tokens: 4)
            #expect(try db.scalar(emails.filter(emails.match("noon")).select(snippet)).contains("<noon>") == true)
            // User text with FTS5 syntax is searched for, not interpreted.
            let pattern = FTS5Pattern.phrase(#"see you at "noon"#)
            #expect(pattern.description == #""see you at ""noon""#)
            #expect(try db.scalar(emails.filter(emails.match(FTS5Pattern.words("lunch AND"))).count) == 0)
            #expect(try db.scalar(emails.filter(emails.match(FTS5Pattern.words("lunch"))).count) == 2)
            #expect(try db.scalar(emails.filter(emails.match(FTS5Pattern.prefix("lun").description)).count) == 2)
            #expect(
                try db.scalar(
                    emails.filter(emails.match(FTS5Pattern.column("subject", .phrase("hello")).description)).count) == 1
            )
            #expect(throws: Result.self) { try db.scalar(emails.filter(emails.match("lunch AND")).count) }
        #endif
    }

    @Test(.enabled(if: SQLiteFeature.rtree.isAvailable, "R*Tree compiled out"))
    func rtree() throws {
        #if RTree
            let cities = VirtualTable("cities")
            let id = Expression<Int64>("id")
            let minX = Expression<Double>("minX")
            let maxX = Expression<Double>("maxX")
            let minY = Expression<Double>("minY")
            let maxY = Expression<Double>("maxY")
            let sql = cities.create(.RTree(id, (minX, maxX), (minY, maxY)))
            #expect(sql == #"CREATE VIRTUAL TABLE "cities" USING rtree("id", "minX", "maxX", "minY", "maxY")"#)
            let db = try Connection()
            try db.run(sql)
            try db.run(cities.insert(id <- 1, minX <- 0, maxX <- 10, minY <- 0, maxY <- 10))
            try db.run(cities.insert(id <- 2, minX <- 20, maxX <- 30, minY <- 20, maxY <- 30))
            #expect(try db.scalar(cities.filter(minX >= 5.0 || maxX <= 15.0).select(id)) == 1)
        #endif
    }
}
