import SQLiteTyped
import Testing

@Suite struct SetterTests {
    static let count = Expression<Int64>("count")
    static let optionalCount = Expression<Int?>("n")
    static let balance = Doc.balance
    static let text = Expression<String>("text")

    // Computed, not stored: a global keeping setters that hold SQL (an enum payload whose
    // pointer carries the case tag in its spare bits) reads to LeakSanitizer as leaked.
    static var cases: [(Setter, String)] {
        [
            (count <- 0, #""count" = 0"#),
            (count <- count + 1, #""count" = ("count" + 1)"#),
            (count += 1, #""count" = ("count" + 1)"#),
            (count -= 1, #""count" = ("count" - 1)"#),
            (count *= 2, #""count" = ("count" * 2)"#),
            (count /= 2, #""count" = ("count" / 2)"#),
            (count %= 2, #""count" = ("count" % 2)"#),
            (count <<= 1, #""count" = ("count" << 1)"#),
            (count >>= 1, #""count" = ("count" >> 1)"#),
            (count &= 1, #""count" = ("count" & 1)"#),
            (count |= 1, #""count" = ("count" | 1)"#),
            (count ^= 1, #""count" = (~(("count" & 1)) & ("count" | 1))"#),
            (count++, #""count" = ("count" + 1)"#),
            (count--, #""count" = ("count" - 1)"#),
            (optionalCount++, #""n" = ("n" + 1)"#),
            (optionalCount <- nil, #""n" = NULL"#),
            (balance -= 100.0, #""balance" = ("balance" - 100.0)"#),
            (balance += 100.0, #""balance" = ("balance" + 100.0)"#),
            (text += "!", #""text" = ("text" || '!')"#),
        ]
    }

    @Test(arguments: cases)
    func rendersDocumentedSQL(_ setter: Setter, _ sql: String) {
        #expect(setter.asSQL() == sql)
        // A setter describes itself as its SQL, as in SQLite.swift.
        #expect(setter.description == sql)
        #expect("\(setter)" == sql)
    }

    /// `<-` binds more loosely than `=`, as in SQLite.swift, and groups left.
    @Test func assignmentPrecedence() throws {
        let text = Self.text
        let setter = text <- text + "a" + "b"
        #expect(setter.description == #""text" = (("text" || 'a') || 'b')"#)
        var setters: [Setter] = []
        setters.append(Self.count <- Self.count * 2 + 1)
        #expect(setters.map(\.description) == [#""count" = (("count" * 2) + 1)"#])
    }

    @Test func counterExample() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE counters (id INTEGER PRIMARY KEY, count INTEGER NOT NULL)")
        let counters = Table("counters")
        let id = Doc.id
        let count = Self.count
        try db.run(counters.insert(id <- 1, count <- 5))
        let counter = counters.filter(id == 1)
        #expect(counter.update(count <- 0).asSQL() == #"UPDATE "counters" SET "count" = 0 WHERE ("id" = 1)"#)
        #expect(counter.update(count++).asSQL() == #"UPDATE "counters" SET "count" = ("count" + 1) WHERE ("id" = 1)"#)
        #expect(try db.run(counter.update(count <- 0)) == 1)
        try db.run(counter.update(count++))
        try db.run(counter.update(count++))
        try db.run(counter.update(count *= 10))
        #expect(try db.scalar(counters.select(count)) == 20)
    }

    @Test func transferInATransaction() throws {
        let db = try Doc.populated()
        let users = Doc.users
        let id = Doc.id
        let balance = Self.balance
        let alice = users.filter(id == 1)
        let betty = users.filter(id == 2)
        let amount = 100.0
        #expect(
            alice.update(balance -= amount).asSQL()
                == #"UPDATE "users" SET "balance" = ("balance" - 100.0) WHERE ("id" = 1)"#)
        try db.transaction {
            try db.run(alice.update(balance -= amount))
            try db.run(betty.update(balance += amount))
        }
        #expect(try db.scalar(alice.select(balance)) == 0)
        #expect(try db.scalar(betty.select(balance)) == 10_100)
    }
}
