import Foundation
import SQLiteCodable
import Testing

@Suite("Records: SQLite's errors keep their codes")
struct RecordErrorCodeTests {
    /// A record write that breaks a unique index.
    enum Write: String, CaseIterable, CustomTestStringConvertible {
        case insert, insertMany, save
        var testDescription: String { rawValue }

        func run(_ item: Item, on db: Connection) throws {
            switch self {
            case .insert: try db.insert(item)
            case .insertMany: try db.insertMany([item])
            case .save:
                var item = item
                try db.save(&item)
            }
        }
    }

    @Test(
        "a constraint error has its codes, message and SQL, with and without extended error codes",
        arguments: Write.allCases,
        [false, true])
    func uniqueViolation(write: Write, extended: Bool) throws {
        let db = try Connection()
        db.usesExtendedErrorCodes = extended
        try db.createTable(for: Item.self)
        try db.execute("CREATE UNIQUE INDEX item_name ON item (name)")
        try db.insert(Item(name: "Pen", price: 1))
        do {
            try write.run(Item(name: "Pen", price: 2), on: db)
            Issue.record("no error thrown")
        } catch let error as Result {
            #expect(error.code == SQLITE_CONSTRAINT)
            #expect(error.extendedCode == (extended ? SQLITE_CONSTRAINT_UNIQUE : SQLITE_CONSTRAINT))
            #expect(error.message == "UNIQUE constraint failed: item.name")
            #expect(error.sql?.hasPrefix("INSERT INTO \"item\"") == true, "\(error.sql ?? "no SQL")")
            if case .extendedError = error { #expect(extended) } else { #expect(!extended) }
        }
        #expect(try db.scalar("SELECT group_concat(price) FROM item") as? String == "1.0")
    }
}
