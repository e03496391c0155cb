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
    /// A `nil` optional is left out (so column defaults apply); nested values, arrays and
    /// dictionaries are stored as JSON text.
    ///
    /// - Parameters:
    ///   - encodable: the value to insert.
    ///   - userInfo: passed to the value's `encode(to:)` through the encoder.
    ///   - otherSetters: further columns to set, after the value's own.
    ///   - options: key and date strategies.
    /// - Throws: `EncodingError` naming the column and the value's type for a value SQLite
    ///   cannot store (such as a `UInt64` above `Int64.max`).
    public func insert(
        _ encodable: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        options: CodingOptions = CodingOptions()
    ) throws -> Insert {
        if userInfo.isEmpty, otherSetters.isEmpty {
            let table = insertTable
            let planned = try EncodingPlan.insert(
                encodable, options: options, table: table.name, database: table.database, conflict: nil
            ) { insert($0) }
            if let planned { return planned }
        }
        return insert(try Self.setters(for: encodable, userInfo, options, omitsNil: true) + otherSetters)
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
        if userInfo.isEmpty, otherSetters.isEmpty {
            let table = insertTable
            let planned = try EncodingPlan.insert(
                encodable, options: options, table: table.name, database: table.database, conflict: onConflict
            ) { insert(or: onConflict, $0) }
            if let planned { return planned }
        }
        let setters = try Self.setters(for: encodable, userInfo, options, omitsNil: true)
        return insert(or: onConflict, setters + otherSetters)
    }

    /// One `INSERT` of several `Encodable` values: `INSERT INTO "users" ("name") VALUES ('a'), ('b')`.
    ///
    /// `otherSetters` are added to every row. Rows that leave out a `nil` column get `NULL`.
    public func insertMany(
        _ encodables: [any Encodable], userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        options: CodingOptions = CodingOptions()
    ) throws -> Insert {
        let rows = try encodables.map { encodable in
            try Self.setters(for: encodable, userInfo, options, omitsNil: true) + otherSetters
        }
        return insertMany(rows)
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
    /// Unlike ``insert(_:userInfo:otherSetters:options:)``, a `nil` optional is written as
    /// `NULL`, so an upsert clears what the value has cleared.
    public func upsert(
        _ encodable: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        onConflictOf conflicting: Expressible, options: CodingOptions = CodingOptions()
    ) throws -> Insert {
        upsert(
            try Self.setters(for: encodable, userInfo, options, omitsNil: false) + otherSetters,
            onConflictOf: conflicting)
    }

    /// An `UPDATE` setting every column of an `Encodable` value, for the rows the query's filter
    /// selects (every row without a filter):
    ///
    /// ```swift
    /// try db.run(users.filter(id == userId).update(user))
    /// // UPDATE "users" SET "name" = 'test' WHERE ("id" = 1)
    /// ```
    ///
    /// A `nil` optional is written as `NULL`.
    public func update(
        _ encodable: some Encodable, userInfo: [CodingUserInfoKey: Any] = [:], otherSetters: [Setter] = [],
        options: CodingOptions = CodingOptions()
    ) throws -> Update {
        update(try Self.setters(for: encodable, userInfo, options, omitsNil: false) + otherSetters)
    }

    /// The setters for the columns `encodable` encodes to.
    static func setters(
        for encodable: any Encodable, _ userInfo: [CodingUserInfoKey: Any], _ options: CodingOptions, omitsNil: Bool
    ) throws -> [Setter] {
        if userInfo.isEmpty, let plan = EncodingPlan.of(type(of: encodable), options: options, omitsNil: omitsNil) {
            return try plan.setters(for: encodable)
        }
        let encoder = RowEncoder(
            options: options, naming: ColumnNaming(options: options), rowType: "\(type(of: encodable))",
            userInfo: userInfo, omitsNil: omitsNil)
        let (columns, values) = try encoder.encodeRow(encodable)
        return zip(columns, values).map { column, value in value.setter(column: column) }
    }
}
