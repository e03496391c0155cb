/// An `INSERT` statement; `try db.run(insert)` runs it and returns the new row's rowid.
public struct Insert: ExpressionType, Sendable {
    /// The statement text.
    ///
    /// An insert built from setters is rendered when it runs, through its connection's cache
    /// of statement shapes; reading its text here renders it anew.
    public var template: String {
        get { storedTemplate ?? target.render(values.setters) }
        set { storedTemplate = newValue }
    }

    /// The values to bind.
    ///
    /// An insert built from setters keeps them, and lists their values here only when asked:
    /// `db.run` binds them straight from the setters.
    public var bindings: [Binding?] {
        get { values.allBindings }
        set {
            // The text of the setters the new values replace stays.
            storedTemplate = template
            values = InsertValues(kind: .bindings, bindings: newValue)
        }
    }

    /// The statement text when given; nil for an insert of setters into ``target``, rendered
    /// when it runs.
    var storedTemplate: String?

    /// The table and conflict clause of an insert of setters whose text is rendered when it
    /// runs (``storedTemplate`` nil); unused otherwise.
    let target: InsertTarget

    /// The values, as the insert was built with them.
    var values: InsertValues

    /// An insert from its text and bindings.
    public init(_ template: String, _ bindings: [Binding?]) {
        self.storedTemplate = template
        self.target = InsertTarget.none
        self.values = InsertValues(kind: .bindings, bindings: bindings)
    }

    /// An insert of `setters` into `target`, its text rendered when it runs (see
    /// ``TypedConnectionState``).
    init(_ target: InsertTarget, _ setters: SetterList) {
        self.storedTemplate = nil
        self.target = target
        self.values = InsertValues(kind: .setters, setters: setters)
    }

    /// An insert binding values another tier of this package holds in its own form.
    package init(_ template: String, values: any InsertValueList) {
        self.storedTemplate = template
        self.target = InsertTarget.none
        self.values = InsertValues(kind: .list, list: values)
    }
}

/// The values of an ``Insert``: a list of bindings, the setters it was built from, or values
/// in another tier's form.
///
/// Each form has a field of its own (the others are left empty) rather than an enum payload,
/// so that `db.run` reads the insert's values in place: matching an enum's payload copies it.
struct InsertValues: Sendable {
    enum Kind: UInt8, Sendable { case bindings, setters, list }

    let kind: Kind
    var bindings: [Binding?] = []
    var setters = SetterList(first: nil, rest: [])
    var list: any InsertValueList = NoInsertValues()

    /// The values as bindings.
    var allBindings: [Binding?] {
        switch kind {
        case .bindings: bindings
        case .setters: setters.bindings
        case .list: list.bindings
        }
    }

    /// The number of parameters the values bind.
    var parameterCount: Int {
        switch kind {
        case .bindings: bindings.count
        case .setters: setters.parameterCount
        case .list: list.parameterCount
        }
    }

    /// Binds the values (other than a list of bindings) to the raw statement, from parameter 1
    /// on; returns `SQLITE_OK` or the first failing code.
    func bind(to handle: OpaquePointer) throws(Result) -> Int32 {
        switch kind {
        case .bindings:
            for (offset, binding) in bindings.enumerated() {
                let index = Int32(truncatingIfNeeded: offset + 1)
                let code = try binding?.bind(to: handle, at: index) ?? sqlite3_bind_null(handle, index)
                if code != SQLITE_OK { return code }
            }
            return SQLITE_OK
        case .setters: return try setters.bind(to: handle)
        case .list: return try list.bind(to: handle)
        }
    }
}

/// The list of an insert whose values are in another form.
private struct NoInsertValues: InsertValueList {
    var parameterCount: Int { 0 }
    var bindings: [Binding?] { [] }
    func bind(to handle: OpaquePointer) throws(Result) -> Int32 { SQLITE_OK }
}

/// Values an ``Insert`` binds that another tier of this package holds in its own form (the
/// Codable tier's encoded columns), bound by `db.run` straight to the statement.
package protocol InsertValueList: Sendable {
    /// The number of parameters the values bind.
    var parameterCount: Int { get }

    /// The values as bindings, for ``Insert/bindings``.
    var bindings: [Binding?] { get }

    /// Binds the values to the raw statement, from parameter 1 on; returns `SQLITE_OK` or the
    /// first failing code.
    func bind(to handle: OpaquePointer) throws(Result) -> Int32
}

extension QueryType {
    /// `INSERT INTO "table" ("a", "b") VALUES (?, ?)`, one setter per column.
    ///
    /// ```swift
    /// try db.run(users.insert(email <- "alice@mac.com", name <- "Alice"))
    /// // INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice')
    /// ```
    public func insert(_ value: Setter, _ more: Setter...) -> Insert {
        insert(nil, SetterList(first: value, rest: more))
    }

    /// Inserts a row from a list of setters; an empty list inserts `DEFAULT VALUES`.
    public func insert(_ values: [Setter]) -> Insert {
        insert(nil, SetterList(first: nil, rest: values))
    }

    /// `INSERT OR REPLACE` (or another conflict resolution) with the given setters.
    public func insert(or onConflict: OnConflict, _ values: Setter...) -> Insert {
        insert(onConflict, SetterList(first: nil, rest: values))
    }

    /// `INSERT OR ...` with a list of setters.
    public func insert(or onConflict: OnConflict, _ values: [Setter]) -> Insert {
        insert(onConflict, SetterList(first: nil, rest: values))
    }

    /// `INSERT INTO "table" DEFAULT VALUES`.
    public func insert() -> Insert {
        insert(nil, SetterList(first: nil, rest: []))
    }

    /// The table an insert writes to: its name and database, which make up its SQL name.
    package var insertTable: (name: String, database: String?) {
        let from = clauses.from
        return (from.name, from.database)
    }

    /// `INSERT INTO "table" SELECT ...`: inserts the rows another query returns. An ``Update``,
    /// as in SQLite.swift: `db.run` returns the number of rows inserted.
    public func insert(_ query: QueryType) -> Update {
        let select = query.expression
        return Update("INSERT INTO " + qualifiedTableName + " " + select.template, select.bindings)
    }

    func insert(_ onConflict: OnConflict?, _ values: SetterList) -> Insert {
        let from = clauses.from
        let target = InsertTarget(name: from.name, database: from.database, conflict: onConflict)
        if values.count == 0 { return Insert(target.render(values), []) }
        // Rendered when run, through the connection's shape cache.
        return Insert(target, values)
    }

    /// Inserts several rows in one statement, one array of setters per row:
    /// `INSERT INTO "users" ("email") VALUES ('alice@mac.com'), ('geoff@mac.com')`.
    ///
    /// The columns are those of the first row, in order; every row must set the same columns
    /// (a row missing one gets `NULL` for it, and an extra column throws when run).
    /// `db.run` returns the last inserted rowid.
    public func insertMany(_ values: [[Setter]]) -> Insert {
        insertMany(nil, values)
    }

    /// Inserts several rows, one variadic argument per row (the form SQLite.swift's docs show).
    public func insertMany(_ values: [Setter]...) -> Insert {
        insertMany(nil, values)
    }

    /// Inserts several rows with a conflict resolution: `INSERT OR IGNORE ... VALUES (...), (...)`.
    public func insertMany(or onConflict: OnConflict, _ values: [[Setter]]) -> Insert {
        insertMany(onConflict, values)
    }

    /// Inserts several rows with a conflict resolution, one variadic argument per row.
    public func insertMany(or onConflict: OnConflict, _ values: [Setter]...) -> Insert {
        insertMany(onConflict, values)
    }

    func insertMany(_ onConflict: OnConflict?, _ rows: [[Setter]]) -> Insert {
        if rows.count < 2 { return insert(onConflict, SetterList(first: nil, rest: rows.first ?? [])) }
        var columns: [String] = []
        for row in rows {
            for setter in row where !columns.contains(setter.column.template) {
                columns.append(setter.column.template)
            }
        }
        var sql = "INSERT"
        if let onConflict { sql += " OR " + onConflict.rawValue }
        sql += " INTO " + qualifiedTableName + " (" + columns.joined(separator: ", ") + ") VALUES "
        var bindings: [Binding?] = []
        for (rowOffset, row) in rows.enumerated() {
            if rowOffset > 0 { sql += ", " }
            sql += "("
            for (offset, column) in columns.enumerated() {
                if offset > 0 { sql += ", " }
                if let setter = row.first(where: { $0.column.template == column }) {
                    sql += setter.value.template
                    setter.value.appendBindings(to: &bindings)
                } else {
                    sql += "NULL"
                }
            }
            sql += ")"
        }
        return Insert(sql, bindings)
    }
}

/// What to do when an `INSERT` breaks a constraint (`INSERT OR ...`).
public enum OnConflict: String, Sendable {
    /// `OR REPLACE`: delete the conflicting rows, then insert.
    case replace = "REPLACE"
    /// `OR ROLLBACK`: abort and roll back the transaction.
    case rollback = "ROLLBACK"
    /// `OR ABORT`: abort the statement (SQLite's default).
    case abort = "ABORT"
    /// `OR FAIL`: stop, keeping the statement's earlier changes.
    case fail = "FAIL"
    /// `OR IGNORE`: skip the row.
    case ignore = "IGNORE"
}
