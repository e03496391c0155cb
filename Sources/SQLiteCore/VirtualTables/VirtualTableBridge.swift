/// The C side of Swift virtual tables: the `sqlite3_module` of each registration and the
/// structures SQLite allocates nothing for (tables and cursors), each holding its Swift object.
///
/// Ownership, one reference per C structure:
/// - a registration (``ModuleRegistration``) is retained for SQLite by `sqlite3_create_module_v2`
///   and released by its destructor, which SQLite calls when the module is replaced or dropped or
///   the connection closes; it owns the `sqlite3_module` it hands to SQLite;
/// - a table structure (`sqlite3_vtab` followed by a pointer) retains its ``TableBridge`` from
///   `xCreate`/`xConnect` until `xDisconnect`/`xDestroy` frees it;
/// - a cursor structure (`sqlite3_vtab_cursor` followed by a pointer) retains its
///   ``CursorBridge`` from `xOpen` until `xClose`. SQLite closes every cursor before it
///   disconnects the table, and disconnects every table before it drops the module, so no
///   callback reaches a released object.
enum ObjectStructure<Header> {
    /// The offset of the object pointer after the C header.
    static var objectOffset: Int { (MemoryLayout<Header>.stride + 7) & ~7 }

    /// A zeroed C header followed by a retained reference to `object`.
    static func make(holding object: AnyObject) -> UnsafeMutablePointer<Header> {
        let size = objectOffset + MemoryLayout<UnsafeMutableRawPointer>.stride
        let raw = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        raw.initializeMemory(as: UInt8.self, repeating: 0, count: size)
        raw.storeBytes(
            of: Unmanaged.passRetained(object).toOpaque(), toByteOffset: objectOffset, as: UnsafeMutableRawPointer.self)
        return raw.bindMemory(to: Header.self, capacity: 1)
    }

    /// The object `structure` holds, unretained (the structure keeps it alive).
    static func object<T: AnyObject>(_ structure: UnsafeMutablePointer<Header>, as type: T.Type) -> T {
        let pointer = UnsafeMutableRawPointer(structure).load(
            fromByteOffset: objectOffset, as: UnsafeMutableRawPointer.self)
        return Unmanaged<T>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// Releases the object and frees the structure.
    static func free(_ structure: UnsafeMutablePointer<Header>) {
        let raw = UnsafeMutableRawPointer(structure)
        Unmanaged<AnyObject>.fromOpaque(raw.load(fromByteOffset: objectOffset, as: UnsafeMutableRawPointer.self))
            .release()
        raw.deallocate()
    }
}

/// A module registered on a connection: the factory of its tables and the C module struct.
final class ModuleRegistration {
    let name: String
    let make: (VirtualTableArguments) throws -> TableBridge
    let module: UnsafeMutablePointer<sqlite3_module>

    init(
        name: String, kind: VirtualTableModuleKind, writable: Bool, transactional: Bool,
        make: @escaping (VirtualTableArguments) throws -> TableBridge
    ) {
        self.name = name
        self.make = make
        module = .allocate(capacity: 1)
        module.initialize(
            to: VirtualTableCallbacks.module(kind: kind, writable: writable, transactional: transactional))
    }

    deinit {
        module.deinitialize(count: 1)
        module.deallocate()
    }
}

/// A table seen from the C callbacks; ``TypedTableBridge`` calls the Swift table without an
/// existential on every call.
class TableBridge {
    func declaration() -> String { "" }
    func bestIndex(_ info: inout IndexInfo) throws {}
    func openCursor() throws -> CursorBridge { throw Result.misuse("no cursor") }
    func destroy() throws {}
    func update(_ change: VirtualTableChange) throws -> Int64? {
        throw Result.misuse("this virtual table is read-only", code: SQLITE_READONLY)
    }
    func transaction(_ step: TransactionStep) throws {}

    enum TransactionStep { case begin, sync, commit, rollback }
}

final class TypedTableBridge<Table: VirtualTable>: TableBridge {
    let table: Table
    init(_ table: Table) { self.table = table }

    override func declaration() -> String { table.declaration }
    override func bestIndex(_ info: inout IndexInfo) throws { try table.bestIndex(&info) }
    override func openCursor() throws -> CursorBridge { TypedCursorBridge(try table.openCursor()) }
    override func destroy() throws { try table.destroy() }
    override func update(_ change: VirtualTableChange) throws -> Int64? {
        guard let writable = table as? any WritableVirtualTable else { return try super.update(change) }
        return try writable.update(change)
    }
    override func transaction(_ step: TransactionStep) throws {
        guard let table = table as? any TransactionalVirtualTable else { return }
        switch step {
        case .begin: try table.begin()
        case .sync: try table.sync()
        case .commit: try table.commit()
        case .rollback: try table.rollback()
        }
    }
}

/// A cursor seen from the C callbacks.
class CursorBridge {
    /// `xFilter` with SQLite's own values: converts them for ``filter(_:_:_:)`` unless a
    /// subclass reads them itself (a bound pointer has no ``SQLValue``).
    func filter(_ number: Int32, _ string: String?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?)
        throws
    {
        try filter(number, string, VirtualTableCallbacks.values(argc, argv))
    }
    func filter(_ number: Int32, _ string: String?, _ arguments: [SQLValue]) throws {}
    func next() throws {}
    var isAtEnd: Bool { true }
    func column(_ index: Int32, into context: OpaquePointer?) throws {}
    func rowid() throws -> Int64 { 0 }
}

final class TypedCursorBridge<Cursor: VirtualTableCursor>: CursorBridge {
    let cursor: Cursor
    init(_ cursor: Cursor) { self.cursor = cursor }

    override func filter(_ number: Int32, _ string: String?, _ arguments: [SQLValue]) throws {
        try cursor.filter(indexNumber: number, indexString: string, arguments: arguments)
    }
    override func next() throws { try cursor.next() }
    override var isAtEnd: Bool { cursor.isAtEnd }
    override func column(_ index: Int32, into context: OpaquePointer?) throws {
        FunctionValues.setResult(try cursor.column(index), in: context)
    }
    override func rowid() throws -> Int64 { try cursor.rowid() }
}

/// The C functions of every Swift module.
enum VirtualTableCallbacks {
    typealias Table = ObjectStructure<sqlite3_vtab>
    typealias Cursor = ObjectStructure<sqlite3_vtab_cursor>

    /// A copy of `message` SQLite can free with `sqlite3_free`.
    static func sqliteString(_ message: String) -> UnsafeMutablePointer<CChar>? {
        var message = message
        return message.withUTF8 { bytes -> UnsafeMutablePointer<CChar>? in
            guard let copy = sqlite3_malloc64(sqlite3_uint64(bytes.count + 1)) else { return nil }
            if let base = bytes.baseAddress { copy.copyMemory(from: base, byteCount: bytes.count) }
            copy.storeBytes(of: 0, toByteOffset: bytes.count, as: UInt8.self)
            return copy.assumingMemoryBound(to: CChar.self)
        }
    }

    /// The result code for a thrown error: a ``Result``'s own extended code, else `SQLITE_ERROR`.
    static func code(for error: any Error) -> Int32 {
        (error as? Result)?.extendedCode ?? SQLITE_ERROR
    }

    /// Reports `error` on the table `vtab` (SQLite moves the message to the statement's error).
    /// Frees a table's structure and the error message a failed call left on it, which SQLite
    /// does not read after every callback (a failed `xDestroy`'s, for one).
    static func freeTable(_ vtab: UnsafeMutablePointer<sqlite3_vtab>) {
        if let message = vtab.pointee.zErrMsg { sqlite3_free(message) }
        vtab.pointee.zErrMsg = nil
        Table.free(vtab)
    }

    static func fail(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ error: any Error) -> Int32 {
        if let vtab {
            if let old = vtab.pointee.zErrMsg { sqlite3_free(old) }
            vtab.pointee.zErrMsg = sqliteString(FunctionValues.message(for: error))
        }
        return code(for: error)
    }

    /// Runs `body` for the table behind `vtab`, turning a thrown error into its code.
    static func withTable(
        _ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ body: (TableBridge) throws -> Void
    ) -> Int32 {
        guard let vtab else { return SQLITE_MISUSE }
        do {
            try body(Table.object(vtab, as: TableBridge.self))
            return SQLITE_OK
        } catch {
            return fail(vtab, error)
        }
    }

    /// Runs `body` for the cursor behind `cursor`, reporting a thrown error on its table.
    static func withCursor(
        _ cursor: UnsafeMutablePointer<sqlite3_vtab_cursor>?, _ body: (CursorBridge) throws -> Void
    ) -> Int32 {
        guard let cursor else { return SQLITE_MISUSE }
        do {
            try body(Cursor.object(cursor, as: CursorBridge.self))
            return SQLITE_OK
        } catch {
            return fail(cursor.pointee.pVtab, error)
        }
    }

    /// `xCreate` and `xConnect`.
    static func connect(
        _ db: OpaquePointer?, _ aux: UnsafeMutableRawPointer?, _ argc: Int32,
        _ argv: UnsafePointer<UnsafePointer<CChar>?>?,
        _ table: UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
        _ errorMessage: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, isCreate: Bool
    ) -> Int32 {
        guard let aux, let table else { return SQLITE_MISUSE }
        let registration = Unmanaged<ModuleRegistration>.fromOpaque(aux).takeUnretainedValue()
        let strings = (0..<Int(max(argc, 0))).map { argv?[$0].map { String(cString: $0) } ?? "" }
        let arguments = VirtualTableArguments(
            module: strings.first ?? registration.name, database: strings.count > 1 ? strings[1] : "main",
            table: strings.count > 2 ? strings[2] : registration.name, arguments: Array(strings.dropFirst(3)),
            isCreate: isCreate)
        do {
            let bridge = try registration.make(arguments)
            let code = sqlite3_declare_vtab(db, bridge.declaration())
            guard code == SQLITE_OK else {
                let detail = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
                throw Result.misuse(
                    "virtual table \(arguments.table) declares invalid columns (\(bridge.declaration())): \(detail)",
                    code: code)
            }
            table.pointee = Table.make(holding: bridge)
            return SQLITE_OK
        } catch {
            errorMessage?.pointee = sqliteString(FunctionValues.message(for: error))
            return code(for: error)
        }
    }

    /// `xBestIndex`: copies the planner's question into an ``IndexInfo`` and its answer back.
    static func bestIndex(_ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ raw: UnsafeMutablePointer<sqlite3_index_info>?)
        -> Int32
    {
        guard let raw else { return SQLITE_MISUSE }
        return withTable(vtab) { table in
            let c = raw.pointee
            let constraints = (0..<Int(c.nConstraint)).map { i -> IndexInfo.Constraint in
                let constraint = c.aConstraint[i]
                return IndexInfo.Constraint(
                    column: constraint.iColumn, op: ConstraintOperator(rawValue: Int32(constraint.op)),
                    isUsable: constraint.usable != 0)
            }
            let orderBy = (0..<Int(c.nOrderBy)).map {
                IndexInfo.Ordering(column: c.aOrderBy[$0].iColumn, descending: c.aOrderBy[$0].desc != 0)
            }
            var info = IndexInfo(constraints: constraints, orderBy: orderBy, columnsUsed: UInt64(c.colUsed))
            try table.bestIndex(&info)
            // SQLite requires argument positions 1...n with no gap or repeat ("xBestIndex malfunction").
            let positions = info.constraints.compactMap(\.argumentIndex).sorted()
            guard positions == Array(0..<positions.count) else {
                throw Result.misuse(
                    "bestIndex gave argument indexes \(positions): they must be distinct and run from 0 with no gap")
            }
            if let bad = info.constraints.first(where: { $0.argumentIndex != nil && !$0.isUsable }) {
                throw Result.misuse(
                    "bestIndex gave an argument index to an unusable constraint on column \(bad.column)")
            }
            for (i, constraint) in info.constraints.enumerated() {
                c.aConstraintUsage[i].argvIndex = constraint.argumentIndex.map { Int32($0 + 1) } ?? 0
                c.aConstraintUsage[i].omit = constraint.omit && constraint.argumentIndex != nil ? 1 : 0
            }
            raw.pointee.idxNum = info.indexNumber
            if let string = info.indexString {
                raw.pointee.idxStr = sqliteString(string)
                raw.pointee.needToFreeIdxStr = 1
            }
            raw.pointee.orderByConsumed = info.orderByConsumed ? 1 : 0
            raw.pointee.estimatedCost = info.estimatedCost
            raw.pointee.estimatedRows = info.estimatedRows
            raw.pointee.idxFlags = info.isUnique ? SQLITE_INDEX_SCAN_UNIQUE : 0
        }
    }

    /// The values of a callback's `argv`.
    static func values(_ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?) -> [SQLValue] {
        guard let argv, argc > 0 else { return [] }
        return (0..<Int(argc)).map { FunctionValues.sqlValue(argv[$0]) }
    }

    /// `xUpdate`: `argv[0]` is the old rowid (NULL for an insert), `argv[1]` the new one
    /// (absent for a delete), then the column values.
    static func update(
        _ vtab: UnsafeMutablePointer<sqlite3_vtab>?, _ argc: Int32, _ argv: UnsafeMutablePointer<OpaquePointer?>?,
        _ rowid: UnsafeMutablePointer<sqlite3_int64>?
    ) -> Int32 {
        withTable(vtab) { table in
            let values = values(argc, argv)
            let change: VirtualTableChange
            switch (values.first, values.count) {
            case (.integer(let old), 1):
                change = .delete(rowid: old)
            case (.null, _):
                let new: Int64? = if case .integer(let new) = values.count > 1 ? values[1] : .null { new } else { nil }
                change = .insert(rowid: new, values: Array(values.dropFirst(2)))
            case (.integer(let old), _):
                guard case .integer(let new) = values[1] else {
                    throw Result.misuse("the new rowid of an update must be an integer", code: SQLITE_MISMATCH)
                }
                change = .update(rowid: old, newRowid: new, values: Array(values.dropFirst(2)))
            default:
                throw Result.misuse("a virtual table's rowid must be an integer", code: SQLITE_MISMATCH)
            }
            if let new = try table.update(change) { rowid?.pointee = new }
        }
    }

    /// The module structure for a registration.
    static func module(kind: VirtualTableModuleKind, writable: Bool, transactional: Bool) -> sqlite3_module {
        var module = sqlite3_module()
        module.iVersion = 1
        let connect:
            @convention(c) (
                OpaquePointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<UnsafePointer<CChar>?>?,
                UnsafeMutablePointer<UnsafeMutablePointer<sqlite3_vtab>?>?,
                UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            ) -> Int32 = { VirtualTableCallbacks.connect($0, $1, $2, $3, $4, $5, isCreate: false) }
        module.xConnect = connect
        switch kind {
        // The same function as xConnect makes the module eponymous.
        case .eponymous: module.xCreate = connect
        case .eponymousOnly: module.xCreate = nil
        case .regular: module.xCreate = { VirtualTableCallbacks.connect($0, $1, $2, $3, $4, $5, isCreate: true) }
        }
        module.xBestIndex = { VirtualTableCallbacks.bestIndex($0, $1) }
        module.xDisconnect = { vtab in
            guard let vtab else { return SQLITE_OK }
            VirtualTableCallbacks.freeTable(vtab)
            return SQLITE_OK
        }
        module.xDestroy = { vtab in
            guard let vtab else { return SQLITE_OK }
            let code = VirtualTableCallbacks.withTable(vtab) { try $0.destroy() }
            // A failed destroy keeps the table (SQLite reports the error and leaves it in the schema).
            if code == SQLITE_OK { VirtualTableCallbacks.freeTable(vtab) }
            return code
        }
        module.xOpen = { vtab, cursor in
            guard let cursor else { return SQLITE_MISUSE }
            return VirtualTableCallbacks.withTable(vtab) { table in
                cursor.pointee = VirtualTableCallbacks.Cursor.make(holding: try table.openCursor())
            }
        }
        module.xClose = { cursor in
            guard let cursor else { return SQLITE_OK }
            VirtualTableCallbacks.Cursor.free(cursor)
            return SQLITE_OK
        }
        module.xFilter = { cursor, number, string, argc, argv in
            VirtualTableCallbacks.withCursor(cursor) {
                try $0.filter(number, string.map { String(cString: $0) }, argc, argv)
            }
        }
        module.xNext = { cursor in VirtualTableCallbacks.withCursor(cursor) { try $0.next() } }
        module.xEof = { cursor in
            guard let cursor else { return 1 }
            return VirtualTableCallbacks.Cursor.object(cursor, as: CursorBridge.self).isAtEnd ? 1 : 0
        }
        module.xColumn = { cursor, context, index in
            guard let cursor else { return SQLITE_MISUSE }
            do {
                try VirtualTableCallbacks.Cursor.object(cursor, as: CursorBridge.self).column(index, into: context)
            } catch {
                FunctionValues.setError(FunctionValues.message(for: error), in: context)
                return VirtualTableCallbacks.code(for: error)
            }
            return SQLITE_OK
        }
        module.xRowid = { cursor, rowid in
            VirtualTableCallbacks.withCursor(cursor) { rowid?.pointee = try $0.rowid() }
        }
        if writable {
            module.xUpdate = { VirtualTableCallbacks.update($0, $1, $2, $3) }
        }
        if transactional {
            module.xBegin = { VirtualTableCallbacks.withTable($0) { try $0.transaction(.begin) } }
            module.xSync = { VirtualTableCallbacks.withTable($0) { try $0.transaction(.sync) } }
            module.xCommit = { VirtualTableCallbacks.withTable($0) { try $0.transaction(.commit) } }
            module.xRollback = { VirtualTableCallbacks.withTable($0) { try $0.transaction(.rollback) } }
        }
        return module
    }
}
