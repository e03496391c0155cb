import Foundation
import SQLiteCodable
import Testing

/// The calls on the process-wide default database: one serialized suite, which puts the
/// default back as it was after each test (other suites run meanwhile, and use explicit
/// databases, named ones or per-type ones).
@Suite("Records: the default database", .serialized)
struct RecordDatabaseTests {
    let price = SQLExpression<Double>("price")
    let name = SQLExpression<String>("name")

    /// Runs `body` with `database` as the default, then puts the previous default back.
    func withDefault<T>(_ database: RecordDatabase?, _ body: () throws -> T) throws -> T {
        let previous = RecordDatabase.default
        RecordDatabase.setDefault(database)
        defer { RecordDatabase.setDefault(previous) }
        return try body()
    }

    /// The async `withDefault`.
    func withDefault<T>(_ database: RecordDatabase?, _ body: () async throws -> T) async throws -> T {
        let previous = RecordDatabase.default
        RecordDatabase.setDefault(database)
        defer { RecordDatabase.setDefault(previous) }
        return try await body()
    }

    @Test(
        "save, insert, find, findAll, update, delete, deleteAll, insertBatch on the default database",
        arguments: RecordDatabaseKind.allCases)
    func syncCalls(kind: RecordDatabaseKind) throws {
        let (database, close) = try kind.make()
        defer { close() }
        try withDefault(database) {
            try Item.createTable()
            var pen = Item(name: "Pen", price: 1.5)
            try pen.save()
            #expect(pen.id == 1)
            pen.price = 2
            try pen.save()
            var ink = Item(name: "Ink", price: 3)
            #expect(try ink.insert() == 2)
            #expect(ink.id == 2)
            #expect(try Item.insertBatch([Item(name: "Cap", price: 0.5), Item(name: "Nib", price: 4)]) == [3, 4])
            #expect(try Item.findAll().count == 4)
            #expect(try Item.findAll(price > 1.9).count == 3)
            #expect(try Item.find(1) == pen)
            #expect(try Item.find(9) == nil)
            #expect(try Item.findAll(name == "Ink").first?.id == 2)
            #expect(try Item.findAll(orders: [price.asc], limit: 1).first?.name == "Cap")
            #expect(try Item.findAll(price > 1, orders: [price.desc]).map(\.name) == ["Nib", "Ink", "Pen"])
            #expect(try Item.findAll(orders: [name.asc], limit: 2, offset: 1).map(\.name) == ["Ink", "Nib"])
            #expect(try Item.findAll(Item.table.filter(price < 3).order(name).limit(2)).map(\.name) == ["Cap", "Pen"])
            #expect(try Item.findAll(Item.table.order(price.desc)).first?.name == "Nib")
            #expect(try Item.findFirst("name", value: "Cap")?.price == 0.5)
            #expect(try Item.findFirst("name", value: "Quill") == nil)
            ink.price = 5
            #expect(try ink.update())
            #expect(try Item.find(2)?.price == 5)
            #expect(try ink.delete())
            #expect(try !ink.delete())
            #expect(try Item.deleteAll(price < 1) == 1)
            #expect(try Item.findAll().map(\.name) == ["Pen", "Nib"])
            #expect(try Item.deleteAll() == 2)
            #expect(try Item.findAll().isEmpty)
        }
    }

    @Test("with no default database, every call throws noDatabase naming the type")
    func missingDefault() throws {
        try withDefault(nil) {
            #expect(throws: RecordError.noDatabase(type: "Item", name: nil)) { try Item.findAll() }
            var item = Item(name: "Pen", price: 1)
            #expect(throws: RecordError.noDatabase(type: "Item", name: nil)) { try item.save() }
            #expect(throws: RecordError.noDatabase(type: "Item", name: nil)) { try Item.createTable() }
            #expect(throws: RecordError.self) { try RecordDatabase.transaction { _ in } }
            let error = RecordError.noDatabase(type: "Item", name: nil)
            #expect(error.description.contains("RecordDatabase.setDefault"))
        }
    }

    @Test(
        "a transaction on the default database: record calls inside join it, a throw undoes them all",
        arguments: RecordDatabaseKind.allCases)
    func transaction(kind: RecordDatabaseKind) throws {
        struct Failure: Error {}
        let (database, close) = try kind.make()
        defer { close() }
        try withDefault(database) {
            try Item.createTable()
            try RecordDatabase.transaction { _ in
                var item = Item(name: "a", price: 1)
                try item.save()
                try Item.insertBatch([Item(name: "b", price: 2)])
                #expect(try Item.findAll().count == 2)
            }
            #expect(try Item.findAll().count == 2)
            #expect(throws: Failure.self) {
                try RecordDatabase.transaction { db in
                    try Item.deleteAll()
                    try db.insert(Item(name: "c", price: 3))
                    throw Failure()
                }
            }
            #expect(try Item.findAll().map(\.name) == ["a", "b"])
        }
    }

    @Test(
        "the async transaction commits, or rolls back when its closure throws", arguments: RecordDatabaseKind.allCases)
    func asyncTransaction(kind: RecordDatabaseKind) async throws {
        struct Failure: Error {}
        let (database, close) = try kind.make()
        defer { close() }
        try await withDefault(database) {
            try database.transaction { db in try db.createTable(for: Item.self) }
            let ids = try await RecordDatabase.transaction { db in
                try db.insertMany([Item(name: "a", price: 1), Item(name: "b", price: 2)])
            }
            #expect(ids == [1, 2])
            await #expect(throws: Failure.self) {
                try await RecordDatabase.transaction { db in
                    try Item.deleteAll(in: db)
                    throw Failure()
                }
            }
            #expect(try Item.findAll().count == 2)
        }
    }

    @Test(
        "the async transaction(nil) on the default database runs without a transaction (SkipSQL)",
        arguments: RecordDatabaseKind.allCases)
    func asyncWithoutTransaction(kind: RecordDatabaseKind) async throws {
        struct Stop: Error {}
        let (database, close) = try kind.make()
        defer { close() }
        try await withDefault(database) {
            try database.transaction { db in try db.createTable(for: Item.self) }
            await #expect(throws: Stop.self) {
                try await RecordDatabase.transaction(nil) { @Sendable db in
                    #expect(!db.isInTransaction)
                    try db.run(#"INSERT INTO "item" ("name", "price") VALUES (?, ?)"#, "async", 1.0)
                    throw Stop()
                }
            }
            #expect(try Item.findAll().map(\.name) == ["async"])
        }
    }

    @Test("setDefault(path:) opens a queue on a file, and the default can be set from many threads")
    func defaultFromAFile() throws {
        let file = TemporaryDatabaseFile()
        defer { file.remove() }
        let previous = RecordDatabase.default
        defer { RecordDatabase.setDefault(previous) }
        let database = try RecordDatabase.setDefault(path: file.path)
        try Item.createTable()
        var item = Item(name: "Pen", price: 1)
        try item.save()
        let reopened = try Connection(file.path)
        #expect(try Item.count(in: reopened) == 1)
        let other = RecordDatabase(try Connection())
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            RecordDatabase.setDefault(index.isMultiple(of: 2) ? database : other)
            _ = RecordDatabase.default
        }
        RecordDatabase.setDefault(database)
        #expect(try Item.findAll().count == 1)
    }
}
