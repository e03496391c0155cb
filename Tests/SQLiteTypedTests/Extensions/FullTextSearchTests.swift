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

    /// A configuration is a mutable builder, as in SQLite.swift, and not `Sendable`: build it
    /// where it is used, and hand the ``Module`` it makes (a `Sendable` value) to other tasks.
    @Test(.enabled(if: SQLiteFeature.fts4.isAvailable, "FTS4 compiled out"))
    func aModuleBuiltFromAConfigurationCrossesTasks() async throws {
        #if FTS4
            let module = Module.FTS4(FTS4Config().column(subject).column(body, [.unindexed]).order(.desc))
            let emails = self.emails
            let subject = self.subject
            let sql = try await Task.detached {
                let db = try Connection()
                let statement = emails.create(module)
                try db.run(statement)
                try db.run(emails.insert(subject <- "Hello"))
                let found: QueryType = emails.match("hello")
                #expect(try db.scalar(found.count) == 1)
                return statement
            }.value
            #expect(
                sql == #"CREATE VIRTUAL TABLE "emails" USING fts4("subject", "body", notindexed="body", order="desc")"#)
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
                    == #"CREATE VIRTUAL TABLE "emails" USING fts5("subject", tokenize=porter, detail="column")"#)
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

    @Test func matchAnOptionalPattern() throws {
        let pattern = Expression<String?>("pattern")
        let query: QueryType = emails.match(pattern)
        #expect(query.asSQL() == #"SELECT * FROM "emails" WHERE ("emails" MATCH "pattern")"#)
        let condition: Expression<Bool?> = emails.match(pattern)
        #expect(condition.asSQL() == #"("emails" MATCH "pattern")"#)
        #if FTS4
            if SQLiteFeature.fts4.isAvailable {
                let db = try Connection()
                try db.run(emails.create(.FTS4(subject)))
                try db.run(emails.insert(subject <- "wonderful"))
                let bound: QueryType = emails.match(Expression<String?>(value: "wonder*"))
                #expect(try db.prepareRowIterator(bound).map { $0[subject] } == ["wonderful"])
                #expect(
                    try db.prepareRowIterator(emails.match(Expression<String?>(value: "zzz"))).map { $0[subject] } == []
                )
            }
        #endif
    }

    /// A module named with `Module(_:_:)` renders quoted, as in SQLite.swift.
    @Test(.enabled(if: SQLiteFeature.fts4.isAvailable, "FTS4 compiled out"))
    func quotedModuleName() throws {
        let module = Module("fts4", [subject, body])
        #expect(emails.create(module) == #"CREATE VIRTUAL TABLE "emails" USING "fts4"("subject", "body")"#)
        #expect(module.asSQL() == #""fts4"("subject", "body")"#)
        #expect(
            VirtualTable("custom_table").create(Module("custom", [subject]))
                == #"CREATE VIRTUAL TABLE "custom_table" USING "custom"("subject")"#)
        let db = try Connection()
        try db.run(emails.create(module))
        try db.run(emails.insert(subject <- "hello", body <- "world"))
        #expect(try db.scalar(emails.filter(emails.match("world")).count) == 1)
        #expect(throws: Result.self) { try db.run(VirtualTable("custom_table").create(Module("custom", [subject]))) }
    }

    static let intColumn = Expression<Int64>("int")
    static let stringColumn = Expression<String>("string")
    static let dateColumn = Expression<String>("date")

    /// FTS4 configurations as SQLite.swift renders them, each created in a real database.
    @Test(.enabled(if: SQLiteFeature.fts4.isAvailable, "FTS4 compiled out"))
    func fts4Configurations() throws {
        #if FTS4
            let table = VirtualTable("virtual_table")
            let string = Self.stringColumn
            let cases: [(Module, String)] = [
                (.FTS4(), "fts4()"),
                (.FTS4(string), #"fts4("string")"#),
                (.FTS4(tokenize: .Simple), "fts4(tokenize=simple)"),
                (.FTS4([string], tokenize: .Porter), #"fts4("string", tokenize=porter)"#),
                (.FTS4(tokenize: .Unicode61()), "fts4(tokenize=unicode61)"),
                (
                    .FTS4(tokenize: .Unicode61(removeDiacritics: false)),
                    #"fts4(tokenize=unicode61 "remove_diacritics=0")"#
                ),
                (
                    .FTS4(tokenize: .Unicode61(removeDiacritics: true, tokenchars: ["."], separators: ["X"])),
                    #"fts4(tokenize=unicode61 "remove_diacritics=1" "tokenchars=." "separators=X")"#
                ),
                (.FTS4(FTS4Config().column(string, [.unindexed])), #"fts4("string", notindexed="string")"#),
                (.FTS4(FTS4Config().externalContent(View("view"))), #"fts4(content="view")"#),
                // (A contentless FTS4 table needs a column: `fts4(content="")` alone is rejected.)
                (.FTS4(FTS4Config().column(string).contentless()), #"fts4("string", content="")"#),
                (.FTS4(FTS4Config().matchInfo(.fts3)), #"fts4(matchinfo="fts3")"#),
                (.FTS4(FTS4Config().order(.asc)), #"fts4(order="asc")"#),
                (.FTS4(FTS4Config().languageId("lid")), #"fts4(languageid="lid")"#),
                (.FTS4(FTS4Config().compress("compress_foo")), #"fts4(compress="compress_foo")"#),
                (
                    .FTS4(
                        FTS4Config().tokenizer(.Porter).column(Self.intColumn).column(string, [.unindexed])
                            .column(Self.dateColumn, [.unindexed]).externalContent(Table("table")).matchInfo(.fts3)
                            .languageId("lid").order(.desc).prefix([2, 4])),
                    #"fts4("int", "string", "date", tokenize=porter, prefix="2,4", content="table", notindexed="string", notindexed="date", languageid="lid", matchinfo="fts3", order="desc")"#
                ),
            ]
            for (module, sql) in cases {
                let statement = table.create(module)
                #expect(statement == #"CREATE VIRTUAL TABLE "virtual_table" USING "# + sql)
                let db = try Connection()
                try db.execute(#"CREATE TABLE "table" ("int" INTEGER, "string" TEXT, "date" TEXT, "lid" INTEGER)"#)
                try db.execute(#"CREATE VIEW "view" AS SELECT * FROM "table""#)
                // compress= needs both functions; the case naming only one is rejected by SQLite.
                if sql.contains("compress=") {
                    #expect(throws: Result.self) { try db.run(statement) }
                } else {
                    try db.run(statement)
                }
            }
            #expect(FTS4Config.MatchInfo.fts3.description == "fts3")
            #expect(FTS4Config.Order.desc.description == "desc")

            // unicode61's options take effect: "." joins a token, "X" separates.
            let db = try Connection()
            let text = Expression<String>("text")
            let module = Module.FTS4([text], tokenize: .Unicode61(tokenchars: ["."], separators: ["X"]))
            try db.run(table.create(module))
            try db.run(table.insert(text <- "v1.2 abXcd"))
            #expect(try db.scalar(table.filter(table.match("v1.2")).count) == 1)
            #expect(try db.scalar(table.filter(table.match("cd")).count) == 1)
            #expect(try db.scalar(table.filter(table.match("v1")).count) == 0)
            // SQLite.swift's own rendering, the whole list in one quoted string, names no FTS4
            // tokenizer: SQLite rejects it.
            #expect(throws: Result.self) {
                try db.execute(
                    #"CREATE VIRTUAL TABLE "other" USING fts4(tokenize="unicode61 remove_diacritics=1 tokenchars=. separators=X")"#
                )
            }
        #endif
    }

    /// FTS5 configurations as SQLite.swift renders them, each created in a real database.
    @Test(.enabled(if: SQLiteFeature.fts5.isAvailable, "FTS5 compiled out"))
    func fts5Configurations() throws {
        #if FTS5
            let table = VirtualTable("virtual_table")
            let string = Self.stringColumn
            let cases: [(FTS5Config, String)] = [
                (FTS5Config(), "fts5()"),
                (FTS5Config().column(string), #"fts5("string")"#),
                (FTS5Config().columns([string, Self.intColumn]), #"fts5("string", "int")"#),
                (FTS5Config().column(string, [.unindexed]), #"fts5("string" UNINDEXED)"#),
                (FTS5Config().column(string).externalContent(Table("table")), #"fts5("string", content="table")"#),
                (FTS5Config().column(string).externalContent(View("view")), #"fts5("string", content="view")"#),
                (FTS5Config().column(string).contentless(), #"fts5("string", content="")"#),
                (
                    FTS5Config().column(string).externalContent(Table("table")).contentRowId(Self.intColumn),
                    #"fts5("string", content="table", content_rowid="int")"#
                ),
                (FTS5Config().column(string).tokenizer(.Porter), #"fts5("string", tokenize=porter)"#),
                (FTS5Config().column(string).tokenizer(.Unicode61()), #"fts5("string", tokenize=unicode61)"#),
                (
                    FTS5Config().column(string).tokenizer(
                        .Unicode61(removeDiacritics: true, tokenchars: ["."], separators: ["X"])),
                    #"fts5("string", tokenize="unicode61 remove_diacritics '1' tokenchars '.' separators 'X'")"#
                ),
                (
                    FTS5Config().column(string).tokenizer(.Trigram()),
                    #"fts5("string", tokenize="trigram case_sensitive 0")"#
                ),
                (
                    FTS5Config().column(string).tokenizer(.Trigram(caseSensitive: true)),
                    #"fts5("string", tokenize="trigram case_sensitive 1")"#
                ),
                (FTS5Config().column(string).columnSize(1), #"fts5("string", columnsize=1)"#),
                (FTS5Config().column(string).detail(.full), #"fts5("string", detail="full")"#),
                (FTS5Config().column(string).detail(.column), #"fts5("string", detail="column")"#),
                (FTS5Config().column(string).detail(.none), #"fts5("string", detail="none")"#),
                (
                    FTS5Config().tokenizer(.Porter).column(Self.intColumn).column(string, [.unindexed])
                        .column(Self.dateColumn, [.unindexed]).externalContent(Table("table")).prefix([2, 4]),
                    #"fts5("int", "string" UNINDEXED, "date" UNINDEXED, tokenize=porter, prefix="2,4", content="table")"#
                ),
            ]
            for (config, sql) in cases {
                let statement = table.create(.FTS5(config))
                #expect(statement == #"CREATE VIRTUAL TABLE "virtual_table" USING "# + sql)
                let db = try Connection()
                try db.execute(#"CREATE TABLE "table" ("int" INTEGER, "string" TEXT, "date" TEXT)"#)
                try db.execute(#"CREATE VIEW "view" AS SELECT * FROM "table""#)
                // FTS5 needs at least one column.
                if sql == "fts5()" {
                    #expect(throws: Result.self) { try db.run(statement) }
                } else {
                    try db.run(statement)
                }
            }

            // The trigram tokenizer matches any three characters or more, by case unless told.
            let db = try Connection()
            let email = Expression<String>("email")
            let index = VirtualTable("index")
            try db.run(index.create(.FTS5(FTS5Config().column(email).tokenizer(.Trigram(caseSensitive: false)))))
            try db.run(index.insertMany([email <- "Paul@example.com"], [email <- "john@example.com"]))
            #expect(try db.prepareRowIterator(index.match("aul")).map { $0[email] } == ["Paul@example.com"])
            #expect(try db.prepareRowIterator(index.match("PAUL")).map { $0[email] } == ["Paul@example.com"])
            let sensitive = VirtualTable("sensitive")
            try db.run(sensitive.create(.FTS5(FTS5Config().column(email).tokenizer(.Trigram(caseSensitive: true)))))
            try db.run(sensitive.insert(email <- "Paul@example.com"))
            #expect(try db.scalar(sensitive.filter(sensitive.match("PAUL")).count) == 0)
            #expect(try db.scalar(sensitive.filter(sensitive.match("Paul")).count) == 1)

            // unicode61's options take effect: "." joins a token, "X" separates.
            let words = VirtualTable("words")
            let text = Expression<String>("text")
            try db.run(
                words.create(
                    .FTS5(FTS5Config().column(text).tokenizer(.Unicode61(tokenchars: ["."], separators: ["X"])))))
            try db.run(words.insert(text <- "v1.2 abXcd"))
            #expect(try db.scalar(words.filter(words.match(#""v1.2""#)).count) == 1)
            #expect(try db.scalar(words.filter(words.match("cd")).count) == 1)
            #expect(try db.scalar(words.filter(words.match("v1")).count) == 0)
            // SQLite.swift's own rendering of these options is not FTS5 syntax: SQLite rejects it.
            #expect(throws: Result.self) {
                try db.execute(
                    #"CREATE VIRTUAL TABLE "other" USING fts5("x", tokenize="unicode61 remove_diacritics=1 tokenchars=. separators=X")"#
                )
            }
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
