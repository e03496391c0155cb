import Foundation
import SQLiteCodable
import Testing

/// Many connections and many record types used from several threads at once: each connection
/// keeps its own record plans and statements, and one connection shared by threads serializes
/// their calls.
@Suite("Records: many connections and record types on several threads")
struct RecordThreadTests {
    /// The failures threads report, gathered under a lock.
    final class Failures: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [String] = []

        func add(_ message: String) {
            lock.lock()
            messages.append(message)
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return messages
        }
    }

    /// Writes and reads back records of four types on `db`, tagged with `thread`; a mismatch is
    /// reported to `failures`.
    static func exercise(_ db: Connection, thread: Int, rounds: Int, _ failures: Failures) throws {
        for round in 0..<rounds {
            let tag = "\(thread)-\(round)"
            let itemID = try db.insert(Item(name: "item \(tag)", price: Double(round)))
            var author = Author(id: nil, name: "author \(tag)")
            try db.save(&author)
            guard let authorID = author.id else {
                failures.add("no id for author \(tag)")
                continue
            }
            var book = Book(id: nil, authorID: authorID, title: "book \(tag)")
            try db.save(&book)
            var country = Country(code: "C\(tag)", displayName: "country \(tag)")
            try db.save(&country)
            if try Item.find(itemID, in: db)?.name != "item \(tag)" { failures.add("item \(tag)") }
            if try Author.find(authorID, in: db)?.name != "author \(tag)" { failures.add("author \(tag)") }
            if let id = book.id, try Book.find(id, in: db)?.authorID != authorID { failures.add("book \(tag)") }
            if try Country.find("C\(tag)", in: db)?.displayName != "country \(tag)" { failures.add("country \(tag)") }
        }
    }

    static func makeTables(_ db: Connection) throws {
        try db.createTable(for: Item.self)
        try db.createTable(for: Author.self)
        try db.createTable(for: Book.self)
        try db.createTable(for: Country.self)
    }

    @Test("each thread's own connection writes and finds records of four types")
    func connectionPerThread() throws {
        let threads = 6
        let rounds = 40
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                let db = try Connection()
                try Self.makeTables(db)
                try Self.exercise(db, thread: thread, rounds: rounds, failures)
                if try Item.fetchAll(in: db).count != rounds { failures.add("item count on \(thread)") }
                if try Country.fetchAll(in: db).count != rounds { failures.add("country count on \(thread)") }
            } catch {
                failures.add("thread \(thread): \(error)")
            }
        }
        #expect(failures.all == [])
    }

    @Test("threads sharing one connection write and find records of four types")
    func sharedConnection() throws {
        let threads = 6
        let rounds = 40
        let db = try Connection()
        try Self.makeTables(db)
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            do {
                try Self.exercise(db, thread: thread, rounds: rounds, failures)
            } catch {
                failures.add("thread \(thread): \(error)")
            }
        }
        #expect(failures.all == [])
        #expect(try Item.fetchAll(in: db).count == threads * rounds)
        #expect(try Book.fetchAll(in: db).count == threads * rounds)
        #expect(try Country.fetchAll(in: db).count == threads * rounds)
    }
}
