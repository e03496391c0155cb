/// A Swift array bound as a one-column table, for `WHERE id IN rarray(?)` (rusqlite's
/// `rarray`, SQLite's `carray`), after ``Connection/createArrayFunction(_:)``.
///
/// ```swift
/// try db.createArrayFunction()
/// let ids: [Int64] = [3, 5, 8]
/// let rows = try db.prepare("SELECT name FROM users WHERE id IN rarray(?)", SQLArray(ids))
/// ```
///
/// The values are bound as a pointer SQLite cannot read from SQL (`sqlite3_bind_pointer`): the
/// statement keeps them alive until it is bound again, reset with other values, or finalized.
/// Outside `rarray(...)` the parameter reads as `NULL`.
public struct SQLArray: Binding, Sendable, Hashable {
    /// The rows of the table's `value` column, in order.
    public let values: [SQLValue]

    /// An array of values.
    public init(_ values: [SQLValue]) { self.values = values }

    /// An array of integers.
    public init(_ values: some Sequence<Int64>) { self.values = values.map { .integer($0) } }

    /// An array of integers.
    public init(_ values: some Sequence<Int>) { self.values = values.map { .integer(Int64($0)) } }

    /// An array of strings.
    public init(_ values: some Sequence<String>) { self.values = values.map { .text($0) } }

    /// The pointer type SQLite checks on both sides: a static string, as `sqlite3_bind_pointer`
    /// requires (SQLite compares the address's text, and keeps the address).
    static let pointerType: StaticString = "swift-sqlite.SQLArray"

    static var pointerTypeName: UnsafePointer<CChar> {
        UnsafeRawPointer(pointerType.utf8Start).assumingMemoryBound(to: CChar.self)
    }

    /// Binds a retained box holding the values, released by SQLite when the binding is dropped.
    public func bind(to statement: OpaquePointer, at index: Int32) throws(Result) -> Int32 {
        sqlite3_bind_pointer(
            statement, index, Unmanaged.passRetained(SQLArrayBox(values)).toOpaque(), Self.pointerTypeName
        ) { pointer in
            guard let pointer else { return }
            Unmanaged<SQLArrayBox>.fromOpaque(pointer).release()
        }
    }

    /// A bound array cannot be read back as a column: throws `SQLITE_MISMATCH`.
    public static func read(from statement: OpaquePointer, at index: Int32) throws(Result) -> SQLArray {
        throw Result.misuse("an SQLArray is a parameter only; columns never read as one", code: SQLITE_MISMATCH)
    }
}

/// The values of a bound ``SQLArray``, shared by the statement's binding and the cursors reading it.
final class SQLArrayBox: Sendable {
    let values: [SQLValue]
    init(_ values: [SQLValue]) { self.values = values }
}

extension Connection {
    /// Registers the table-valued function `name(array)` (default `rarray`) that reads a bound
    /// ``SQLArray`` as a table with one column, `value`.
    ///
    /// ```swift
    /// try db.createArrayFunction()
    /// try db.prepare("SELECT * FROM users WHERE id IN rarray(?)", SQLArray([1, 2, 3]))
    /// ```
    ///
    /// Calling it without an argument fails the statement ("rarray needs one argument"); with
    /// a value that is not a bound ``SQLArray`` (a number, `NULL`, a string) it is empty.
    ///
    /// - Throws: ``Result`` when the connection is closed or SQLite refuses the module.
    public func createArrayFunction(_ name: String = "rarray") throws {
        try register(
            ModuleRegistration(name: name, kind: .eponymousOnly, writable: false, transactional: false) { _ in
                ArrayTable(name: name)
            })
    }
}

/// The table of ``Connection/createArrayFunction(_:)``: `value`, and the hidden `array` argument.
final class ArrayTable: TableBridge {
    let name: String
    init(name: String) { self.name = name }

    override func declaration() -> String { "CREATE TABLE x(value, array HIDDEN)" }

    override func bestIndex(_ info: inout IndexInfo) throws {
        guard let i = info.constraints.firstIndex(where: { $0.column == 1 && $0.op == .equal }) else {
            throw Result.misuse("\(name) needs one argument, a bound SQLArray")
        }
        guard info.constraints[i].isUsable else { throw Result.misuse("not yet", code: SQLITE_CONSTRAINT) }
        info.constraints[i].argumentIndex = 0
        info.constraints[i].omit = true
        info.estimatedCost = 100
        info.estimatedRows = 100
    }

    override func openCursor() throws -> CursorBridge { ArrayCursor() }
}

/// A scan of one bound array: holds the values while it reads them.
final class ArrayCursor: CursorBridge {
    var values: [SQLValue] = []
    var position = 0

    override func filter(
        _ number: Int32, _ string: String?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?
    ) throws {
        position = 0
        values = []
        guard argc > 0, let argv,
            let pointer = sqlite3_value_pointer(argv[0], SQLArray.pointerTypeName)
        else { return }
        values = Unmanaged<SQLArrayBox>.fromOpaque(pointer).takeUnretainedValue().values
    }

    override func next() throws { position += 1 }
    override var isAtEnd: Bool { position >= values.count }
    override func column(_ index: Int32, into context: OpaquePointer?) throws {
        FunctionValues.setResult(index == 0 && position < values.count ? values[position] : .null, in: context)
    }
    override func rowid() throws -> Int64 { Int64(position) }
}
