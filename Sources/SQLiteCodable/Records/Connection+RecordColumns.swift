import Foundation
import SQLiteSchema

/// The columns of a record type's table as its finders and updates by name see them: the
/// table's real columns (SQLiteSchema's `columnNames(table:)`), to check the names they are
/// given before anything runs.
struct RecordColumns {
    let plan: RecordPlan
    /// The table's columns, by their lowercased names (SQLite's names ignore ASCII case).
    private let columns: [String: String]

    init(plan: RecordPlan, columns: [String]) {
        self.plan = plan
        self.columns = Dictionary(columns.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Whether the table has the column.
    func contains(_ column: String) -> Bool {
        columns[column.lowercased()] != nil
    }

    /// The table's column that `name` names: a column, or a property mapped (by
    /// ``Record/columnMapping`` and the key strategy) to one.
    ///
    /// - Throws: ``RecordError/unknownColumn(type:table:column:)``.
    func resolve(_ name: String) throws -> String {
        if let column = columns[name.lowercased()] { return column }
        if let column = columns[plan.naming.encodedColumn(forKey: name).lowercased()] { return column }
        throw RecordError.unknownColumn(type: plan.rowType, table: plan.tableName, column: name)
    }

    /// `value` as the record stores values: SQLite's own types as they are, dates by the
    /// record's date strategy, other `Encodable` values as the record encodes them.
    func value(_ value: Binding?, column: String) throws -> SQLValue {
        guard let value else { return .null }
        if let stored = try? SQLValue(value) { return stored }
        if let encodable = value as? any Encodable {
            return try ValueEncoding.encode(
                encodable,
                ValueEncodingContext(
                    options: plan.options, userInfo: [:], column: column, rowType: plan.rowType, codingPath: []))
        }
        throw Result.misuse(
            "\(value) (for column \"\(column)\" of \(plan.rowType)) cannot be bound", code: SQLITE_MISMATCH)
    }

    /// `"a" = ? AND "b" IS NULL` for equality conditions (sorted by column, so that the same
    /// names give the same SQL), with the values to bind; empty for no conditions.
    func conditions(_ conditions: [String: Binding?]) throws -> (sql: String, values: [SQLValue]) {
        var terms: [String] = []
        var values: [SQLValue] = []
        for (name, binding) in conditions.sorted(by: { $0.key < $1.key }) {
            let column = try resolve(name)
            let value = try self.value(binding, column: column)
            if value.isNull {
                terms.append(column.quotedIdentifier + " IS NULL")
            } else {
                terms.append(column.quotedIdentifier + " = ?")
                values.append(value)
            }
        }
        return (terms.joined(separator: " AND "), values)
    }

    /// `ORDER BY "a" ASC, "b" DESC` for `orders` (`true`: ascending), or empty.
    func orderBy(_ orders: KeyValuePairs<String, Bool>) throws -> String {
        guard !orders.isEmpty else { return "" }
        return try " ORDER BY "
            + orders.map { try resolve($0.key).quotedIdentifier + ($0.value ? " ASC" : " DESC") }.joined(
                separator: ", ")
    }

    /// The assignments of named values, checked (columns resolved, values converted) before
    /// any runs; sorted by column so that the same names give the same SQL.
    func assignments(_ values: [String: Binding?]) throws -> [RecordAssignment] {
        try values.sorted(by: { $0.key < $1.key }).map { name, binding in
            let column = try resolve(name)
            return RecordAssignment(column: column, template: "?", values: [try value(binding, column: column)])
        }
    }

    /// The assignments of typed-tier setters (`price <- 199`, `stock <- stock + 1`), their
    /// columns resolved against the table.
    func assignments(_ setters: [Setter]) throws -> [RecordAssignment] {
        try setters.map { setter in
            let expression = setter.expression
            guard let (name, rest) = expression.template[...].leadingQuotedName, rest.hasPrefix(" = ")
            else {
                throw RecordError.unknownColumn(type: plan.rowType, table: plan.tableName, column: expression.template)
            }
            let column = try resolve(name)
            let values = try expression.bindings.map { try value($0, column: column) }
            return RecordAssignment(column: column, template: String(rest.dropFirst(3)), values: values)
        }
    }
}

/// One `"column" = ...` of an `UPDATE`: a value to bind, or a setter's SQL and bindings.
struct RecordAssignment {
    let column: String
    let template: String
    let values: [SQLValue]
}

extension Connection {
    /// The columns of `plan`'s table. Call with the connection locked.
    func recordColumns(_ plan: RecordPlan) throws -> RecordColumns {
        RecordColumns(plan: plan, columns: try schema.columnNames(table: plan.tableName))
    }

    /// Runs `UPDATE "table" SET <assignments> WHERE <condition>`, with `updated_at` set when the
    /// type keeps timestamps (unless assigned), and returns the number of rows changed. Call
    /// with the connection locked.
    func runUpdate(
        _ plan: RecordPlan, _ columns: RecordColumns, _ assignments: [RecordAssignment], where condition: String,
        _ conditionValues: [SQLValue]
    ) throws -> Int {
        var assignments = assignments
        if plan.timestamps, columns.contains(Timestamps.updatedAt),
            !assignments.contains(where: { $0.column.lowercased() == Timestamps.updatedAt })
        {
            assignments.append(
                RecordAssignment(
                    column: Timestamps.updatedAt, template: "?", values: [Timestamps.now(plan.options.dateStrategy)]))
        }
        guard !assignments.isEmpty else { return 0 }
        var sql =
            "UPDATE " + plan.quotedTable + " SET "
            + assignments.map { $0.column.quotedIdentifier + " = " + $0.template }.joined(separator: ", ")
        if !condition.isEmpty { sql += " WHERE " + condition }
        try runStatement(sql, assignments.flatMap(\.values) + conditionValues)
        return Int(GatedCalls.changes(handle))
    }
}
