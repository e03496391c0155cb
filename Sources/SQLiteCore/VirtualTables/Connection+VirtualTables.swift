extension Connection {
    /// Registers a virtual-table module written in Swift: `make` builds a table for each
    /// `CREATE VIRTUAL TABLE name USING module(args...)` and each later connection to it (and,
    /// for an eponymous module, for `SELECT * FROM module`).
    ///
    /// ```swift
    /// try db.createModule("squares", kind: .eponymousOnly) { _ in Squares() }
    /// try db.scalar("SELECT sum(square) FROM squares")
    /// ```
    ///
    /// A table conforming to ``WritableVirtualTable`` accepts changes, and one conforming to
    /// ``TransactionalVirtualTable`` sees the transactions. Registering a module again under the
    /// same name replaces it for tables connected afterwards. SQLite keeps the module (and `make`)
    /// until it is dropped (``dropModule(_:)``) or the connection closes.
    ///
    /// - Parameters:
    ///   - name: the module's name in SQL.
    ///   - kind: whether the module is also a table of its own name. Default: `.regular`.
    ///   - make: builds a table; an error it throws fails the `CREATE VIRTUAL TABLE` (or the
    ///     statement naming the eponymous table) with its message.
    /// - Throws: ``Result`` when the connection is closed or SQLite refuses the module.
    public func createModule<Table: VirtualTable>(
        _ name: String, kind: VirtualTableModuleKind = .regular,
        _ make: @escaping @Sendable (VirtualTableArguments) throws -> Table
    ) throws {
        let registration = ModuleRegistration(
            name: name, kind: kind, writable: Table.self is any WritableVirtualTable.Type,
            transactional: Table.self is any TransactionalVirtualTable.Type
        ) { arguments in TypedTableBridge(try make(arguments)) }
        try register(registration)
    }

    /// Hands `registration` to SQLite under its name.
    func register(_ registration: ModuleRegistration) throws(Result) {
        let name = registration.name
        try connection.lock.withLock { () throws(Result) in
            try connection.checkOpen()
            // SQLite holds one reference, released by the destructor (also when registration fails).
            let code = sqlite3_create_module_v2(
                handle, name, registration.module, Unmanaged.passRetained(registration).toOpaque()
            ) { pointer in
                guard let pointer else { return }
                Unmanaged<ModuleRegistration>.fromOpaque(pointer).release()
            }
            guard code == SQLITE_OK else {
                throw Result(
                    message: "cannot register virtual table module \(name): \(String(cString: sqlite3_errmsg(handle)))",
                    primaryCode: code & 0xFF, extendedCode: code, statement: nil,
                    extended: connection.usesExtendedErrorCodes)
            }
        }
    }

    /// Removes the module `name` (registered by ``createModule(_:kind:_:)`` or
    /// ``createTableFunction(_:columns:arguments:_:)``): tables already connected keep working
    /// until disconnected; new ones fail. Does nothing for an unknown name.
    ///
    /// - Throws: ``Result`` when the connection is closed.
    public func dropModule(_ name: String) throws {
        try connection.lock.withLock { () throws(Result) in
            try connection.checkOpen()
            _ = sqlite3_create_module_v2(handle, name, nil, nil, nil)
        }
    }

    /// Registers a table-valued function: `body` receives the arguments of `name(...)` and
    /// returns the rows, each an array of values for `columns` (a missing value reads as
    /// `NULL`).
    ///
    /// ```swift
    /// try db.createTableFunction("my_series", columns: ["value"], arguments: ["start", "stop"]) { args in
    ///     guard case .integer(let start) = args[0], case .integer(let stop) = args[1] else { return [] }
    ///     return (start...max(start, stop)).lazy.map { [SQLValue.integer($0)] }
    /// }
    /// try db.prepare("SELECT value FROM my_series(1, 10) WHERE value % 2 = 0")   // 2, 4, ..., 10
    /// ```
    ///
    /// The arguments are hidden columns of the table: `SELECT start, value FROM my_series(1, 3)`
    /// reads them, and `my_series WHERE start = 1 AND stop = 3` is the same call. An argument not
    /// given is `NULL`; more arguments than declared fail the statement ("too many arguments").
    /// An error `body` (or the sequence) throws fails the statement with its message.
    /// The function is eponymous: `CREATE VIRTUAL TABLE` with its name also works.
    ///
    /// - Throws: ``Result`` when the connection is closed, `columns` is empty or SQLite refuses
    ///   the module.
    @inlinable
    public func createTableFunction<Rows: Sequence>(
        _ name: String, columns: [String], arguments: [String] = [],
        _ body: @escaping @Sendable (_ arguments: [SQLValue]) throws -> Rows
    ) throws where Rows.Element == [SQLValue] {
        // The sequence's iterator is made here, in the caller's module, where it is specialized
        // for `Rows`: Core then calls a plain closure per row instead of generic code that looks
        // up `Rows`' metadata on every row (a third of a scan's instructions).
        try createTableFunction(
            name, columns: columns, arguments: arguments,
            rows: { arguments in
                var iterator = try body(arguments).makeIterator()
                return { iterator.next() }
            })
    }

    /// ``createTableFunction(_:columns:arguments:_:)`` with the rows as a closure giving the next
    /// one, `nil` at the end.
    @usableFromInline
    func createTableFunction(
        _ name: String, columns: [String], arguments: [String],
        rows: @escaping (_ arguments: [SQLValue]) throws -> () -> [SQLValue]?
    ) throws {
        guard !columns.isEmpty else {
            throw Result.misuse("table-valued function \(name) needs at least one column")
        }
        let declaration =
            "CREATE TABLE x("
            + (columns.map(\.quotedIdentifier) + arguments.map { "\($0.quotedIdentifier) HIDDEN" })
            .joined(separator: ", ") + ")"
        let (columnCount, argumentCount) = (columns.count, arguments.count)
        try register(
            ModuleRegistration(name: name, kind: .eponymous, writable: false, transactional: false) { _ in
                TypedTableBridge(
                    TableFunction(
                        declaration: declaration, columnCount: columnCount, argumentCount: argumentCount, rows))
            })
    }
}
