import Foundation
import SQLiteTyped
import Testing

/// `Data` through the typed tier: inserted from its own bytes, read back live and copied, an
/// empty value stored as an empty BLOB rather than NULL.
@Suite struct DataColumnTests {
    /// The payloads, each made by the test (a `Data` kept as a test argument for the whole run
    /// hides its buffer's address from the sanitized CI step's leak checker).
    enum Payload: String, CaseIterable {
        case empty, nul, mixed, large

        var data: Data {
            switch self {
            case .empty: Data()
            case .nul: Data([0])
            case .mixed: Data([0x00, 0xFF, 0x00, 0x41])
            case .large: Data(repeating: 7, count: 100_000)
            }
        }
    }

    @Test(arguments: Payload.allCases)
    func insertedDataReadsBackTheSameBytes(kind: Payload) throws {
        let payload = kind.data
        let db = try Connection()
        let files = Table("files")
        let id = Expression<Int64>("id")
        let data = Expression<Data>("data")
        let optional = Expression<Data?>("optional")
        try db.run(
            files.create { table in
                table.column(id, primaryKey: true)
                table.column(data)
                table.column(optional)
            })
        let rowid = try db.run(files.insert(data <- payload, optional <- payload))
        #expect(try db.scalar("SELECT typeof(data) || typeof(optional) FROM files") as? String == "blobblob")
        #expect(try db.scalar("SELECT length(data) FROM files") as? Int64 == Int64(payload.count))
        let rows = try db.prepareRowIterator(files)
        while let row = try rows.failableNext() {
            #expect(try row.get(data) == payload)
            #expect(try row.get(optional) == payload)
        }
        let copied = try #require(try db.pluck(files.filter(id == rowid)))
        #expect(try copied.get(data) == payload)
        #expect(try copied.get(optional) == payload)
        try db.run(files.filter(id == rowid).update(optional <- nil))
        #expect(try db.pluck(files)?.get(optional) == nil)
    }

    @Test func anInsertShowsItsDataAsABlobBinding() {
        let data = Expression<Data>("data")
        let insert = Table("files").insert(data <- Data([1, 2, 3]))
        #expect((insert.bindings.first ?? nil) as? Blob == Blob(bytes: [1, 2, 3]))
    }
}
