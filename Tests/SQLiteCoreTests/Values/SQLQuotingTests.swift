import SQLiteCore
import Testing

/// Core's quoting, which every tier uses: the SQL it writes, and SQLite reading it back as the
/// very name or text it was given.
@Suite struct SQLQuotingTests {
    static let identifiers: [(name: String, quoted: String)] = [
        ("email", #""email""#),
        ("", #""""#),
        (#"my "table""#, #""my ""table""""#),
        (#"""#, #""""""#),
        ("select", #""select""#),
        ("it's", #""it's""#),
        ("naïve ✓", #""naïve ✓""#),
        // A quote and a combining mark make one Character, but SQLite sees the quote.
        ("a\"\u{301}b", "\"a\"\"\u{301}b\""),
    ]

    @Test(arguments: identifiers)
    func identifierIsQuotedAndNamesItself(name: String, quoted: String) throws {
        #expect(name.quotedIdentifier == quoted)
        let db = try Connection()
        try db.execute("CREATE TABLE \(quoted) (\(quoted) TEXT)")
        #expect(try db.scalar("SELECT name FROM sqlite_master WHERE type = 'table'") as? String == name)
        try db.run("INSERT INTO \(quoted) (\(quoted)) VALUES (?)", "row")
        #expect(try db.scalar("SELECT \(quoted) FROM \(quoted)") as? String == "row")
        #expect(try db.prepare("SELECT \(quoted) FROM \(quoted)").columnNames == [name])
    }

    /// Reading a quoted name or text back: each doubled quote one again, byte by byte.
    @Test(arguments: identifiers)
    func undoublingQuotesReadsTheQuotedNameBack(name: String, quoted: String) {
        #expect(String(quoted.utf8.dropFirst().dropLast())?.undoublingQuotes(UInt8(ascii: "\"")) == name)
    }

    static let texts: [(text: String, quoted: String)] = [
        ("alice", "'alice'"),
        ("", "''"),
        ("it's", "'it''s'"),
        ("''", "''''''"),
        (#"say "hi""#, #"'say "hi"'"#),
        ("a'\u{301}b", "'a''\u{301}b'"),
    ]

    @Test(arguments: texts)
    func literalIsQuotedAndReadsBackAsItself(text: String, quoted: String) throws {
        #expect(text.quotedLiteral == quoted)
        let db = try Connection()
        #expect(try db.scalar("SELECT \(quoted)") as? String == text)
    }

    @Test func savepointNamesAreQuoted() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x)")
        try db.savepoint("it's \"mine\"") {
            try db.run("INSERT INTO t VALUES (1)")
        }
        #expect(throws: TestError.self) {
            try db.savepoint("it's") {
                try db.run("INSERT INTO t VALUES (2)")
                throw TestError()
            }
        }
        #expect(try db.scalar("SELECT group_concat(x) FROM t") as? String == "1")
    }

    @Test("a quoted name reads back as the name it quotes", arguments: identifiers)
    func leadingQuotedNameReversesQuoting(name: String, quoted: String) {
        let parsed = (quoted + " = ?")[...].leadingQuotedName
        #expect(parsed?.name == name)
        #expect(parsed?.rest == " = ?")
    }

    @Test(
        "the last part of a qualified name, and no name where there is none",
        arguments: [
            (#""main"."users"."email""#, "email", ""),
            (#""users".email"#, "users", ".email"),
            (#""users" AS "u""#, "users", #" AS "u""#),
        ])
    func leadingQuotedNameOfQualifiedNames(text: String, name: String, rest: String) {
        let parsed = text[...].leadingQuotedName
        #expect(parsed?.name == name)
        #expect(parsed.map { String($0.rest) } == rest)
    }

    @Test(arguments: ["email", #""unterminated"#, "", #"x"y""#])
    func noLeadingQuotedName(text: String) {
        #expect(text[...].leadingQuotedName == nil)
    }
}
