import Foundation
import SQLite
import Testing

// SQLite.swift's documented fix for Foundation's `Expression`: an alias to the typed tier's,
// which shadows both imports. SQLite.swift's documentation declares it at the top level of one
// file of the app (module-wide); here it is `private`, so the other files of this test target
// keep the plain two-import behaviour FoundationExpressionTests shows.
private typealias Expression = SQLite.Expression

@Suite("Foundation and SQLite imported together, with SQLite.swift's alias")
struct FoundationExpressionAliasTests {
    let users = Table("users")
    private let email: Expression<String> = Expression<String>("email")
    private let age: Expression<Int?> = Expression<Int?>("age")

    func adults(in db: Connection) throws -> [String] {
        try db.prepare(users.select(email).filter(age >= 18).order(email)).map { $0[email] }
    }

    @Test func expressionInTypePositionsIsTheTypedTiers() throws {
        let db = try Connection()
        try db.run(
            users.create { t in
                t.column(email)
                t.column(age)
            })
        try db.run(users.insert(email <- "bob@mac.com", age <- 12))
        try db.run(users.insert(email <- "alice@mac.com", age <- 30))
        let columns: [Expression<String>] = [email]
        #expect(columns.map(\.template) == [#""email""#])
        #expect(try adults(in: db) == ["alice@mac.com"])
    }
}
