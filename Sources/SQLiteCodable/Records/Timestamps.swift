import Foundation

/// The automatic `created_at`/`updated_at` columns of records whose type sets ``Record/timestamps``.
enum Timestamps {
    static let createdAt = "created_at"
    static let updatedAt = "updated_at"

    /// Sets both columns to `now` (adding them when the record does not encode them).
    static func stampInsert(_ columns: inout [String], _ values: inout [SQLValue], now: SQLValue) {
        set(createdAt, now, &columns, &values)
        set(updatedAt, now, &columns, &values)
    }

    /// Sets `updated_at` to `now` and leaves `created_at` out, so an update keeps it.
    static func stampUpdate(_ columns: inout [String], _ values: inout [SQLValue], now: SQLValue) {
        if let index = columns.firstIndex(of: createdAt) {
            columns.remove(at: index)
            values.remove(at: index)
        }
        set(updatedAt, now, &columns, &values)
    }

    /// The current time, stored as `strategy` stores dates.
    static func now(_ strategy: DateStrategy) -> SQLValue {
        ValueEncoding.encode(Date(), strategy)
    }

    /// Sets `column` to `value`, adding it when it is not among `columns`.
    static func set(
        _ column: String, _ value: SQLValue, _ columns: inout [String], _ values: inout [SQLValue]
    ) {
        if let index = columns.firstIndex(of: column) {
            values[index] = value
        } else {
            columns.append(column)
            values.append(value)
        }
    }
}
