import Foundation
import SQLite
import Testing

// SQLite.swift-style programs under Swift 6's strict concurrency checking: the same API as the
// Swift 5 compatibility target, used from tasks, with schema values kept in globals and
// closures handed to SQLite that must be `@Sendable`.

/// Schema values in globals: a Swift 6 program may keep them there only if they are `Sendable`.
let users = Table("users")
let id = SQLite.Expression<Int64>("id")
let email = SQLite.Expression<String>("email")
let name = SQLite.Expression<String?>("name")
let score = SQLite.Expression<Int>("score")

/// A `Codable` row that leaves a task.
struct User: Codable, Sendable, Equatable {
    var id: Int64
    var email: String
    var name: String?
    var score: Int
}

@Suite("SQLite.swift API under Swift 6 strict concurrency")
struct StrictConcurrencyTests {
    func makeDatabase() throws -> Connection {
        let db = try Connection()
        try db.run(
            users.create { t in
                t.column(id, primaryKey: true)
                t.column(email, unique: true)
                t.column(name)
                t.column(score, defaultValue: 0)
            })
        return db
    }

    @Test func connectionSharedByTasks() async throws {
        let db = try makeDatabase()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    try db.transaction {
                        for row in 0..<25 {
                            try db.run(users.insert(email <- "user\(task)-\(row)@mac.com", score <- row))
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try db.scalar(users.count) == 200)
        #expect(try db.scalar(users.select(score.sum)) == 8 * (0..<25).reduce(0, +))
    }

    @Test func rowsLeaveTasksAsSendableValues() async throws {
        let db = try makeDatabase()
        try db.run(users.insert(email <- "alice@mac.com", name <- "Alice", score <- 3))
        try db.run(users.insert(email <- "betty@icloud.com", score <- 5))
        let decoded: [User] = try await Task.detached {
            try db.prepare(users.order(id)).map { try $0.decode() }
        }.value
        #expect(
            decoded == [
                User(id: 1, email: "alice@mac.com", name: "Alice", score: 3),
                User(id: 2, email: "betty@icloud.com", name: nil, score: 5),
            ])
        let emails = try await Task.detached { try db.prepareRowIterator(users).map { $0[email] } }.value
        #expect(emails == ["alice@mac.com", "betty@icloud.com"])
    }

    @Test func sendableCallbacks() async throws {
        let db = try makeDatabase()
        let log = Log()
        db.trace { log.append($0) }
        let double: (SQLite.Expression<Int>) -> SQLite.Expression<Int> = try db.createFunction(
            "double", deterministic: true
        ) { (value: Int) in value * 2 }
        db.createFunction("shout", argumentCount: 1, deterministic: true) { args in
            (args[0] as? String)?.uppercased()
        }
        db.createAggregation(
            "joined", initialValue: "",
            reduce: { (last: String, args: [Binding?]) in last + (args[0] as? String ?? "") },
            result: { $0 })
        try db.createCollation("REVERSED") { lhs, rhs in
            lhs == rhs ? .orderedSame : (lhs > rhs ? .orderedAscending : .orderedDescending)
        }
        try db.run(users.insert(email <- "a@mac.com", score <- 2))
        try db.run(users.insert(email <- "b@mac.com", score <- 4))

        let doubled = try await Task.detached { try db.prepare(users.select(double(score))).map { $0[double(score)] } }
            .value
        #expect(doubled == [4, 8])
        #expect(try db.scalar("SELECT shout(email) FROM users WHERE id = 1") as? String == "A@MAC.COM")
        #expect(try db.scalar("SELECT joined(email) FROM users") as? String == "a@mac.comb@mac.com")
        #expect(try db.prepare(users.order(email.collate(.custom("REVERSED")))).map { $0[id] } == [2, 1])
        #expect(log.entries.contains(#"SELECT "double"("score") FROM "users""#))
    }

    @Test func errorsCrossTasks() async throws {
        let db = try makeDatabase()
        try db.run(users.insert(email <- "alice@mac.com"))
        let failure = await Task.detached { () -> Result? in
            do {
                try db.run(users.insert(email <- "alice@mac.com"))
                return nil
            } catch let error as Result {
                return error
            } catch {
                return nil
            }
        }.value
        guard case .error(let message, let code, _)? = failure else {
            Issue.record("expected a constraint error, got \(String(describing: failure))")
            return
        }
        #expect(code == SQLITE_CONSTRAINT)
        #expect(message == "UNIQUE constraint failed: users.email")
    }
}

/// Statements seen by `trace`, collected from whatever thread SQLite runs them on.
final class Log: Sendable {
    private let storage = Locked<[String]>([])
    func append(_ entry: String) { storage.withLock { $0.append(entry) } }
    var entries: [String] { storage.withLock { $0 } }
}
