import SQLiteTyped
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Suite struct RowTests {
    let users = Doc.users
    let id = Doc.id
    let email = Doc.email
    let name = Doc.name

    @Test func nullIntoNonOptionalThrows() throws {
        let db = try Doc.populated()
        let row = try #require(try db.pluck(users.filter(id == 3)))
        let nonOptionalName = Expression<String>("name")
        #expect(throws: QueryError.unexpectedNullValue(name: #""name""#)) { try row.get(nonOptionalName) }
        #expect(try row.get(name) == nil)
    }

    @Test func typeMismatchThrows() throws {
        let db = try Doc.populated()
        let row = try #require(try db.pluck(users.filter(id == 1)))
        let emailAsNumber = Expression<Int64>("email")
        #expect(
            throws: ColumnTypeMismatch(
                name: #""email""#, expected: "Int64", found: "TEXT 'alice@mac.com' (not a number)")
        ) {
            try row.get(emailAsNumber)
        }
        let live = try db.prepareRowIterator(users.filter(id == 1))
        let liveRow = try #require(try live.failableNext())
        #expect(
            throws: ColumnTypeMismatch(
                name: #""email""#, expected: "Int64", found: "TEXT 'alice@mac.com' (not a number)")
        ) {
            try liveRow.get(emailAsNumber)
        }
        // Numbers read as text by Core's conversion table.
        #expect(try liveRow.get(Expression<String>("id")) == "1")
    }

    @Test func missingColumnThrows() throws {
        let db = try Doc.populated()
        let row = try #require(try db.pluck(users.select(id)))
        #expect(throws: QueryError.self) { try row.get(email) }
        #expect(row.hasValue(for: "id"))
        #expect(!row.hasValue(for: "email"))
    }

    @Test func rowsKeptAcrossStepsAreCopied() throws {
        let db = try Doc.populated()
        var kept: [Row] = []
        for row in try db.prepare(users.order(id)) { kept.append(row) }
        #expect(kept.map { $0[id] } == [1, 2, 3])
        #expect(kept.map { $0[name] } == ["Alice", "Betty", nil])
        #expect(kept[0].binding(at: 1) as? String == "alice@mac.com")
    }

    /// A copied row reads numbers through a fast path keyed by the selected expressions; other
    /// expressions, conversions and NULLs take the full path with the same results.
    @Test func copiedRowsReadLikeLiveRows() throws {
        let db = try Connection()
        let t = Table("measurements_with_a_long_name")
        let count = Expression<Int64>("sample_count_column")
        let mean = Expression<Double>("mean_value_column")
        let note = Expression<String?>("note_text_column")
        // NUMERIC affinity stores 4.0 as the INTEGER 4, read back as a Double.
        try db.execute(
            """
            CREATE TABLE measurements_with_a_long_name
                (sample_count_column INTEGER, mean_value_column NUMERIC, note_text_column TEXT)
            """)
        try db.run(t.insert(count <- 3, mean <- 2.5, note <- nil))
        try db.run(t.insert(count <- 7, mean <- 4.0, note <- "x"))
        let first = try #require(try db.pluck(t.filter(count == 3)))
        let second = try #require(try db.pluck(t.filter(count == 7)))
        // Rows of two plucks, read interleaved.
        #expect(first[count] == 3 && second[count] == 7)
        #expect(first[mean] == 2.5 && second[mean] == 4.0)
        #expect(first[note] == nil && second[note] == "x")
        // Expressions equal to the selected ones but built anew (other storage).
        let sameCount = Expression<Int64>("sample_count" + "_column")
        #expect(first[sameCount] == 3 && second[sameCount] == 7)
        // A number read as another type converts, or throws.
        #expect(try second.get(Expression<String>("sample_count_column")) == "7")
        #expect(throws: ColumnTypeMismatch.self) { try second.get(Expression<Int64>("note_text_column")) }
        #expect(second.binding(at: 1) as? Int64 == 4)
    }

    @Test func failableIterationOptions() throws {
        let db = try Doc.populated()
        let rowIterator = try db.prepareRowIterator(users.order(id))
        #expect(try Array(rowIterator).map { $0[email] }.count == 3)
        let mapRowIterator = try db.prepareRowIterator(users.order(id))
        #expect(try mapRowIterator.map { $0[id] } == [1, 2, 3])
        let iterator = try db.prepareRowIterator(users)
        var count = 0
        while try iterator.failableNext() != nil { count += 1 }
        #expect(count == 3)
        #expect(try iterator.failableNext() == nil)
    }

    @Test func compactMapSkipsNil() throws {
        let db = try Doc.populated()
        let names = try db.prepareRowIterator(users.order(id)).compactMap { $0[name] }
        #expect(names == ["Alice", "Betty"])
        #expect(throws: ColumnTypeMismatch.self) {
            try db.prepareRowIterator(users).compactMap { try $0.get(Expression<Int64>("email")) }
        }
    }

    /// Raw SQL iterated as typed rows, its columns found by their quoted names.
    @Test func rowIteratorOverRawSQL() throws {
        let db = try Doc.populated()
        let rows = try db.prepareRowIterator("SELECT id, email, name FROM users WHERE id > ? ORDER BY id", bindings: 1)
        #expect(
            try rows.map { "\($0[id]) \($0[email]) \($0[name] ?? "-")" } == [
                "2 betty@icloud.com Betty", "3 cathy@mac.com -",
            ])
        let listed = try db.prepareRowIterator("SELECT count(*) AS n FROM users WHERE id IN (?, ?)", bindings: [1, 3])
        #expect(try listed.failableNext()?[Expression<Int64>("n")] == 2)
        let all = try db.prepareRowIterator("SELECT * FROM users")
        #expect(try all.map { $0[email] }.count == 3)
        let missing = try db.prepareRowIterator("SELECT id FROM users")
        let row = try #require(try missing.failableNext())
        #expect(throws: QueryError.self) { try row.get(email) }
        #expect(throws: Result.self) { try db.prepareRowIterator("SELECT nothing FROM users") }
    }

    @Test func iterationErrorsAreThrown() throws {
        let db = try Doc.populated()
        db.createFunction("boom", argumentCount: 1) { _ in throw QueryError.noSuchTable(name: "boom") }
        let boom = Expression<Int64>(literal: "boom(1)")
        let iterator = try db.prepareRowIterator(users.select(boom))
        #expect(throws: Result.self) { try iterator.failableNext() }
        // The lazy sequence cannot throw: it stops the program (see `TypedIterationErrorTests`).
    }

    @Test func sequenceCanBeIteratedTwice() throws {
        let db = try Doc.populated()
        let rows = try db.prepare(users.select(id).order(id))
        #expect(rows.map { $0[id] } == [1, 2, 3])
        #expect(rows.map { $0[id] } == [1, 2, 3])
    }

    @Test func pluckAddsLimit() throws {
        let db = try Doc.populated()
        #expect(try db.pluck(users.filter(id == 42)) == nil)
        let user = try #require(try db.pluck(users.order(id.desc)))
        #expect(user[id] == 3)
    }

    @Test func preparedStatementsAreReused() throws {
        let db = try Doc.populated()
        for value in Int64(1)...3 {
            #expect(try db.pluck(users.filter(id == value))?[id] == value)
        }
        // A nested query of the same shape gets its own statement.
        var pairs: [(Int64, Int64)] = []
        for outer in try db.prepare(users.select(id).order(id)) {
            for inner in try db.prepare(users.select(id).order(id)) where inner[id] > outer[id] {
                pairs.append((outer[id], inner[id]))
            }
        }
        #expect(pairs.count == 3)
    }

    @Test(arguments: [0, 1, 2])
    func typeMapRoundTrips(_ seed: Int) throws {
        let db = try Connection()
        let things = Table("things")
        let int = Expression<Int>("int")
        let int64 = Expression<Int64>("int64")
        let bool = Expression<Bool>("bool")
        let double = Expression<Double>("double")
        let string = Expression<String>("string")
        let blob = Expression<Blob>("blob")
        let data = Expression<Data>("data")
        let date = Expression<Date>("date")
        let uuid = Expression<UUID>("uuid")
        let url = Expression<URL>("url")
        let nothing = Expression<String?>("nothing")
        try db.run(
            things.create { t in
                t.column(int)
                t.column(int64)
                t.column(bool)
                t.column(double)
                t.column(string)
                t.column(blob)
                t.column(data)
                t.column(date)
                t.column(uuid)
                t.column(url)
                t.column(nothing)
            })
        let when = Date(timeIntervalSince1970: 1_416_314_730 + Double(seed))
        let identifier = UUID()
        let link = try #require(URL(string: "https://example.com/\(seed)"))
        try db.run(
            things.insert(
                int <- seed, int64 <- Int64.max - Int64(seed), bool <- (seed % 2 == 0), double <- 1.5 * Double(seed),
                string <- "it's \(seed)", blob <- Blob(bytes: [0, UInt8(seed)]), data <- Data([1, 2, UInt8(seed)]),
                date <- when, uuid <- identifier, url <- link, nothing <- nil))
        let row = try #require(try db.pluck(things))
        #expect(row[int] == seed)
        #expect(row[int64] == Int64.max - Int64(seed))
        #expect(row[bool] == (seed % 2 == 0))
        #expect(row[double] == 1.5 * Double(seed))
        #expect(row[string] == "it's \(seed)")
        #expect(row[blob] == Blob(bytes: [0, UInt8(seed)]))
        #expect(row[data] == Data([1, 2, UInt8(seed)]))
        #expect(row[date] == when)
        #expect(row[uuid] == identifier)
        #expect(row[url] == link)
        #expect(row[nothing] == nil)
        #expect(try db.scalar(things.filter(date <= when).count) == 1)
    }

    @Test func dateFilterRendersISOText() {
        let publishedAt = Expression<Date>("published_at")
        let posts = Doc.posts
        let start = Date(timeIntervalSince1970: 0)
        let end = Date(timeIntervalSince1970: 1_416_314_730)
        #expect(
            posts.filter(publishedAt <= end).asSQL()
                == #"SELECT * FROM "posts" WHERE ("published_at" <= '2014-11-18T12:45:30.000')"#)
        #expect(
            posts.filter(start...end ~= publishedAt).asSQL()
                == #"SELECT * FROM "posts" WHERE "published_at" BETWEEN '1970-01-01T00:00:00.000' AND '2014-11-18T12:45:30.000'"#
        )
    }
}

@Suite struct RowFastPathTests {
    /// Rows whose storage changes from one row to the next: the read that matched the previous
    /// row's column must still see NULLs, reals and text for what they are.
    @Test func storageThatChangesBetweenRowsIsReadCorrectly() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (n, r);
            INSERT INTO t VALUES (1, 1.5), (NULL, 2), (3, NULL), ('text', 'x'), (5, 6.25)
            """)
        let t = Table("t")
        let n = Expression<Int64?>("n")
        let r = Expression<Double?>("r")
        var seen: [String] = []
        for row in try db.prepare(t.select(n, r)) {
            let integer = (try? row.get(n)).map { $0.map(String.init) ?? "nil" } ?? "error"
            let real = (try? row.get(r)).map { $0.map { "\($0)" } ?? "nil" } ?? "error"
            seen.append(integer + "/" + real)
        }
        #expect(seen == ["1/1.5", "nil/2.0", "3/nil", "error/error", "5/6.25"])

        let iterator = try db.prepareRowIterator(t.select(n, r))
        var sums: (Int64, Double) = (0, 0)
        while let row = try iterator.failableNext() {
            do {
                _ = try row.get(n)
                _ = try row.get(r)
            } catch {
                continue  // the row of text
            }
            sums.0 += row[n] ?? 0
            sums.1 += row[r] ?? 0
        }
        #expect(sums.0 == 9)
        #expect(sums.1 == 9.75)
    }

    @Test func aRowKeptAfterTheNextStepHoldsItsOwnValues() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (n INTEGER NOT NULL); INSERT INTO t VALUES (1), (2), (3)")
        let t = Table("t")
        let n = Expression<Int64>("n")
        let rows = Array(try db.prepare(t.order(n)))
        #expect(rows.map { $0[n] } == [1, 2, 3])
        let first = try #require(try db.pluck(t.filter(n == 2)))
        let second = try #require(try db.pluck(t.filter(n == 3)))
        #expect(first[n] == 2 && second[n] == 3)
    }
}

@Suite struct PluckStatementLifetimeTests {
    /// `pluck` keeps a copied row's storage with the statement for reuse; that must not keep the
    /// statement alive once the cache lets it go.
    @Test func clearedStatementsAreFinalizedAfterPlucks() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (n INTEGER NOT NULL); INSERT INTO t VALUES (1), (2), (3)")
        let t = Table("t")
        let n = Expression<Int64>("n")
        var total: Int64 = 0
        for value in [1, 2, 3, 2, 1] as [Int64] {
            let row = try #require(try db.pluck(t.filter(n == value)))
            total += row[n]
        }
        #expect(total == 9)
        db.clearStatementCache()
        #expect(sqlite3_next_stmt(db.handle, nil) == nil)
    }
}
