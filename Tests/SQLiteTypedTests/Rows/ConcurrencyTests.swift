import Foundation
import SQLiteTyped
import Testing

@Suite struct ConcurrencyTests {
    @Test func oneConnectionSharedByTasks() async throws {
        let db = try Doc.database()
        let users = Doc.users
        let id = Doc.id
        let email = Doc.email
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    for item in 0..<100 {
                        // Inside a transaction the connection lock is held while the statement
                        // cache is used: the order that once deadlocked with cache evictions.
                        if item % 10 == 0 {
                            try db.transaction { _ = try db.scalar(users.filter(id == Int64(item)).count) }
                        }
                        let rowid = try db.run(users.insert(email <- "w\(worker)-\(item)@mac.com"))
                        let row = try #require(try db.pluck(users.filter(id == rowid)))
                        #expect(row[email] == "w\(worker)-\(item)@mac.com")
                        for user in try db.prepare(users.select(id, email).filter(id == rowid)) {
                            #expect(user[id] == rowid)
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(try db.scalar(users.count) == 400)
    }
}

/// Many connections on many threads at once, each running the same typed queries and inserts
/// over its own database: what one connection remembers never answers for another.
@Suite struct ManyConnectionsTests {
    @Test func connectionsOnThreadsReadTheirOwnRows() throws {
        let workers = 8
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            do {
                let db = try Connection()
                // Each database has columns in its own order, so a statement or column map of
                // another connection would read the wrong values.
                let columns =
                    worker % 2 == 0 ? "id INTEGER PRIMARY KEY, email TEXT" : "email TEXT, id INTEGER PRIMARY KEY"
                try db.execute("CREATE TABLE users (\(columns))")
                for item in 0..<50 {
                    let email = "w\(worker)-\(item)"
                    let rowid = try db.run(Doc.users.insert(Doc.email <- email))
                    let row = try db.pluck(Doc.users.filter(Doc.id == rowid))
                    if row?[Doc.email] != email || row?[Doc.id] != rowid { failures.add("\(worker)/\(item)") }
                }
                let all = Array(try db.prepare(Doc.users.order(Doc.id)))
                if all.map({ $0[Doc.email] }) != (0..<50).map({ "w\(worker)-\($0)" }) { failures.add("\(worker)") }
            } catch {
                failures.add("\(worker): \(error)")
            }
        }
        #expect(failures.all.isEmpty)
    }

    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var entries: [String] = []
        func add(_ entry: String) { lock.withLock { entries.append(entry) } }
        var all: [String] { lock.withLock { entries } }
    }
}
