import SQLiteTyped
import Testing

/// The typed tier's cached statements never keep a connection from closing; a row iterator the
/// caller still holds does, as any statement of the caller's.
@Suite struct TypedCloseTests {
    @Test func theTypedTiersCachesDoNotCount() throws {
        let db = try Doc.populated()
        _ = Array(try db.prepare(Doc.users.order(Doc.id)))
        _ = try db.prepareRowIterator(Doc.users).map { $0[Doc.email] }
        _ = try db.pluck(Doc.users.filter(Doc.id == 1))
        _ = try db.scalar(Doc.users.count)
        try db.run(Doc.users.insert(Doc.email <- "dora@mac.com"))
        try db.run(Doc.users.filter(Doc.id == 1).update(Doc.name <- "Al"))
        _ = try db.prepareRowIterator("SELECT id FROM users WHERE id > ?", bindings: 0).map { $0[Doc.id] }
        // A query whose loop stopped early (its statement went back to the cache part way).
        for _ in try db.prepare(Doc.users) { break }
        try db.close()
    }

    @Test func aRowIteratorStillHeldRefusesTheClose() throws {
        let db = try Doc.populated()
        var iterator: RowIterator? = try db.prepareRowIterator(Doc.users.order(Doc.id))
        #expect(try iterator?.failableNext()?[Doc.id] == 1)
        let error = #expect(throws: Result.self) { try db.close() }
        #expect(error?.code == SQLITE_BUSY)
        #expect(try iterator?.failableNext()?[Doc.id] == 2)
        iterator = nil
        try db.close()
    }
}
