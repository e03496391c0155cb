import SQLiteTyped
import Testing

/// A shape stored as its name; `fromDatatypeValue` makes the subclass the name says, so the
/// subclasses' `ValueType` is `Shape`, not themselves.
class Shape: Value {
    class var declaredDatatype: String { "TEXT" }
    class func fromDatatypeValue(_ name: String) -> Shape { name == "circle" ? Circle() : Square() }
    var datatypeValue: String { "shape" }
}

final class Circle: Shape {
    override var datatypeValue: String { "circle" }
}

final class Square: Shape {
    override var datatypeValue: String { "square" }
}

/// A value read back as another type altogether.
struct Label: Value {
    static let declaredDatatype = "TEXT"
    static func fromDatatypeValue(_ text: String) -> String { text }
    var datatypeValue: String { "label" }
}

/// Code written for SQLite.swift that is generic over the value type, reading with
/// `row[Expression<T>(...)]`, `row.get` and `db.scalar`.
enum GenericReader {
    static func values<T: Value>(_ db: Connection, _ table: Table, _ name: String, as type: T.Type) throws -> [T] {
        let column = Expression<T>(name)
        return try db.prepareRowIterator(table.select(column).order(rowid)).map { $0[column] }
    }

    static func optionalValues<T: Value>(_ db: Connection, _ table: Table, _ name: String, as type: T.Type) throws
        -> [T?]
    {
        let column = Expression<T?>(name)
        return try db.prepareRowIterator(table.select(column).order(rowid)).map { try $0.get(column) }
    }

    static func first<T: Value>(_ db: Connection, _ table: Table, _ name: String, as type: T.Type) throws -> T {
        try db.scalar(table.select(Expression<T>(name)).order(rowid))
    }

    static func plucked<T: Value>(_ db: Connection, _ table: Table, _ name: String, as type: T.Type) throws -> T? {
        let column = Expression<T>(name)
        return try db.pluck(table.select(column).order(rowid)).map { try $0.get(column) }
    }
}

@Suite struct GenericRowReadTests {
    let shapes = Table("shapes")
    let shape = Expression<Shape>("shape")

    func database() throws -> Connection {
        let db = try Doc.populated()
        try db.run(shapes.create { t in t.column(shape) })
        #expect(shapes.create { t in t.column(shape) } == #"CREATE TABLE "shapes" ("shape" TEXT NOT NULL)"#)
        try db.run(shapes.insert(shape <- Circle()))
        try db.run(shapes.insert(shape <- Square()))
        return db
    }

    @Test func codeGenericOverValueReadsBuiltInTypes() throws {
        let db = try database()
        #expect(try GenericReader.values(db, Doc.users, "id", as: Int64.self) == [1, 2, 3])
        #expect(try GenericReader.values(db, Doc.users, "email", as: String.self).first == "alice@mac.com")
        #expect(try GenericReader.values(db, Doc.users, "balance", as: Double.self) == [100, 10_000, 0])
        #expect(try GenericReader.values(db, Doc.users, "verified", as: Bool.self) == [true, false, true])
        #expect(try GenericReader.optionalValues(db, Doc.users, "name", as: String.self) == ["Alice", "Betty", nil])
        #expect(try GenericReader.optionalValues(db, Doc.users, "age", as: Int.self) == [30, 25, nil])
        #expect(try GenericReader.first(db, Doc.users, "email", as: String.self) == "alice@mac.com")
        #expect(try GenericReader.plucked(db, Doc.users, "balance", as: Double.self) == 100)
    }

    @Test func valueTypeOfASuperclassReadsAsTheSubclassItIs() throws {
        let db = try database()
        let shapes = try GenericReader.values(db, self.shapes, "shape", as: Shape.self)
        #expect(shapes.map(\.datatypeValue) == ["circle", "square"])
        // The first row holds a circle: reading it as a `Circle` works, live and copied.
        let circle = Expression<Circle>("shape")
        let live = try db.prepareRowIterator(self.shapes.select(circle).order(rowid))
        let first = try #require(try live.failableNext())
        #expect(first[circle].datatypeValue == "circle")
        let copied = try #require(try db.pluck(self.shapes.select(circle).order(rowid)))
        #expect(try copied.get(circle).datatypeValue == "circle")
        #expect(try db.scalar(self.shapes.select(circle).order(rowid)).datatypeValue == "circle")
    }

    @Test func valueOfAnotherTypeThrowsInsteadOfReadingWrongly() throws {
        let db = try database()
        // The second row holds a square, which is not a `Circle`.
        let circle = Expression<Circle>("shape")
        let mismatch = ColumnTypeMismatch(name: #""shape""#, expected: "Circle", found: "Square")
        let live = try db.prepareRowIterator(shapes.select(circle).order(rowid))
        _ = try live.failableNext()
        let second = try #require(try live.failableNext())
        #expect(throws: mismatch) { try second.get(circle) }
        let copied = try #require(try db.pluck(shapes.select(circle).filter(rowid == 2)))
        #expect(throws: mismatch) { try copied.get(circle) }
        #expect(throws: mismatch) { try db.scalar(shapes.select(circle).filter(rowid == 2)) }
        let optionalCircle = Expression<Circle?>("shape")
        #expect(throws: mismatch) { try copied.get(optionalCircle) }
        #expect(mismatch.description == #"column '"shape"' holds Square, which cannot be read as Circle"#)

        // A `fromDatatypeValue` giving another type altogether.
        let label = Expression<Label>("email")
        let row = try #require(try db.pluck(Doc.users.select(label)))
        #expect(throws: ColumnTypeMismatch(name: #""email""#, expected: "Label", found: "String")) {
            try row.get(label)
        }
    }

    /// `QueryError` has SQLite.swift's four cases and no other: this `switch` without a
    /// `default` compiles only while that holds.
    @Test func queryErrorHasSQLiteSwiftsCases() throws {
        func name(of error: QueryError) -> String {
            switch error {
            case .noSuchTable(let name): name
            case .noSuchColumn(let name, columns: _): name
            case .ambiguousColumn(let name, similar: _): name
            case .unexpectedNullValue(let name): name
            }
        }
        let db = try Doc.populated()
        let row = try #require(try db.pluck(Doc.users.filter(Doc.id == 3)))
        do {
            _ = try row.get(Expression<String>("name"))
            Issue.record("reading NULL as a String should throw")
        } catch let error as QueryError {
            #expect(name(of: error) == #""name""#)
            #expect(error == .unexpectedNullValue(name: #""name""#))
        }
        do {
            _ = try row.get(Expression<Int64>("missing"))
            Issue.record("reading a missing column should throw")
        } catch let error as QueryError {
            #expect(name(of: error) == #""missing""#)
        }
    }
}
