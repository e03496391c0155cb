import Foundation
import SQLiteCore
import Testing

@Suite struct SerializeTests {
    @Test func roundTripsThroughBytes() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); INSERT INTO t VALUES (1, 'one'), (2, 'two');")
        let bytes = try db.serialize()
        #expect(bytes.count % 4096 == 0 && bytes.count >= 4096)
        #expect(bytes.prefix(16) == Data("SQLite format 3\0".utf8))

        let copy = try Connection()
        try copy.deserialize(bytes)
        #expect(try copy.selectAll(sql: "SELECT * FROM t ORDER BY id") == [[1, "one"], [2, "two"]])
        // Resizeable: the copy grows as it is written.
        try copy.execute("INSERT INTO t SELECT id + 2, printf('%.5000c', 'x') FROM t")
        #expect(try copy.scalar("SELECT count(*) FROM t") as? Int64 == 4)
        #expect(try copy.serialize().count > bytes.count)
        // The original is untouched.
        #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 2)
    }

    @Test func emptyDatabaseSerializesToNoBytesWhichDeserializeToAnEmptyDatabase() throws {
        let empty = try Connection()
        let bytes = try empty.serialize()
        #expect(bytes.isEmpty || bytes.prefix(15) == Data("SQLite format 3".utf8))
        let db = try Connection()
        try db.execute("CREATE TABLE old (x)")
        try db.deserialize(bytes)
        #expect(try db.scalar("SELECT count(*) FROM sqlite_schema") as? Int64 == 0)
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        #expect(try db.scalar("SELECT x FROM t") as? Int64 == 1)
        #expect(try db.serialize(schema: "temp").isEmpty)
    }

    @Test func readOnlyDeserializationRefusesWrites() throws {
        let source = try Connection()
        try source.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
        let db = try Connection()
        try db.deserialize(try source.serialize(), readOnly: true)
        #expect(try db.scalar("SELECT x FROM t") as? Int64 == 1)
        expectResult(code: SQLITE_READONLY) { try db.run("INSERT INTO t VALUES (2)") }
    }

    @Test func attachedSchemaAndFileDatabase() throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("file.sqlite")
            let file = try Connection(path)
            try file.execute("CREATE TABLE t (x); INSERT INTO t VALUES ('file');")
            let bytes = try file.serialize()
            try file.execute("ATTACH ':memory:' AS aux")
            try file.deserialize(bytes, schema: "aux")
            #expect(try file.scalar("SELECT x FROM aux.t") as? String == "file")
            #expect(try file.serialize(schema: "aux") == bytes)
            // Deserializing main over a file leaves the file as it was.
            try file.deserialize(Data())
            #expect(try file.scalar("SELECT count(*) FROM sqlite_schema") as? Int64 == 0)
            let reopened = try Connection(path)
            #expect(try reopened.scalar("SELECT x FROM t") as? String == "file")
        }
    }

    @Test func errors() throws {
        let db = try Connection()
        expectResult(code: SQLITE_ERROR) { _ = try db.serialize(schema: "nowhere") }
        expectResult(code: SQLITE_ERROR) { try db.deserialize(Data(), schema: "nowhere") }
        try db.close()
        expectResult(code: SQLITE_MISUSE) { _ = try db.serialize() }
        expectResult(code: SQLITE_MISUSE) { try db.deserialize(Data()) }
    }

    @Test(arguments: [
        Data(repeating: 0xAB, count: 4096), Data("not a database at all".utf8), Data(repeating: 0, count: 100),
    ])
    func garbageBytesFailOnUse(bytes: Data) throws {
        let db = try Connection()
        try db.deserialize(bytes)
        do {
            _ = try db.scalar("SELECT count(*) FROM sqlite_schema")
            Issue.record("garbage read as a database")
        } catch let error as Result {
            #expect([SQLITE_NOTADB, SQLITE_CORRUPT].contains(error.code), "\(error)")
        }
    }

    @Test func corruptedDatabaseBytesNeverCrash() throws {
        let source = try Connection()
        try source.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT); CREATE INDEX t_v ON t (v);")
        try source.execute(
            "INSERT INTO t SELECT value, printf('%d-%.50c', value, 'x') FROM (WITH RECURSIVE n(value) AS (SELECT 1 UNION ALL SELECT value + 1 FROM n WHERE value < 200) SELECT value FROM n)"
        )
        let valid = [UInt8](try source.serialize())
        var generator = SeededGenerator(seed: 42)
        for _ in 0..<40 {
            var bytes = valid
            for _ in 0..<20 {
                bytes[Int.random(in: 100..<bytes.count, using: &generator)] = UInt8.random(
                    in: 0...255, using: &generator)
            }
            let db = try Connection()
            try db.deserialize(Data(bytes))
            _ = try? db.selectAll(sql: "SELECT * FROM t WHERE v > '1'")
            _ = try? db.scalar("PRAGMA integrity_check")
        }
    }
}
