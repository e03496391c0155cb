import SQLiteCore
import Testing

@Suite struct IncrementalBlobTests {
    let db: Connection

    init() throws {
        db = try Connection()
        try db.execute("CREATE TABLE files (id INTEGER PRIMARY KEY, data BLOB)")
        try db.run("INSERT INTO files (data) VALUES (zeroblob(16))")
        try db.run("INSERT INTO files (data) VALUES (x'0102030405')")
    }

    @Test func writesAndReadsInPlace() throws {
        let blob = try db.openBlob(table: "files", column: "data", row: 1)
        #expect(blob.count == 16)
        try blob.write([0xAA, 0xBB], at: 14)
        #expect(try blob.read(count: 2, at: 14) == [0xAA, 0xBB])
        blob.close()
        let stored = try db.scalar("SELECT data FROM files WHERE id = 1") as? Blob
        #expect(stored?.bytes.suffix(2) == [0xAA, 0xBB])
        #expect(stored?.bytes.count == 16)
    }

    @Test func reopenMovesToAnotherRow() throws {
        let blob = try db.openBlob(table: "files", column: "data", row: 1, readOnly: true)
        try blob.reopen(row: 2)
        #expect(blob.count == 5)
        #expect(try blob.read(count: 5) == [1, 2, 3, 4, 5])
    }

    @Test func outOfRangeAccessThrowsInsteadOfGrowing() throws {
        let blob = try db.openBlob(table: "files", column: "data", row: 2)
        #expect(throws: Result.self) { try blob.write([1, 2, 3], at: 4) }
        #expect(throws: Result.self) { try blob.read(count: 1, at: 5) }
        #expect(throws: Result.self) { try blob.read(count: -1, at: 0) }
        #expect(try blob.read(count: 5) == [1, 2, 3, 4, 5])
    }

    @Test func readOnlyBlobRefusesWrites() throws {
        let blob = try db.openBlob(table: "files", column: "data", row: 2, readOnly: true)
        do {
            try blob.write([9], at: 0)
            Issue.record("a read-only blob accepted a write")
        } catch {
            #expect((error as? Result)?.code == SQLITE_READONLY)
        }
    }

    @Test func missingRowOrColumnThrows() throws {
        #expect(throws: Result.self) { try db.openBlob(table: "files", column: "data", row: 99) }
        #expect(throws: Result.self) { try db.openBlob(table: "files", column: "nope", row: 1) }
        #expect(throws: Result.self) { try db.openBlob(table: "nope", column: "data", row: 1) }
    }

    @Test func closedHandleThrows() throws {
        let blob = try db.openBlob(table: "files", column: "data", row: 2)
        blob.close()
        #expect(throws: Result.self) { try blob.read(count: 1) }
        #expect(blob.count == 0)
    }

    @Test func changingTheRowInvalidatesTheHandle() throws {
        let blob = try db.openBlob(table: "files", column: "data", row: 2)
        try db.run("UPDATE files SET data = x'00' WHERE id = 2")
        do {
            _ = try blob.read(count: 1)
            Issue.record("an expired blob handle still read")
        } catch {
            #expect((error as? Result)?.code == SQLITE_ABORT)
        }
    }
}
