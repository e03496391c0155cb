import Foundation
import SQLiteCodable
import Testing

/// SkipSQL's `transaction(nil)` on a record database: no transaction, on the writer.
@Suite("Records: RecordDatabase.transaction(nil) runs without a transaction, on the writer")
struct RecordTransactionModeTests {
    struct Note: Record {
        static let createsTableOnFirstUse = true
        var id: Int64 = 0
        var text: String
    }

    struct Stop: Error, Equatable {}

    func prepare(_ database: RecordDatabase) throws {
        _ = try database.transaction { db in try db.syncTable(for: Note.self) }
    }

    func notes(_ database: RecordDatabase) throws -> [String] {
        try database.read { db in try Note.fetchAll(in: db).map(\.text) }
    }

    @Test(
        "a throw keeps what ran before it; each statement committed on its own", arguments: RecordDatabaseKind.allCases)
    func throwKeepsEarlierWrites(kind: RecordDatabaseKind) throws {
        let (database, close) = try kind.make()
        defer { close() }
        try prepare(database)
        #expect(throws: Stop()) {
            try database.transaction(nil) { db in
                #expect(!db.isInTransaction)
                var first = Note(text: "one")
                try db.save(&first)
                try db.insertMany([Note(text: "two"), Note(text: "three")])  // its own transaction
                throw Stop()
            }
        }
        #expect(try notes(database) == ["one", "two", "three"])
    }

    @Test("on a queue or pool the closure has the writer, which writes", arguments: RecordDatabaseKind.allCases)
    func holdsTheWriter(kind: RecordDatabaseKind) throws {
        let (database, close) = try kind.make()
        defer { close() }
        try prepare(database)
        let written = try database.transaction(nil) { db -> Int64 in
            try db.run(#"INSERT INTO "note" ("text") VALUES (?)"#, "written")
            #expect((try db.scalar("PRAGMA query_only") as? Int64) == 0)
            return db.lastInsertRowid
        }
        #expect(written == 1)
        #expect(try notes(database) == ["written"])
    }

    @Test(
        "nested inside a real transaction it runs as part of it, and the outer rollback undoes it",
        arguments: RecordDatabaseKind.allCases)
    func nested(kind: RecordDatabaseKind) throws {
        let (database, close) = try kind.make()
        defer { close() }
        try prepare(database)
        #expect(throws: Stop()) {
            try database.transaction { db in
                try database.transaction(nil) { inner in
                    #expect(inner === db)
                    #expect(inner.isInTransaction)
                    var note = Note(text: "undone")
                    try inner.save(&note)
                }
                throw Stop()
            }
        }
        #expect(try notes(database).isEmpty)
    }

    @Test(
        "other modes run in a transaction of that mode, rolled back on a throw",
        arguments: [Connection.TransactionMode.deferred, .immediate, .exclusive])
    func otherModes(mode: Connection.TransactionMode) throws {
        for kind in RecordDatabaseKind.allCases {
            let (database, close) = try kind.make()
            defer { close() }
            try prepare(database)
            #expect(throws: Stop()) {
                try database.transaction(mode) { db in
                    #expect(db.isInTransaction)
                    var note = Note(text: "undone")
                    try db.save(&note)
                    throw Stop()
                }
            }
            try database.transaction(mode) { db in
                var note = Note(text: "kept")
                try db.save(&note)
            }
            #expect(try notes(database) == ["kept"])
        }
    }
}
