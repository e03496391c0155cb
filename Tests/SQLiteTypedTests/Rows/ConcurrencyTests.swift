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
