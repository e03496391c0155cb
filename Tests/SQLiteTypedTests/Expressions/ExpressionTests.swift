import SQLiteTyped
import Testing

@Suite struct ExpressionTests {
    @Test func identifiersAreQuoted() {
        #expect(Expression<Int64>("id").template == #""id""#)
        #expect(Expression<String>(#"we"ird"#).template == #""we""ird""#)
        #expect(Expression<Int64>("id").bindings.isEmpty)
    }

    /// Names holding quotes work end to end, also a quote followed by a combining mark (one
    /// Character to Swift, a quote to SQLite).
    @Test(arguments: [
        (#"we"ird"#, #""we""ird""#), ("a\"\u{301}b", "\"a\"\"\u{301}b\""), (#"""#, #""""""#),
    ])
    func quotedNamesNameThemselvesInARealDatabase(name: String, quoted: String) throws {
        let table = Table(name)
        let column = Expression<String>(name)
        #expect(column.template == quoted)
        #expect(table.select(column).asSQL() == "SELECT \(quoted) FROM \(quoted)")
        let db = try Connection()
        try db.run(table.create { $0.column(column) })
        try db.run(table.insert(column <- "value"))
        #expect(try db.pluck(table.select(column))?[column] == "value")
        #expect(try db.scalar("SELECT name FROM sqlite_master") as? String == name)
    }

    @Test func literalsAreUsedAsWritten() {
        #expect(Expression<Int>(literal: "count(*)").template == "count(*)")
    }

    @Test func valuesAreBound() {
        let value = Expression<String>(value: "o'hara")
        #expect(value.template == "?")
        #expect(value.bindings.count == 1)
        #expect(value.asSQL() == "'o''hara'")
        #expect(Expression<String?>.null.asSQL() == "NULL")
    }

    @Test func descriptionInlinesBindings() {
        let email = Doc.email
        #expect((email == "alice@mac.com").description == #"("email" = 'alice@mac.com')"#)
        #expect(Expression<Void>("? ?", [Blob(bytes: [0xde, 0xad]), 1.5]).description == "x'dead' 1.5")
    }

    @Test func questionMarksInsideQuotesAreNotPlaceholders() {
        let weird = Expression<String>("what?")
        #expect((weird == "x").asSQL() == #"("what?" = 'x')"#)
    }

    @Test func castRendersDeclaredType() {
        let age = Doc.age
        let text: Expression<String?> = cast(age)
        #expect(text.asSQL() == #"CAST ("age" AS TEXT)"#)
    }

    @Test func sentenceFromTheDocumentation() throws {
        let name = Doc.name
        let age = Doc.age
        let sentence = name + " is " + cast(age) as Expression<String?> + " years old!"
        let query = Doc.users.select(sentence)
        #expect(
            query.asSQL() == #"SELECT ((("name" || ' is ') || CAST ("age" AS TEXT)) || ' years old!') FROM "users""#)
        let db = try Doc.populated()
        let row = try #require(try db.pluck(query))
        #expect(row[sentence] == "Alice is 30 years old!")
    }

    @Test func sqlExpressionAlias() {
        let id = SQLExpression<Int64>("id")
        #expect(id.template == #""id""#)
    }
}
