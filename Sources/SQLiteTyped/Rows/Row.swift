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
/// Columns are found through the statement's column map, built once per prepared statement and
/// column generation; values are read by index straight from SQLite while the row is current,
/// from a copy once the statement moved on.
///
/// A row is not `Sendable` (nor is SQLite.swift's): while current it reads its statement, and
/// it shares its statement's column map. Read it in the task that got it; send the values read
/// from it.
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
    public var columnCount: Int { map.columnNames.count }

    /// The column names as SQLite reports them, in order (those of the row's own run, even
    /// after a schema change made the statement's columns different).
    public var columnNames: [String] { map.columnNames }

    /// Whether the result has a column for `column` (a name or a template such as `"users"."id"`).
    public func hasValue(for column: String) -> Bool {
        (try? map.index(of: column)) != nil || (try? map.index(of: SQLText.quote(column))) != nil
    }

    /// The value of column `index` as SQLite stores it (`Int64`, `Double`, `String`, `Blob` or nil).
    public func binding(at index: Int) -> Binding? {
        if source.isCopied { return source.cell(at: index)?.binding }
        return source.statement.row.binding(at: index)
    }

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
        if let value = fastRead(V.self, column.template) { return value }
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
        if let value = fastRead(V.self, column.template) { return value }
        do {
            return try get(column)
        } catch {
            preconditionFailure("reading \(column.template): \(error)")
        }
    }

    /// The common case of reading a row, or nil to take the full path: the column found among
    /// the keys (looking first after the one read last), holding a number of the expected type.
    @inlinable
    func fastRead<V: Value>(_ type: V.Type, _ template: String) -> V? {
        guard let index = map.keyIndex(of: template, hint: &source.nextKey) else { return nil }
        let value: V.ValueType?
        if source.isCopied {
            guard let cells = source.cells, index < source.cellCount else { return nil }
            if V.Datatype.self == Int64.self {
                guard case .integer(let integer) = cells[index] else { return nil }
                value = try? V.fromDatatypeValue(ValueConversion.cast(integer, V.Datatype.self))
            } else if V.Datatype.self == Double.self, V.self != Float.self {
                guard case .real(let real) = cells[index] else { return nil }
                value = try? V.fromDatatypeValue(ValueConversion.cast(real, V.Datatype.self))
            } else {
                return nil
            }
        } else {
            let column = Int32(truncatingIfNeeded: index)
            if V.Datatype.self == Int64.self {
                guard let integer = RowReader(source.handle).integer(at: column) else { return nil }
                value = try? V.fromDatatypeValue(ValueConversion.cast(integer, V.Datatype.self))
            } else if V.Datatype.self == Double.self, V.self != Float.self {
                let (storage, real) = RowReader(source.handle).number(at: column)
                guard storage == SQLITE_FLOAT || storage == SQLITE_INTEGER else { return nil }
                value = try? V.fromDatatypeValue(ValueConversion.cast(real, V.Datatype.self))
            } else {
                return nil
            }
        }
        guard let value else { return nil }
        return Row.cast(value, to: V.self)
    }

    /// Reads the column for `template` as `V`, nil for `NULL`.
    @inlinable
    func read<V: Value>(_ type: V.Type, _ template: String) throws -> V? {
        if source.isCopied { return try readCopied(type, template) }
        let index = try map.index(of: template, hint: &source.nextKey)
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
    /// nil for `NULL`; `template` names the column in errors. A number stored as the number
    /// asked for is read here; everything else by Core's conversion table (`ValueConversion`).
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
                return try V.fromDatatypeValue(ValueConversion.cast(integer, V.Datatype.self))
            }
            if storage == SQLITE_NULL { return nil }
        } else if V.Datatype.self == Double.self, V.self != Float.self {
            let (storage, real) = RowReader(handle).number(at: column)
            if storage == SQLITE_FLOAT || storage == SQLITE_INTEGER {
                return try V.fromDatatypeValue(ValueConversion.cast(real, V.Datatype.self))
            }
            if storage == SQLITE_NULL { return nil }
        } else if V.Datatype.self == SQLValue.self, RowReader(handle).storageClass(at: column) == SQLITE_NULL {
            // The table reads NULL as `SQLValue.null`; a column reads it as nil.
            return nil
        }
        do {
            return try ValueConversion.read(value: V.self, from: handle, at: column)
        } catch {
            throw typedError(error, template, V.self)
        }
    }

    /// Reads from the copied values of a row the statement has stepped past, by Core's
    /// conversion table.
    @inlinable
    func readCopied<V: Value>(_ type: V.Type, _ template: String) throws -> V? {
        let index = try map.index(of: template, hint: &source.nextKey)
        guard let cell = source.cell(at: index), !cell.isNull else { return nil }
        // The stored type asked for: the value itself.
        switch cell {
        case .integer(let integer) where V.self == Int64.self: return ValueConversion.cast(integer, V.self)
        case .real(let real) where V.self == Double.self: return ValueConversion.cast(real, V.self)
        case .text(let text) where V.self == String.self: return ValueConversion.cast(text, V.self)
        default: break
        }
        let value: V.ValueType?
        do {
            value = try ValueConversion.convert(cell, toValue: V.self)
        } catch {
            throw Row.typedError(error, template, V.self)
        }
        guard let value else { return nil }
        return try Row.cast(value, to: V.self, template)
    }

    /// The typed tier's error for a failed read of column `template` as `type`: a
    /// ``ColumnTypeMismatch`` for a value of another kind, SQLite's `SQLITE_RANGE` or
    /// `SQLITE_MISMATCH` ``Result`` for a number out of range or text that does not parse, and
    /// any other error (a `fromDatatypeValue`'s own) as it is.
    @usableFromInline
    static func typedError(_ error: any Error, _ template: String, _ type: Any.Type) -> any Error {
        guard let failure = error as? ConversionFailure else { return error }
        if case .mismatch(let found) = failure {
            return ColumnTypeMismatch(name: template, expected: "\(type)", found: found)
        }
        return failure.result(column: "column '\(template)'", requested: type)
    }

    /// A converted value as `V`, nil when it is not one. Free when `V.ValueType` is `V` (every
    /// built-in value type): the test is on types, decided when the read is specialized.
    @inlinable
    static func cast<V: Value>(_ value: V.ValueType, to type: V.Type) -> V? {
        if V.ValueType.self == V.self { return ValueConversion.cast(value, V.self) }
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
