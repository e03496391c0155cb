/// When a trigger's statements run, relative to the change that fires it.
public enum TriggerTiming: String, Sendable, CaseIterable {
    /// `BEFORE`: before the row changes (tables only).
    case before = "BEFORE"
    /// `AFTER`: after the row changed (tables only).
    case after = "AFTER"
    /// `INSTEAD OF`: in place of the change (views only, which makes them writable).
    case insteadOf = "INSTEAD OF"
}

/// The change that fires a trigger: `.insert`, `.delete`, `.update`, or `.update(of: columns)`
/// for an update of some columns.
///
/// ```swift
/// users.createTrigger("touch", .after, .update(of: email, name)) { ... }
/// // CREATE TRIGGER "touch" AFTER UPDATE OF "email", "name" ON "users" ...
/// ```
public struct TriggerEvent: Sendable {
    /// The event as SQL: `INSERT`, `UPDATE OF "email"`...
    let sql: String

    /// `INSERT`: a row is inserted.
    public static let insert = TriggerEvent(sql: "INSERT")

    /// `DELETE`: a row is deleted.
    public static let delete = TriggerEvent(sql: "DELETE")

    /// `UPDATE`: a row is updated, whatever columns the update sets.
    public static let update = TriggerEvent(sql: "UPDATE")

    /// `UPDATE OF "column", ...`: an update sets one of `columns` (a qualified column,
    /// `users[email]`, stands for its column name).
    public static func update(of columns: Expressible...) -> TriggerEvent {
        update(of: columns)
    }

    /// `UPDATE OF` a list of columns; an empty list is ``update``.
    public static func update(of columns: [Expressible]) -> TriggerEvent {
        if columns.isEmpty { return update }
        let names = columns.map { TriggerRow.columnName($0.expression.template) }
        return TriggerEvent(sql: "UPDATE OF " + names.joined(separator: ", "))
    }
}

extension SchemaType {
    /// `CREATE TRIGGER` on this table (or view): the statements the block adds run for each
    /// row that `event` changes, `timing` it, when `condition` holds.
    ///
    /// ```swift
    /// try db.run(users.createTrigger("users_audit", .after, .insert) { body in
    ///     body.run(audit.insert(userId <- id.new, action <- "created"))
    /// })
    /// // CREATE TRIGGER "users_audit" AFTER INSERT ON "users" FOR EACH ROW BEGIN
    /// //   INSERT INTO "audit" ("user_id", "action") VALUES (NEW."id", 'created'); END
    /// ```
    ///
    /// Refer to the row being changed with ``Expression/new`` and ``Expression/old``
    /// (`email.new`, `NEW."email"`). SQLite takes no bound values in a trigger: values are
    /// written into the SQL as literals (text quoted, `'` doubled), as ``Expressible/asSQL()``
    /// renders them.
    ///
    /// - Parameters:
    ///   - name: the trigger's name. For a table of an attached database, the trigger is
    ///     created in that database (unless `temporary`).
    ///   - timing: `.before`, `.after` (tables), or `.insteadOf` (views).
    ///   - event: `.insert`, `.delete`, `.update` or `.update(of: columns)`.
    ///   - temporary: `CREATE TEMPORARY TRIGGER`, dropped when the connection closes.
    ///   - ifNotExists: `IF NOT EXISTS`, doing nothing when a trigger of that name exists.
    ///   - condition: `WHEN condition`: the statements run only for rows where it holds.
    ///   - body: adds the statements to run, at least one.
    /// - Returns: the SQL, to run with `db.run(_:)`. SQLite reports what it cannot accept
    ///   (an empty body, `INSTEAD OF` on a table...) when it runs.
    public func createTrigger(
        _ name: String, _ timing: TriggerTiming, _ event: TriggerEvent, temporary: Bool = false,
        ifNotExists: Bool = false, when condition: BooleanExpression? = nil, body: (TriggerBody) -> Void
    ) -> String {
        let builder = TriggerBody()
        body(builder)
        var sql = "CREATE " + (temporary ? "TEMPORARY " : "") + "TRIGGER " + (ifNotExists ? "IF NOT EXISTS " : "")
        // A trigger lives in its table's database, and names its table unqualified; a temporary
        // trigger lives in `temp`, and names a table of another database qualified.
        let trigger = SQLText.qualified(name, temporary ? nil : clauses.from.database)
        let table = temporary ? qualifiedTableName : SQLText.quote(clauses.from.name)
        sql += trigger + " " + timing.rawValue + " " + event.sql + " ON " + table + " FOR EACH ROW"
        if let condition { sql += " WHEN " + condition.asSQL() }
        sql += " BEGIN "
        for statement in builder.statements { sql += statement + "; " }
        return sql + "END"
    }

    /// `DROP TRIGGER`, with `IF EXISTS` when asked, for a trigger created by
    /// ``createTrigger(_:_:_:temporary:ifNotExists:when:body:)`` on this table.
    ///
    /// ```swift
    /// try db.run(users.dropTrigger("users_audit", ifExists: true))
    /// // DROP TRIGGER IF EXISTS "users_audit"
    /// ```
    public func dropTrigger(_ name: String, ifExists: Bool = false) -> String {
        "DROP TRIGGER " + (ifExists ? "IF EXISTS " : "") + SQLText.qualified(name, clauses.from.database)
    }
}
