import Foundation

/// What encoding values of one `Encodable` type into setters needs, kept between values: an
/// encoder (with the SQL of its last insert, its ``RowEncoder/memo``) and the type's name for
/// errors.
///
/// Kept only for options whose key strategy is not custom and with no user info: the plan is
/// found by the value's type, the key strategy, the date strategy and whether `nil` is left out.
///
/// The plans are process-wide, not kept with a connection: `QueryType.insert(_:)` and the
/// other queries built from an `Encodable` value (SQLite.swift's signatures) have no
/// connection, only a table. One lock, ``EncodingPlan/lock``, guards the plans and everything
/// each plan keeps, so a plan is shared between threads safely (`@unchecked Sendable`).
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

    // Measured: without the encoding side's @exclusivity(unchecked), insert-record codable 2.63 -> 3.00 x raw C, record 2.27 -> 2.66 (callgrind --quick).
    // Guarded by `EncodingPlan.lock` (so without dynamic exclusivity checks).
    /// The encoder kept between values; nil while a value is encoded with it (another value,
    /// on another thread or within the first one's `encode(to:)`, gets a fresh encoder).
    @exclusivity(unchecked) private var spareEncoder: RowEncoder?

    private init(key: Key, options: CodingOptions, rowType: String, omitsNil: Bool) {
        self.key = key
        self.options = options
        self.rowType = rowType
        self.omitsNil = omitsNil
    }

    /// Guards the plans and every plan's kept encoder.
    private static let lock = PlainLock()
    @exclusivity(unchecked) nonisolated(unsafe) private static var plans: [Key: EncodingPlan] = [:]
    /// How many plans are kept; all are dropped (and their encoders freed) when one more is
    /// needed.
    static let capacity = 256

    /// The key of the plan for values of `type` encoded with `options`; nil when the options
    /// cannot be told apart from others (a custom key strategy).
    private static func key(_ type: Any.Type, options: CodingOptions, omitsNil: Bool) -> Key? {
        let snakeCase: Bool
        switch options.keyEncodingStrategy {
        case .useDefaultKeys: snakeCase = false
        case .convertToSnakeCase: snakeCase = true
        case .custom: return nil
        }
        return Key(
            type: ObjectIdentifier(type), snakeCase: snakeCase, dateStrategy: options.dateStrategy, omitsNil: omitsNil)
    }

    /// The plan for `key`, made on first use. Called with ``EncodingPlan/lock`` held.
    private static func plan(_ key: Key, _ type: Any.Type, options: CodingOptions) -> EncodingPlan {
        if let plan = plans[key] { return plan }
        if plans.count >= capacity { plans.removeAll(keepingCapacity: true) }
        let plan = EncodingPlan(
            key: key,
            options: CodingOptions(
                keyEncodingStrategy: options.keyEncodingStrategy, dateStrategy: options.dateStrategy),
            rowType: "\(type)", omitsNil: key.omitsNil)
        plans[key] = plan
        return plan
    }

    /// The plan for values of `type` encoded with `options`, made on first use; nil when the
    /// options cannot be told apart from others (a custom key strategy).
    static func of(_ type: Any.Type, options: CodingOptions, omitsNil: Bool) -> EncodingPlan? {
        guard let key = key(type, options: options, omitsNil: omitsNil) else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return plan(key, type, options: options)
    }

    /// The plan for values of `type` with its kept encoder, found and taken under one lock (a
    /// fresh encoder when another value holds the kept one). Give the encoder back with
    /// ``giveBack(_:)``. Nil for options a plan cannot be kept for.
    private static func checkOut(_ type: Any.Type, options: CodingOptions, omitsNil: Bool) -> (
        plan: EncodingPlan, encoder: RowEncoder
    )? {
        guard let key = key(type, options: options, omitsNil: omitsNil) else { return nil }
        lock.lock()
        let plan = plan(key, type, options: options)
        let spare = plan.spareEncoder
        plan.spareEncoder = nil
        lock.unlock()
        return (plan, spare ?? plan.makeEncoder())
    }

    /// Keeps `encoder` for the plan's next value, in place of one another value gave back
    /// meanwhile (which is freed).
    private func giveBack(_ encoder: RowEncoder) {
        EncodingPlan.lock.lock()
        spareEncoder = encoder
        EncodingPlan.lock.unlock()
    }

    /// An insert of `value` into `table`, through the plan for its type and `options` (nil when
    /// there is none: a custom key strategy): when its columns are those of the last insert the
    /// same encoder made into the same table, with that insert's SQL and the encoded values
    /// bound as they are (no setters); else through `render`, which makes the insert from
    /// setters. A `nil` left out when `omitsNil`, else written as NULL.
    static func insert<T: Encodable>(
        _ value: T, options: CodingOptions, omitsNil: Bool, table: String, database: String?, conflict: OnConflict?,
        render: ([Setter]) -> Insert
    ) throws -> Insert? {
        guard let (plan, encoder) = checkOut(dynamicType(of: value), options: options, omitsNil: omitsNil) else {
            return nil
        }
        defer { plan.giveBack(encoder) }
        try encoder.encodeInPlace(value)
        if let sql = encoder.memoSQL(table: table, database: database, conflict: conflict, skip: -1) {
            return Insert(sql, values: EncodedValues(buffer: encoder.valueBuffer))
        }
        let insert = render(plan.setters(encoder.columns, encoder.values))
        encoder.memo = EncodingMemo(
            columnsVersion: encoder.columnsVersion, table: table, database: database, conflict: conflict, skip: -1,
            sql: insert.template)
        return insert
    }

    /// The type of `value` as `type(of:)` gives it, without asking the runtime when the static
    /// type is not a class (only a class value can be of a type other than its static type).
    private static func dynamicType<T>(of value: T) -> Any.Type {
        // A class reference is one non-trivial word: anything else is not a class.
        if _isPOD(T.self) || MemoryLayout<T>.size != MemoryLayout<AnyObject>.size { return T.self }
        return type(of: value)
    }

    /// Encodes `value` into setters, one per column, with the columns' names.
    func setters(for value: some Encodable) throws -> (columns: [String], setters: [Setter]) {
        EncodingPlan.lock.lock()
        let spare = spareEncoder
        spareEncoder = nil
        EncodingPlan.lock.unlock()
        let encoder = spare ?? makeEncoder()
        defer { giveBack(encoder) }
        try encoder.encodeInPlace(value)
        return (encoder.columns, setters(encoder.columns, encoder.values))
    }

    /// One setter per encoded column.
    private func setters(_ columns: [String], _ values: [SQLValue]) -> [Setter] {
        var setters: [Setter] = []
        setters.reserveCapacity(columns.count)
        for index in columns.indices {
            setters.append(values[index].setter(template: SQLExpression<Void>(columns[index]).template))
        }
        return setters
    }

    /// A new encoder for the plan's values, keeping its container between values.
    private func makeEncoder() -> RowEncoder {
        RowEncoder(options: options, naming: ColumnNaming(options: options), rowType: rowType, omitsNil: omitsNil)
    }
}

/// Encoded values an insert binds as they are: the encoder's buffer, which the encoder
/// leaves alone (writing the next row into a copy) while the insert refers to it.
struct EncodedValues: InsertValueList {
    /// Only read, on whichever thread runs the insert. It is shared safely because nothing
    /// writes it while this refers to it: its encoder writes a row only into a buffer it holds
    /// the only reference to (checked with `isKnownUniquelyReferenced` before each row, whose
    /// reference counting orders the reads here before those writes), as an array's storage.
    nonisolated(unsafe) let buffer: ColumnValueBuffer

    var parameterCount: Int { buffer.count }

    var bindings: [Binding?] { buffer.array.map(\.binding) }

    func bind(to handle: OpaquePointer) -> Int32 {
        buffer.bind(to: handle, count: buffer.count)
    }
}
