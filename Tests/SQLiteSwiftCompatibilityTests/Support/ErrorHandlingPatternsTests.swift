import SQLite
import Testing

/// Error handling as SQLite.swift programs write it: a `catch` of one `Result` case, with or
/// without a final `catch`, in functions that rethrow the rest.
@Suite("Error handling patterns")
struct ErrorHandlingPatternsTests {
    /// A constraint failure caught by its case; anything else propagates.
    func insertIgnoringDuplicates(_ db: Connection, _ email: String) throws -> Bool {
        let before = try db.scalar("SELECT count(*) FROM users") as? Int64 ?? 0
        do {
            try db.run("INSERT INTO users (email) VALUES (?)", email)
        } catch let Result.error(message, code, statement) where code == SQLITE_CONSTRAINT {
            print("constraint failed: \(message), in \(String(describing: statement))")
            return false
        }
        return try db.scalar("SELECT count(*) FROM users") as? Int64 ?? 0 > before
    }

    /// The same with the case matched without a condition.
    func prepareOrReport(_ db: Connection, _ sql: String) throws -> String? {
        do {
            _ = try db.prepare(sql)
            return nil
        } catch let Result.error(message, _, _) {
            return message
        }
    }

    @Test func caseCatchesWithoutAFinalCatch() throws {
        let db = try Connection()
        try db.run("CREATE TABLE users (email TEXT UNIQUE)")
        #expect(try insertIgnoringDuplicates(db, "alice@mac.com"))
        #expect(try insertIgnoringDuplicates(db, "alice@mac.com") == false)
        #expect(try prepareOrReport(db, "SELECT * FROM nowhere") == "no such table: nowhere")
        #expect(try prepareOrReport(db, "SELECT * FROM users") == nil)
    }
}
