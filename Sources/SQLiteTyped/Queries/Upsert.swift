/// The `excluded` pseudo-table of an upsert: the row that failed to insert.
let excludedTable = Table("excluded")

extension QueryType {
    /// Inserts a row or, when it conflicts on `conflicting`, updates the existing row with the
    /// other setters' values:
    ///
    /// ```swift
    /// try db.run(users.upsert(email <- "alice@mac.com", name <- "Alice", onConflictOf: email))
    /// // INSERT INTO "users" ("email", "name") VALUES ('alice@mac.com', 'Alice')
    /// //   ON CONFLICT ("email") DO UPDATE SET "name" = "excluded"."name"
    /// ```
    public func upsert(_ insertValues: Setter..., onConflictOf conflicting: Expressible) -> Insert {
        upsert(insertValues, onConflictOf: conflicting)
    }

    /// Upserts from a list of setters.
    public func upsert(_ insertValues: [Setter], onConflictOf conflicting: Expressible) -> Insert {
        let target = conflicting.expression.template
        let setValues = insertValues.filter { $0.column.template != target }.map { setter in
            Setter(column: setter.column, value: excludedTable[setter.column])
        }
        return upsert(insertValues, onConflictOf: conflicting, set: setValues)
    }

    /// Upserts with explicit update setters, the inserted values given one by one:
    ///
    /// ```swift
    /// try db.run(counts.upsert(word <- "swift", total <- 1, onConflictOf: word, set: [total += 1]))
    /// // INSERT INTO "counts" ("word", "total") VALUES ('swift', 1)
    /// //   ON CONFLICT ("word") DO UPDATE SET "total" = ("total" + 1)
    /// ```
    public func upsert(_ insertValues: Setter..., onConflictOf conflicting: Expressible, set setValues: [Setter])
        -> Insert
    {
        upsert(insertValues, onConflictOf: conflicting, set: setValues)
    }

    /// Upserts with explicit update setters: `... ON CONFLICT ("email") DO UPDATE SET ...`;
    /// with no update setters, `DO NOTHING`.
    public func upsert(_ insertValues: [Setter], onConflictOf conflicting: Expressible, set setValues: [Setter])
        -> Insert
    {
        var renderer = SQLRenderer()
        renderer.append(insert(insertValues).expression)
        renderer.append(" ON CONFLICT (")
        renderer.append(conflicting.expression)
        renderer.append(setValues.isEmpty ? ") DO NOTHING" : ") DO UPDATE SET ")
        renderer.append(setValues.map(\.expression))
        return Insert(renderer.sql, renderer.bindings)
    }
}
