/// One row of a query's result, read by column expression.
///
/// ```swift
/// for user in try db.prepare(users) {
///     let id: Int64 = user[id]              // non-optional: the column must not be NULL
///     let name: String? = user[name]        // optional: NULL reads as nil
///     let email = try user.get(email)       // throws instead of trapping
/// }
/// ```
///
/// Columns are found through the column map of the row's run, made from Core's column layout
/// of the statement; values are read by index straight from SQLite while the row is current.
///
/// A row is not `Sendable` (nor is SQLite.swift's): while current it reads its statement.
/// Read it in the task that got it; send the values read from it.
public struct Row {
    @usableFromInline
    let map: ColumnMap

    @usableFromInline
    let source: RowSource

    init(map: ColumnMap, source: RowSource) {
        self.map = map
        self.source = source
    }

    /// The number of columns.
    public var columnCount: Int { map.layout.count }

    /// The column names as SQLite reports them, in order (those of the row's own run, even
    /// after a schema change made the statement's columns different).
    public var columnNames: [String] { map.layout.names }

    /// Whether the result has a column for `column` (a name or a template such as `"users"."id"`).
    public func hasValue(for column: String) -> Bool {
        (try? map.index(of: column)) != nil || (try? map.index(of: SQLText.quote(column))) != nil
    }

    /// The value of column `index` as SQLite stores it (`Int64`, `Double`, `String`, `Blob` or nil).
    public func binding(at index: Int) -> Binding? {
        if source.isCopied { return source.cell(at: index)?.binding }
        return source.statement.row.binding(at: index)
    }

    // Measured: without @inlinable on the reads below (and RowSource.cell), so unspecialized, fetch-positional typed costs 166.9M -> 963.4M instructions and point-lookup typed 89.7M -> 150.2M (callgrind, --quick).
    /// The value of `column`; throws ``QueryError`` when the column is missing or ambiguous or
    /// is `NULL`, and ``ColumnTypeMismatch`` when it holds a value of another type.
    ///
    /// Generic over any `Value`, as in SQLite.swift: code generic over `T: Value` can read
    /// `row[Expression<T>("c")]`. When `T.fromDatatypeValue` gives something other than a `T`
    /// (a `ValueType` of another type), reading throws ``ColumnTypeMismatch``.
    @inlinable
    public func get<V: Value>(_ column: Expression<V>) throws -> V {
        guard let value = try read(V.self, column.template) else {
            throw QueryError.unexpectedNullValue(name: column.template)
        }
        return value
    }

    /// The value of an optional `column`, nil for `NULL`.
    @inlinable
    public func get<V: Value>(_ column: Expression<V?>) throws -> V? {
        try read(V.self, column.template)
    }

    /// The value of `column`.
    ///
    /// A missing or ambiguous column, a `NULL`, or a value of another type is a programming
    /// error and stops the program with the reason (as in SQLite.swift); use ``get(_:)-(Expression<V>)``
    /// to handle it instead.
    @inlinable
    public subscript<V: Value>(column: Expression<V>) -> V {
        do {
            return try get(column)
        } catch {
            preconditionFailure("reading \(column.template): \(error)")
        }
    }

    /// The value of an optional `column`, nil for `NULL`; traps on a missing or ambiguous
    /// column (see ``get(_:)-(Expression<V?>)``).
    @inlinable
    public subscript<V: Value>(column: Expression<V?>) -> V? {
        do {
            return try get(column)
        } catch {
            preconditionFailure("reading \(column.template): \(error)")
        }
    }

    /// Reads the column for `template` as `V`, nil for `NULL`.
    @inlinable
    func read<V: Value>(_ type: V.Type, _ template: String) throws -> V? {
        let index = try map.index(of: template)
        if source.isCopied { return try readCopied(type, index, template) }
        return try Row.readLive(V.self, source, index, template)
    }

    /// Reads column `index` of `statement`'s current row as `V`, nil for `NULL`; `template`
    /// names the column in errors.
    @inlinable
    static func readLive<V: Value>(_ type: V.Type, _ source: RowSource, _ index: Int, _ template: String) throws
        -> V?
    {
        guard let value = try readLiveValue(V.self, source, index, template) else { return nil }
        return try cast(value, to: V.self, template)
    }

    /// Reads column `index` of `statement`'s current row converted by `V.fromDatatypeValue`,
    /// nil for `NULL`; `template` names the column in errors.
    @inlinable
    static func readLiveValue<V: Value>(_ type: V.Type, _ source: RowSource, _ index: Int, _ template: String)
        throws -> V.ValueType?
    {
        let handle = source.handle
        let column = Int32(truncatingIfNeeded: index)
        // Numbers: the storage class and the value in one call.
        if V.Datatype.self == Int64.self {
            let (storage, integer) = RowReader(handle).integerOrStorageClass(at: column)
            if storage == SQLITE_INTEGER {
                return try V.fromDatatypeValue(same(integer, V.Datatype.self))
            }
            if storage == SQLITE_NULL { return nil }
            // Text that is wholly a number, converted by SQLite.
            guard storage == SQLITE_TEXT, let parsed = RowReader(handle).integerFromNumericText(at: column)
            else { throw mismatch(template, V.self, storage) }
            return try V.fromDatatypeValue(same(parsed, V.Datatype.self))
        }
        if V.Datatype.self == Double.self {
            let (storage, real) = RowReader(handle).number(at: column)
            if storage == SQLITE_FLOAT || storage == SQLITE_INTEGER {
                return try V.fromDatatypeValue(same(real, V.Datatype.self))
            }
            if storage == SQLITE_NULL { return nil }
            guard storage == SQLITE_TEXT, let parsed = RowReader(handle).realFromNumericText(at: column)
            else { throw mismatch(template, V.self, storage) }
            return try V.fromDatatypeValue(same(parsed, V.Datatype.self))
        }
        let storage = RowReader(handle).storageClass(at: column)
        if storage == SQLITE_NULL { return nil }
        let datatype: V.Datatype
        if V.Datatype.self == String.self {
            guard storage != SQLITE_BLOB else { throw mismatch(template, V.self, storage) }
            // Text converted from a number allocates inside SQLite: the cursor takes the lock.
            if storage == SQLITE_TEXT {
                datatype = try V.Datatype.read(from: handle, at: column)
            } else {
                guard let text = (source.statement.row[index] as String) as? V.Datatype else {
                    throw mismatch(template, V.self, storage)
                }
                datatype = text
            }
        } else {
            guard StoredValue.accepts(V.Datatype.self, storage) else { throw mismatch(template, V.self, storage) }
            datatype = try V.Datatype.read(from: handle, at: column)
        }
        return try V.checkedFromDatatypeValue(datatype)
    }

    /// Reads from the copied values of a row the statement has stepped past.
    @inlinable
    func readCopied<V: Value>(_ type: V.Type, _ index: Int, _ template: String) throws -> V? {
        guard let cell = source.cell(at: index) else { return nil }
        // Numbers of their column's own type, converted by the value type alone.
        if V.Datatype.self == Int64.self, case .integer(let integer) = cell {
            return try Row.cast(V.fromDatatypeValue(same(integer, V.Datatype.self)), to: V.self, template)
        }
        if V.Datatype.self == Double.self, case .real(let real) = cell {
            return try Row.cast(V.fromDatatypeValue(same(real, V.Datatype.self)), to: V.self, template)
        }
        if case .null = cell { return nil }
        guard let datatype = cell.converted(to: V.Datatype.self) else {
            throw ColumnTypeMismatch(name: template, expected: "\(V.self)", found: cell.kind)
        }
        return try Row.cast(V.checkedFromDatatypeValue(datatype), to: V.self, template)
    }

    @usableFromInline
    static func mismatch<V>(_ template: String, _ type: V.Type, _ storage: Int32) -> ColumnTypeMismatch {
        ColumnTypeMismatch(name: template, expected: "\(V.self)", found: StoredValue.describe(storage: storage))
    }

    /// A converted value as `V`, nil when it is not one. Free when `V.ValueType` is `V` (every
    /// built-in value type): the test is on types, decided when the read is specialized.
    @inlinable
    static func cast<V: Value>(_ value: V.ValueType, to type: V.Type) -> V? {
        if V.ValueType.self == V.self { return same(value, V.self) }
        return value as? V
    }

    /// A converted value as `V`; throws ``ColumnTypeMismatch`` naming `template` when it is
    /// not one (a `fromDatatypeValue` that gives another type).
    @inlinable
    static func cast<V: Value>(_ value: V.ValueType, to type: V.Type, _ template: String) throws -> V {
        if let result = cast(value, to: V.self) { return result }
        throw ColumnTypeMismatch(name: template, expected: "\(V.self)", found: "\(Swift.type(of: value))")
    }
}

extension Row {
    /// The statement whose current row this row is, while the row is read in place from it; nil
    /// once its values were copied (the statement moved on).
    package var liveStatement: Statement? {
        source.isCopied ? nil : source.statement
    }

    /// The raw handle of ``liveStatement``, read without retaining the statement.
    package var liveHandle: OpaquePointer? {
        source.isCopied ? nil : source.handle
    }

    /// Column `index` of a row whose values were copied, as stored; nil while the row is read in
    /// place, or past the last column.
    package func copiedValue(at index: Int) -> SQLValue? {
        source.isCopied ? source.cell(at: index) : nil
    }

    /// What a higher tier keeps for the rows of one run of a statement (the Codable tier's
    /// column lookup), shared by them as the column map is.
    package var runAttachment: AnyObject? {
        get { map.attachment }
        nonmutating set { map.attachment = newValue }
    }
}
