/// Collects the statements of a trigger; passed to the block of
/// ``SchemaType/createTrigger(_:_:_:temporary:ifNotExists:when:body:)``.
///
/// ```swift
/// users.createTrigger("users_cleanup", .after, .delete) { body in
///     body.run(posts.filter(authorId == id.old).delete())
///     body.run(audit.insert(userId <- id.old, action <- "deleted"))
/// }
/// ```
///
/// Each statement's values are written into the SQL as literals: SQLite takes no bound values
/// in a trigger.
public final class TriggerBody {
    /// The statements, rendered, in order.
    var statements: [String] = []

    init() {}

    /// Runs an `INSERT` (or an upsert) for each row.
    public func run(_ insert: Insert) {
        statements.append(insert.asSQL())
    }

    /// Runs an `UPDATE` (or an `INSERT ... SELECT`) for each row.
    public func run(_ update: Update) {
        statements.append(Self.triggerSQL(update.template, update.bindings, update.limitedRows))
    }

    /// Runs a `DELETE` for each row.
    public func run(_ delete: Delete) {
        statements.append(Self.triggerSQL(delete.template, delete.bindings, delete.limitedRows))
    }

    /// An `UPDATE` or a `DELETE` as a trigger takes it, with its values as literals: SQLite takes
    /// no `ORDER BY` or `LIMIT` on them inside a trigger, so a limited one chooses its rows by
    /// rowid.
    private static func triggerSQL(_ template: String, _ bindings: [Binding?], _ rows: LimitedRows?) -> String {
        guard let rows, template == rows.rendered else { return Expression<Void>(template, bindings).asSQL() }
        return Expression<Void>(rows.rowidSQL, bindings).asSQL()
    }

    /// Runs a `SELECT` for each row, for its effects (calling a function).
    public func run(_ query: QueryType) {
        statements.append(query.asSQL())
    }

    /// Stops the change with an error (`RAISE(ABORT, 'message')`...), or skips the row
    /// (`RAISE(IGNORE)`), when `condition` holds (always, without one).
    ///
    /// ```swift
    /// body.raise(.abort("balance cannot be negative"), when: balance.new < 0)
    /// // SELECT RAISE(ABORT, 'balance cannot be negative') WHERE (NEW."balance" < 0.0)
    /// ```
    public func raise(_ action: TriggerRaise, when condition: BooleanExpression? = nil) {
        var sql = "SELECT " + action.sql
        if let condition { sql += " WHERE " + condition.asSQL() }
        statements.append(sql)
    }
}

/// What `RAISE` does in a trigger: see ``TriggerBody/raise(_:when:)``.
public enum TriggerRaise: Sendable, Hashable {
    /// `RAISE(IGNORE)`: the row is skipped, and the statement goes on with the next.
    case ignore
    /// `RAISE(ROLLBACK, message)`: the transaction rolls back, and the statement fails.
    case rollback(String)
    /// `RAISE(ABORT, message)`: the statement's changes are undone, and it fails.
    case abort(String)
    /// `RAISE(FAIL, message)`: the statement fails, keeping the changes it made before.
    case fail(String)

    /// The `RAISE(...)` call, its message quoted.
    var sql: String {
        switch self {
        case .ignore: "RAISE(IGNORE)"
        case .rollback(let message): "RAISE(ROLLBACK, " + message.quotedLiteral + ")"
        case .abort(let message): "RAISE(ABORT, " + message.quotedLiteral + ")"
        case .fail(let message): "RAISE(FAIL, " + message.quotedLiteral + ")"
        }
    }
}
