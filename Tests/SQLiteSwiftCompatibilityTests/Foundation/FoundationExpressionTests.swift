import Foundation
import SQLite
import Testing

// A SQLite.swift program that imports Foundation, as most apps do, with no alias. Foundation
// declares an `Expression` of its own (swift-foundation's, here on Linux as in the macOS 15 and
// iOS 18 SDKs), so this file sees two:
// - a call, `Expression<String>("email")`, finds the typed tier's: Foundation's has no such
//   initializer, so the call is not ambiguous;
// - a type, `let x: Expression<String>`, is ambiguous ("'Expression' is ambiguous for type
//   lookup in this context") and does not compile: this file writes `SQLite.Expression<T>`
//   there (or `SQLExpression<T>`), as SQLite.swift's README does.
// Documentation/Migrating.md says the same.

@Suite("Foundation and SQLite imported together, no alias")
struct FoundationExpressionTests {
    @Test func aCallToExpressionMakesTheTypedTiersExpression() throws {
        let email = Expression<String>("email")
        let age = Expression<Int?>("age")
        // Typed as ours: the constants above are the typed tier's expressions.
        let typedEmail: SQLite.Expression<String> = email
        let typedAge: SQLExpression<Int?> = age
        let db = try Connection()
        let users = Table("users")
        try db.run(
            users.create { t in
                t.column(typedEmail)
                t.column(typedAge)
            })
        try db.run(users.insert(email <- "alice@mac.com", age <- 30))
        #expect(users.select(email).filter(age > 18).asSQL() == #"SELECT "email" FROM "users" WHERE ("age" > 18)"#)
        #expect(try db.pluck(users.filter(age > 18))?[typedEmail] == "alice@mac.com")
    }

    /// Foundation's `Expression` is there, under its module's name, where the system has it.
    @Test func foundationsExpressionIsAnotherType() {
        if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, *) {
            let foundations: Any.Type = Foundation.Expression<Int, Bool>.self
            #expect(foundations != SQLite.Expression<Bool>.self)
        }
    }
}
