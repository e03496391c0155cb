import Foundation
import SQLiteCodable
import Testing

/// A type that creates its table on first use, used for the first time inside
/// `RecordDatabase.read`: a pool's writer makes the table before the read reads it; where
/// nothing can make it (a queue's busy connection, a pool read that already read, a read-only
/// database) the record call throws `RecordError.tableNotSynced`, never SQLite's "attempt to
/// write a readonly database".
@Suite("Records: first use inside a read")
struct FirstUseInsideReadTests {
    struct Note: Record, Equatable {
        static let createsTableOnFirstUse = true
        static var indexes: [RecordIndex] { [RecordIndex("title")] }
        var id: Int64 = 0
        var title: String
    }

    /// How the record call inside the read names its database.
    static func expectNotSynced(_ body: () throws -> Void, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            try body()
            Issue.record("expected RecordError.tableNotSynced", sourceLocation: sourceLocation)
        } catch let error as RecordError {
            #expect(error == .tableNotSynced(type: "Note", table: "note"), sourceLocation: sourceLocation)
            #expect("\(error)".contains("syncTable(for: Note.self)"), sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected RecordError.tableNotSynced, got \(error)", sourceLocation: sourceLocation)
        }
    }

    @Test(
        "first use inside read works on a pool and a connection; a queue throws the library's error",
        arguments: RecordDatabaseKind.allCases)
    func firstUse(kind: RecordDatabaseKind) throws {
        let (database, close) = try kind.make()
        defer { close() }
        if kind == .queue {
            Self.expectNotSynced { _ = try database.read { db in try Note.fetchAll(in: db) } }
            // Synced once, the type reads inside read.
            try database.transaction { db in _ = try db.syncTable(for: Note.self) }
        }
        #expect(try database.read { db in try Note.fetchAll(in: db) } == [])
        var note = Note(title: "first")
        try database.transaction { db in try db.save(&note) }
        #expect(try database.read { db in try Note.fetchAll(in: db) } == [note])
        #expect(try database.read { db in try columnNames("note", db) } == ["id", "title"])
    }

    @Test("a pool read that read before the type's first use cannot see the table the writer makes then")
    func poolReadThatAlreadyRead() throws {
        let (database, close) = try RecordDatabaseKind.pool.make()
        defer { close() }
        try database.transaction { db in try db.execute("CREATE TABLE other (x); INSERT INTO other VALUES (1)") }
        Self.expectNotSynced {
            _ = try database.read { db in
                _ = try db.scalar("SELECT count(*) FROM other")
                return try Note.fetchAll(in: db)
            }
        }
        // The writer made it all the same: the next read sees it.
        #expect(try database.read { db in try Note.fetchAll(in: db) } == [])
    }

    @Test("a read-only pool or queue reads an existing table, and throws the library's error for a missing one")
    func readOnlyDatabases() throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        do {
            let pool = try DatabasePool(path: file.path)
            try pool.write { db in try db.execute("CREATE TABLE unrelated (x)") }
            try pool.close()
        }
        var configuration = Configuration()
        configuration.readonly = true
        let readOnlyPool = try DatabasePool(path: file.path, configuration: configuration)
        defer { try? readOnlyPool.close() }
        Self.expectNotSynced { _ = try RecordDatabase(readOnlyPool).read { db in try Note.fetchAll(in: db) } }
        let readOnlyConnection = try Connection(file.path, readonly: true)
        Self.expectNotSynced { _ = try Note.fetchAll(in: readOnlyConnection) }

        do {
            let pool = try DatabasePool(path: file.path)
            var note = Note(title: "kept")
            try pool.write { db in try db.save(&note) }
            try pool.close()
        }
        let reopened = try DatabasePool(path: file.path, configuration: configuration)
        defer { try? reopened.close() }
        #expect(try RecordDatabase(reopened).read { db in try Note.fetchAll(in: db) }.map(\.title) == ["kept"])
        let readOnlyQueue = try DatabaseQueue(path: file.path, configuration: configuration)
        defer { try? readOnlyQueue.close() }
        #expect(try readOnlyQueue.read { db in try Note.count(in: db) } == 1)
    }
}
