import Foundation
import SQLiteCore
import Testing

/// Foundation's `Data` as a first-class value: bound from its bytes, read straight from a BLOB,
/// through every way Core binds and reads.
@Suite struct DataTests {
    let db: Connection

    init() throws {
        db = try Connection()
        try db.execute("CREATE TABLE files (id INTEGER PRIMARY KEY, data)")
    }

    /// The payloads, each made by the test that uses it: a `Data` kept for the whole run (as
    /// test arguments are) stores its buffer's address in tagged form, which the leak checker
    /// of the sanitized CI step cannot follow, so it would report the buffer as leaked.
    enum Payload: String, CaseIterable {
        case empty, nul, mixed, megabyte

        var data: Data {
            switch self {
            case .empty: Data()
            case .nul: Data([0])
            case .mixed: Data([0x00, 0xFF, 0x00, 0x41, 0x00])
            case .megabyte: Data((0..<1_048_576).map { (index: Int) in UInt8(truncatingIfNeeded: index &* 31) })
            }
        }
    }

    /// What the table holds for row `id`: SQLite's `typeof` and `length`.
    private func stored(_ id: Int64) throws -> (type: String, length: Int64) {
        let statement = try db.prepare("SELECT typeof(data), length(data) FROM files WHERE id = ?", id)
        #expect(try statement.step())
        return (statement.row[0], statement.row[1])
    }

    /// Reads row `id` back through each reader, checking they agree with `data`.
    private func expectReads(_ id: Int64, _ data: Data, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let kind = try stored(id)
        #expect(kind.type == "blob", sourceLocation: sourceLocation)
        #expect(kind.length == Int64(data.count), sourceLocation: sourceLocation)
        let statement = try db.prepare("SELECT data FROM files WHERE id = ?", id)
        #expect(try statement.step())
        let subscripted: Data = statement.row[0]
        #expect(subscripted == data, sourceLocation: sourceLocation)
        #expect(try statement.row.get(Data.self, at: 0) == data, sourceLocation: sourceLocation)
        #expect(statement.row.sqlValue(at: 0).dataValue == data, sourceLocation: sourceLocation)
        #expect((statement.row[0] as Blob).bytes == [UInt8](data), sourceLocation: sourceLocation)
    }

    @Test(arguments: Payload.allCases)
    func positionalRunRoundTrips(payload: Payload) throws {
        let data = payload.data
        try db.run("INSERT INTO files (id, data) VALUES (?, ?)", Int64(1), data)
        try expectReads(1, data)
    }

    @Test(arguments: Payload.allCases)
    func optionalArrayAndVariadicRunRoundTrip(payload: Payload) throws {
        let data = payload.data
        let optional: Data? = data
        try db.run("INSERT INTO files (id, data) VALUES (?, ?)", 1, optional)
        try db.prepare("INSERT INTO files (id, data) VALUES (?, ?)").run([Int64(2), data])
        try expectReads(1, data)
        try expectReads(2, data)
    }

    @Test(arguments: Payload.allCases)
    func namedParametersRoundTrip(payload: Payload) throws {
        let data = payload.data
        let insert = try db.prepare("INSERT INTO files (id, data) VALUES (:id, :data)")
        try insert.run(named: .init(":id", Int64(1)), .init(":data", data))
        try insert.run([":id": Int64(2), ":data": data])
        try expectReads(1, data)
        try expectReads(2, data)
    }

    @Test func emptyDataBindsAnEmptyBlobNotNull() throws {
        try db.run("INSERT INTO files (id, data) VALUES (?, ?)", Int64(1), Data())
        let kind = try stored(1)
        #expect(kind.type == "blob")
        #expect(kind.length == 0)
        #expect(try db.scalar("SELECT data IS NULL FROM files") as? Int64 == 0)
    }

    @Test func dataIsAnSQLValueBlob() throws {
        let data = Data([0xDE, 0xAD, 0x00])
        #expect(try SQLValue(data as Binding?) == .blob(Blob(bytes: [0xDE, 0xAD, 0x00])))
        #expect(SQLValue(data) == .blob(data))
        try db.run("INSERT INTO files (id, data) VALUES (?, ?)", Int64(1), SQLValue.blob(data))
        try expectReads(1, data)
    }

    @Test func dataReadsTextAsItsBytesAndThrowsForNumbers() throws {
        let statement = try db.prepare("SELECT 'hé', 42, NULL")
        #expect(try statement.step())
        #expect(try statement.row.get(Data.self, at: 0) == Data("hé".utf8))
        #expect(throws: Result.self) { try statement.row.get(Data.self, at: 1) }
        #expect(throws: Result.self) { try statement.row.get(Data.self, at: 2) }
        // The subscript keeps SQLite's conversions: NULL is empty, a number its text's bytes.
        #expect(statement.row[2] as Data == Data())
        #expect(statement.row[1] as Data == Data("42".utf8))
    }
}
