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
        insert(try Self.encode(encodable, userInfo, options).setters + otherSetters)
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
        insert(or: onConflict, try Self.encode(encodable, userInfo, options).setters + otherSetters)
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
        let omitsNil = omitsNil ?? (options.nilEncodingStrategy == .omit)
        let encoder = RowEncoder(
            options: options, naming: ColumnNaming(options: options), rowType: type(of: encodable),
            userInfo: userInfo, omitsNil: omitsNil)
        let (columns, values) = try encoder.encodeRow(encodable)
        var setters: [Setter] = []
        setters.reserveCapacity(columns.count)
        for (column, value) in zip(columns, values) {
            // `SQLExpression<Void>(column).template`.
            setters.append(value.setter(template: SQLBuilder.identifier(column)))
        }
        return (columns, setters)
    }
}
