import Foundation

/// What encoding values of one `Encodable` type into setters needs, kept between values: an
/// encoder with its key cache warm, the type's name for errors, and each column's quoted
/// template, so that the setters of every value of the type have the same column templates
/// (which the typed tier's insert shape cache recognizes without rendering or hashing).
///
/// Kept only for options whose key strategy is not custom and with no user info: the plan is
/// found by the value's type, the key strategy, the date strategy and whether `nil` is left out.
final class EncodingPlan: @unchecked Sendable {
    struct Key: Hashable {
        let type: ObjectIdentifier
        let snakeCase: Bool
        let dateStrategy: DateStrategy
        let omitsNil: Bool
    }

    let key: Key
    let options: CodingOptions
    let rowType: String
    let omitsNil: Bool

    private let lock = NSLock()
    private var spareEncoder: RowEncoder?
    /// The quoted template of the column at each position of the last value.
    private var templates: [(column: String, template: String)] = []

    private init(key: Key, options: CodingOptions, rowType: String, omitsNil: Bool) {
        self.key = key
        self.options = options
        self.rowType = rowType
        self.omitsNil = omitsNil
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var plans: [Key: EncodingPlan] = [:]
    nonisolated(unsafe) private static var lastPlan: EncodingPlan?

    /// The plan for values of `type` encoded with `options`, made on first use; nil when the
    /// options cannot be told apart from others (a custom key strategy).
    static func of(_ type: Any.Type, options: CodingOptions, omitsNil: Bool) -> EncodingPlan? {
        let snakeCase: Bool
        switch options.keyEncodingStrategy {
        case .useDefaultKeys: snakeCase = false
        case .convertToSnakeCase: snakeCase = true
        case .custom: return nil
        }
        let key = Key(
            type: ObjectIdentifier(type), snakeCase: snakeCase, dateStrategy: options.dateStrategy, omitsNil: omitsNil)
        lock.lock()
        defer { lock.unlock() }
        if let lastPlan, lastPlan.key == key { return lastPlan }
        if plans.count >= 256 { plans.removeAll(keepingCapacity: true) }
        let plan =
            plans[key]
            ?? EncodingPlan(
                key: key,
                options: CodingOptions(
                    keyEncodingStrategy: options.keyEncodingStrategy, dateStrategy: options.dateStrategy),
                rowType: "\(type)", omitsNil: omitsNil)
        plans[key] = plan
        lastPlan = plan
        return plan
    }

    /// The last insert made through ``insert(_:table:database:conflict:render:)``: the table,
    /// the conflict clause, the encoder's column version and the SQL.
    private var lastInsert: LastInsert?

    private final class LastInsert {
        let table: String
        let database: String?
        let conflict: OnConflict?
        let columnsVersion: UInt64
        let sql: String

        init(table: String, database: String?, conflict: OnConflict?, columnsVersion: UInt64, sql: String) {
            self.table = table
            self.database = database
            self.conflict = conflict
            self.columnsVersion = columnsVersion
            self.sql = sql
        }
    }

    /// An insert of `value` into `table`: when its columns are those of the last insert into
    /// the same table, with that insert's SQL and the encoded values bound as they are (no
    /// setters); else through `render`, which makes the insert from setters.
    func insert(
        _ value: some Encodable, table: String, database: String?, conflict: OnConflict?,
        render: ([Setter]) -> Insert
    ) throws -> Insert {
        let encoder = takeEncoder()
        defer { returnEncoder(encoder) }
        try encoder.encodeInPlace(value)
        let version = encoder.columnsVersion
        if let memo = encoder.memo,
            memo.matches(version: version, table: table, database: database, conflict: conflict, skip: -1)
        {
            return Insert(memo.sql, values: EncodedValues(buffer: encoder.valueBuffer))
        }
        lock.lock()
        let last = lastInsert
        lock.unlock()
        if let last, last.columnsVersion == version, last.conflict == conflict, last.table == table,
            last.database == database
        {
            encoder.memo = EncodingMemo(
                columnsVersion: version, table: table, database: database, conflict: conflict, skip: -1, sql: last.sql)
            return Insert(last.sql, values: EncodedValues(buffer: encoder.valueBuffer))
        }
        let insert = render(setters(encoder.columns, encoder.values))
        lock.lock()
        lastInsert = LastInsert(
            table: table, database: database, conflict: conflict, columnsVersion: version, sql: insert.template)
        lock.unlock()
        encoder.memo = EncodingMemo(
            columnsVersion: version, table: table, database: database, conflict: conflict, skip: -1,
            sql: insert.template)
        return insert
    }

    /// Encodes `value` into setters, one per column.
    func setters(for value: some Encodable) throws -> [Setter] {
        let encoder = takeEncoder()
        defer { returnEncoder(encoder) }
        try encoder.encodeInPlace(value)
        return setters(encoder.columns, encoder.values)
    }

    /// One setter per encoded column.
    private func setters(_ columns: [String], _ values: [ColumnValue]) -> [Setter] {
        var setters: [Setter] = []
        setters.reserveCapacity(columns.count)
        lock.lock()
        defer { lock.unlock() }
        for index in columns.indices {
            setters.append(values[index].setter(template: template(for: columns[index], at: index)))
        }
        return setters
    }

    /// The quoted template of `column`, the column at `position`, made when the column there
    /// changed. Called with the lock held.
    private func template(for column: String, at position: Int) -> String {
        if position < templates.count, templates[position].column == column { return templates[position].template }
        let template = SQLExpression<Void>(column).template
        if position < templates.count {
            templates[position] = (column, template)
        } else if position == templates.count {
            templates.append((column, template))
        }
        return template
    }

    /// The kept encoder, or a fresh one when another thread holds it.
    private func takeEncoder() -> RowEncoder {
        lock.lock()
        defer { lock.unlock() }
        if let spare = spareEncoder {
            spareEncoder = nil
            return spare
        }
        return RowEncoder(
            options: options, naming: ColumnNaming(options: options), rowType: rowType, omitsNil: omitsNil,
            keepsContainer: true)
    }

    private func returnEncoder(_ encoder: RowEncoder) {
        lock.lock()
        let dropped = spareEncoder
        spareEncoder = encoder
        lock.unlock()
        dropped?.finish()
    }
}

extension ColumnValue {
    /// A typed-tier setter assigning this value to the column whose quoted template is
    /// `template`: the setter ``setter(column:)`` makes, without quoting the name again.
    func setter(template: String) -> Setter {
        switch self {
        case .null: SQLExpression<String?>(template, []) <- (nil as String?)
        case .integer(let value): SQLExpression<Int64>(template, []) <- value
        case .real(let value): SQLExpression<Double>(template, []) <- value
        case .text(let value): SQLExpression<String>(template, []) <- value
        case .blob(let bytes): SQLExpression<Blob>(template, []) <- Blob(bytes: bytes)
        }
    }
}

/// Encoded values an insert binds as they are: the encoder's buffer, which the encoder
/// leaves alone (writing the next row into a copy) while the insert refers to it.
struct EncodedValues: InsertValueList {
    let buffer: ColumnValueBuffer

    var parameterCount: Int { buffer.count }

    var bindings: [Binding?] { buffer.array.map(\.binding) }

    func bind(to handle: OpaquePointer) -> Int32 {
        buffer.bind(to: handle, count: buffer.count)
    }
}
