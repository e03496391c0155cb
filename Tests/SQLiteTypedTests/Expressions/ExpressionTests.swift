import SQLiteTyped
import Testing

@Suite struct ExpressionTests {
    @Test func identifiersAreQuoted() {
        #expect(Expression<Int64>("id").template == #""id""#)
        #expect(Expression<String>(#"we"ird"#).template == #""we""ird""#)
        #expect(Expression<Int64>("id").bindings.isEmpty)
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
