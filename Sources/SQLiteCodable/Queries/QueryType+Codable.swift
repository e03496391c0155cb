import Foundation

extension QueryType {
    /// An `INSERT` of an `Encodable` value, one column per property, with the SQL SQLite.swift
    /// produces:
    ///
    /// ```swift
    /// struct User: Encodable { let name: String }
    /// try db.run(users.insert(User(name: "test")))
    /// // INSERT INTO "users" ("name") VALUES ('test')
    /// ```
    ///
    /// A `nil` optional is left out (so the column's default applies; see
    /// ``CodingOptions/nilEncodingStrategy``); nested values, arrays and dictionaries are stored
    /// as JSON text.
    ///
    /// - Parameters:
    ///   - encodable: the value to insert.
    ///   - userInfo: passed to the value's `encode(to:)` through the encoder.
    ///   - otherSetters: further columns to set, after the value's own.
    ///   - options: key, date and `nil` strategies.
    /// - Throws: `EncodingError` naming the column and the value's type for a value SQLite
    ///   cannot store (such as a `UInt64` above `Int64.max`).
    public func insert(
        _ encodable: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        options: CodingOptions = CodingOptions()
    ) throws -> Insert {
        try insert(encodable, userInfo, otherSetters, options, conflict: nil)
    }

    /// `INSERT OR <conflict resolution>` of an `Encodable` value.
    ///
    /// ```swift
    /// try db.run(users.insert(or: .replace, encodable: user))
    /// ```
    public func insert(
        or onConflict: OnConflict, encodable: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:],
        otherSetters: [Setter] = [], options: CodingOptions = CodingOptions()
    ) throws -> Insert {
        try insert(encodable, userInfo, otherSetters, options, conflict: onConflict)
    }

    /// The insert of `encodable`: its SQL rendered here, as the typed tier renders setters,
    /// with the encoded values bound as they are, when nothing but the value is given and it
    /// encodes no NULL (a column the typed tier may render otherwise); else from setters.
    private func insert(
        _ encodable: some Encodable, _ userInfo: [CodingUserInfoKey: Any], _ otherSetters: [Setter],
        _ options: CodingOptions, conflict: OnConflict?
    ) throws -> Insert {
        let (columns, values) = try Self.encodeValues(encodable, userInfo, options)
        guard otherSetters.isEmpty, !columns.isEmpty, !values.contains(.null) else {
            let setters = Self.setters(columns, values) + otherSetters
            return conflict.map { insert(or: $0, setters) } ?? insert(setters)
        }
        let table = insertTable
        let sql = SQLBuilder.build { sql in
            sql.append("INSERT")
            if let conflict {
                sql.append(" OR ")
                sql.appendText(conflict.rawValue)
            }
            sql.append(" INTO ")
            if let database = table.database {
                sql.appendIdentifier(database)
                sql.append(".")
            }
            sql.appendIdentifier(table.name)
            sql.append(" (")
            for (offset, column) in columns.enumerated() {
                if offset > 0 { sql.append(", ") }
                sql.appendIdentifier(column)
            }
            sql.append(") VALUES (")
            for offset in columns.indices {
                if offset == 0 { sql.append("?") } else { sql.append(", ?") }
            }
            sql.append(")")
        }
        return Insert(sql, values: EncodedValues(values: values))
    }

    /// One `INSERT` of several `Encodable` values: `INSERT INTO "users" ("name") VALUES ('a'), ('b')`.
    ///
    /// As in SQLite.swift: when every value encodes the same columns, a `nil` optional is left
    /// out as in ``insert(_:userInfo:otherSetters:options:)``; when they differ (some `nil`
    /// where others have a value), every row lists every column its value encodes, `nil` as
    /// `NULL` — even a column that is `nil` in every row, whose default then does not apply.
    /// `otherSetters` are added to every row.
    ///
    /// ```swift
    /// try db.run(people.insertMany([Person(name: "a", age: 1), Person(name: "b", age: nil)]))
    /// // INSERT INTO "people" ("name", "age") VALUES ('a', 1), ('b', NULL)
    /// ```
    public func insertMany(
        _ encodables: [any Encodable], userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        options: CodingOptions = CodingOptions()
    ) throws -> Insert {
        var rows = try encodables.map { try Self.encode($0, userInfo, options) }
        if options.nilEncodingStrategy == .omit, rows.contains(where: { $0.columns != rows[0].columns }) {
            // The rows left out different columns: list them all, NULL for nil.
            rows = try encodables.map { try Self.encode($0, userInfo, options, omitsNil: false) }
        }
        return insertMany(rows.map { $0.setters + otherSetters })
    }

    /// An upsert of an `Encodable` value: inserted, or, when it conflicts on `conflicting`,
    /// written over the existing row's other columns.
    ///
    /// ```swift
    /// try db.run(users.upsert(user, onConflictOf: email))
    /// // INSERT INTO "users" ("email", "name") VALUES (?, ?)
    /// //   ON CONFLICT ("email") DO UPDATE SET "name" = "excluded"."name"
    /// ```
    ///
    /// As in SQLite.swift, a `nil` optional is left out of both the insert and the update: an
    /// existing row keeps its value. ``NilEncodingStrategy/null`` writes `NULL` instead.
    public func upsert(
        _ encodable: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        onConflictOf conflicting: Expressible, options: CodingOptions = CodingOptions()
    ) throws -> Insert {
        upsert(try Self.encode(encodable, userInfo, options).setters + otherSetters, onConflictOf: conflicting)
    }

    /// An `UPDATE` setting the columns of an `Encodable` value, for the rows the query's filter
    /// selects (every row without a filter):
    ///
    /// ```swift
    /// try db.run(users.filter(id == userId).update(user))
    /// // UPDATE "users" SET "name" = 'test' WHERE ("id" = 1)
    /// ```
    ///
    /// As in SQLite.swift, a `nil` optional is left out of the `SET` list: the column keeps its
    /// value. ``NilEncodingStrategy/null`` sets it to `NULL` instead.
    public func update(
        _ encodable: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        options: CodingOptions = CodingOptions()
    ) throws -> Update {
        update(try Self.encode(encodable, userInfo, options).setters + otherSetters)
    }

    /// The columns `encodable` encodes to and a setter for each; `nil` optionals left out as
    /// `options` says unless `omitsNil` is given.
    static func encode(
        _ encodable: any Encodable, _ userInfo: [CodingUserInfoKey: Any], _ options: CodingOptions,
        omitsNil: Bool? = nil
    ) throws -> (columns: [String], setters: [Setter]) {
        let (columns, values) = try encodeValues(encodable, userInfo, options, omitsNil: omitsNil)
        return (columns, setters(columns, values))
    }

    /// The columns and values `encodable` encodes to.
    private static func encodeValues(
        _ encodable: any Encodable, _ userInfo: [CodingUserInfoKey: Any], _ options: CodingOptions,
        omitsNil: Bool? = nil
    ) throws -> (columns: [String], values: [SQLValue]) {
        let encoder = RowEncoder(
            options: options, naming: ColumnNaming(options: options), rowType: type(of: encodable),
            userInfo: userInfo, omitsNil: omitsNil ?? (options.nilEncodingStrategy == .omit))
        return try encoder.encodeRow(encodable)
    }

    /// A setter for each column, with the SQL a setter built with `<-` has.
    private static func setters(_ columns: [String], _ values: [SQLValue]) -> [Setter] {
        zip(columns, values).map { column, value in
            // `SQLExpression<Void>(column).template`.
            value.setter(template: SQLBuilder.identifier(column))
        }
    }
}

/// Encoded values an insert binds as they are.
private struct EncodedValues: InsertValueList {
    let values: [SQLValue]

    var parameterCount: Int { values.count }

    var bindings: [Binding?] { values.map(\.binding) }

    func bind(to handle: OpaquePointer) -> Int32 {
        for (offset, value) in values.enumerated() {
            let code = value.bind(to: handle, at: Int32(offset + 1))
            if code != SQLITE_OK { return code }
        }
        return SQLITE_OK
    }
}
