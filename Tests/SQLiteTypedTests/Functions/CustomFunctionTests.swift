import SQLiteTyped
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Foundation has its own `Expression`; this file means SQLiteTyped's.
private typealias Expression = SQLiteTyped.Expression

@Suite struct CustomFunctionTests {
    @Test func typedFunctions() throws {
        let db = try Connection()
        let attachments = Table("attachments")
        let uti = Expression<String>("UTI")
        try db.run(attachments.create { t in t.column(uti) })
        try db.run(attachments.insert(uti <- "public.image"))
        try db.run(attachments.insert(uti <- "public.text"))
        let typeConformsTo: (Expression<String>, Expression<String>) -> Expression<Bool> = try db.createFunction(
            "typeConformsTo", deterministic: true
        ) { uti, conformsTo in uti == conformsTo }
        let images = attachments.filter(typeConformsTo(uti, Expression(value: "public.image")))
        #expect(images.asSQL() == #"SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')"#)
        #expect(try db.scalar(images.count) == 1)

        let answer: () -> Expression<Int64> = try db.createFunction("answer") { 42 }
        #expect(try db.scalar(answer()) == 42)
        let greet: (Expression<String?>) -> Expression<String> = try db.createFunction("greet") { name in
            "hello \(name ?? "you")"
        }
        #expect(try db.scalar(greet(Expression<String?>.null)) == "hello you")
        let add3: (Expression<Int>, Expression<Int>, Expression<Int>) -> Expression<Int> = try db.createFunction("add3")
        {
            $0 + $1 + $2
        }
        #expect(try db.scalar(add3(Expression(value: 1), Expression(value: 2), Expression(value: 3))) == 6)
        let join5:
            (Expression<String>, Expression<String>, Expression<String>, Expression<String>, Expression<String>) ->
                Expression<String> = try db.createFunction("join5") { [$0, $1, $2, $3, $4].joined() }
        let a = Expression<String>(value: "a")
        #expect(try db.scalar(join5(a, a, a, a, a)) == "aaaaa")
        // A NULL for a non-optional argument is an SQL error, not a crash.
        let twice: (Expression<Int64>) -> Expression<Int64> = try db.createFunction("twice") { $0 * 2 }
        #expect(throws: Result.self) { try db.scalar(twice(Expression<Int64>(literal: "NULL"))) }
    }

    @Test func untypedFunctionReturningBool() throws {
        let db = try Connection()
        db.createFunction("isEven", argumentCount: 1, deterministic: true) { args in
            guard let value = args[0] as? Int64 else { return nil }
            return value % 2 == 0
        }
        #expect(try db.scalar("SELECT isEven(4)") as? Int64 == 1)
    }

    @Test func customCollation() throws {
        let db = try Doc.populated()
        try db.createCollation("REVERSE") { lhs, rhs in
            lhs == rhs ? .orderedSame : (lhs > rhs ? .orderedAscending : .orderedDescending)
        }
        let query = Doc.users.select(Doc.email).order(Doc.email.collate(.custom("REVERSE")))
        #expect(query.asSQL() == #"SELECT "email" FROM "users" ORDER BY ("email" COLLATE "REVERSE")"#)
        #expect(
            Doc.users.order(collate(.custom("NODIACRITIC"), Doc.name)).asSQL()
                == #"SELECT * FROM "users" ORDER BY ("name" COLLATE "NODIACRITIC")"#)
        let emails = try db.prepareRowIterator(query).map { $0[Doc.email] }
        #expect(emails == ["cathy@mac.com", "betty@icloud.com", "alice@mac.com"])
        #expect(try db.scalar(Doc.users.filter(Doc.email.collate(.nocase) == "ALICE@MAC.COM").count) == 1)
    }
}
