// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import SQLite
import Testing

// SQLite.swift's documentation, "Custom SQL Functions" and "Custom Aggregations", in Swift 5
// mode. The documentation calls Apple's `UTTypeConformsTo` and `kUTTypeImage`; this file
// defines stand-ins of the same shape so the blocks compile unchanged on Linux.

/// A stand-in for MobileCoreServices' function: whether `type` is `conformsTo` or below it.
private func UTTypeConformsTo(_ type: String, _ conformsTo: String) -> Bool {
    type == conformsTo || type.hasPrefix(conformsTo + ".")
}

/// A stand-in for MobileCoreServices' constant.
private let kUTTypeImage = "public.image"

@Suite("Documentation: custom SQL functions and aggregations")
struct CustomFunctionsTests {
    @Test func typedFunction() throws {
        let db = try Connection()
        try db.run("CREATE TABLE attachments (UTI TEXT NOT NULL)")
        try db.run("INSERT INTO attachments VALUES ('public.image.png'), ('public.text'), ('public.image')")
        let log = SQLLog(db)

        let typeConformsTo: (Expression<String>, Expression<String>) -> Expression<Bool> = (
            try db.createFunction("typeConformsTo", deterministic: true) { UTI, conformsToUTI in
                return UTTypeConformsTo(UTI, conformsToUTI)
            }
        )

        let attachments = Table("attachments")
        let UTI = Expression<String>("UTI")

        // The documentation passes Apple's constant straight in; a value becomes an expression
        // through `Expression(value:)`.
        let images = attachments.filter(typeConformsTo(UTI, Expression(value: kUTTypeImage)))
        // SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')
        #expect(images.asSQL() == #"SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')"#)
        #expect(try db.prepare(images).map { $0[UTI] } == ["public.image.png", "public.image"])
        #expect(log.last() == #"SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')"#)
    }

    @Test func untypedFunction() throws {
        let db = try Connection()
        try db.run("CREATE TABLE attachments (UTI TEXT NOT NULL)")
        try db.run("INSERT INTO attachments VALUES ('public.image.png'), ('public.text')")

        // Registered without `try`, as in SQLite.swift. (The documentation's `guard` is Swift 2
        // syntax; today's Swift needs `let` before each binding.)
        db.createFunction("typeConformsTo", deterministic: true) { args in
            guard let UTI = args[0] as? String, let conformsToUTI = args[1] as? String else { return nil }
            return UTTypeConformsTo(UTI, conformsToUTI)
        }

        let stmt = try db.prepare("SELECT * FROM attachments WHERE typeConformsTo(UTI, ?)")
        var found: [String] = []
        for row in stmt.bind(kUTTypeImage) { found.append(row[0] as? String ?? "") }
        #expect(found == ["public.image.png"])
    }

    /// Something that keeps a statement, as the documentation's `someObj` does.
    final class StatementHolder {
        var statement: Statement?
    }

    @Test func longLivedStatementIsReset() throws {
        let db = try Connection()
        try db.run("CREATE TABLE attachments (UTI TEXT NOT NULL)")
        try db.run("INSERT INTO attachments VALUES ('public.image.png')")
        db.createFunction("typeConformsTo", deterministic: true) { args in
            guard let UTI = args[0] as? String, let conformsToUTI = args[1] as? String else { return nil }
            return UTTypeConformsTo(UTI, conformsToUTI)
        }
        let someObj = StatementHolder()
        var count = 0
        someObj.statement = try db.prepare("SELECT * FROM attachments WHERE typeConformsTo(UTI, ?)")
        for row in someObj.statement!.bind(kUTTypeImage) { _ = row; count += 1 }
        someObj.statement!.reset()
        #expect(count == 1)
        #expect(db.isInTransaction == false)
    }

    @Test func customAggregation() throws {
        let (db, _) = try DocDatabase.populated()
        let reduce: (String, [Binding?]) -> String = { (last, bindings) in
            last + " " + (bindings.first as? String ?? "")
        }

        db.createAggregation("customConcat", initialValue: "", reduce: reduce, result: { $0 })
        // The documentation leaves out the `try` that `prepare` and `scalar` need.
        let result = try db.prepare("SELECT customConcat(email) FROM users").scalar() as! String
        #expect(result == " alice@mac.com betty@icloud.com cathy@mac.com")
    }

    @Test func storedBlocks() throws {
        // Blocks kept in variables first, as programs written before Swift 6 do: no `@Sendable`
        // is needed in Swift 5 mode.
        let db = try Connection()
        let conforms: (String, String) -> Bool = { UTTypeConformsTo($0, $1) }
        let typeConformsTo: (Expression<String>, Expression<String>) -> Expression<Bool> =
            try db.createFunction("typeConformsTo", deterministic: true, conforms)
        let untyped: ([Binding?]) -> Binding? = { args in (args[0] as? String)?.uppercased() }
        db.createFunction("shout", argumentCount: 1, deterministic: true, untyped)
        let UTI = Expression<String>("UTI")
        #expect(try db.scalar("SELECT shout('abc')") as? String == "ABC")
        #expect(typeConformsTo(UTI, Expression(value: kUTTypeImage)).asSQL() == #""typeConformsTo"("UTI", 'public.image')"#)
        #expect(try db.scalar("SELECT typeConformsTo('public.image.png', 'public.image')") as? Int64 == 1)
    }
}
