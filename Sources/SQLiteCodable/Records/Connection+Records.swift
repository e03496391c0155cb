import Foundation

extension Connection {
    // MARK: - Writing

    /// Inserts `record` and returns its rowid. An auto-increment key that is 0 or nil is left
    /// to SQLite; timestamps are set when the type keeps them.
    ///
    /// ```swift
    /// let rowid = try db.insert(Item(name: "Pen", price: 1.5))
    /// ```
    ///
    /// Records of one type reuse one prepared statement. Use ``save(_:)`` to get the record
    /// back with its new key.
    @discardableResult
    public func insert<R: Record>(_ record: R) throws -> Int64 {
        try withLock {
            let plan = try usablePlan(R.self)
            let encoder = plan.takeEncoder()
            defer { plan.giveBack(encoder) }
            try encoder.encodeInPlace(record)
            if plan.timestamps { return try insertEncoded(plan, encoder.columns, encoder.values).rowid }
            let skip = plan.newKeyIndex(encodedBy: encoder)
            let buffer = encoder.valueBuffer
            let count = buffer.count - (skip >= 0 ? 1 : 0)
            return try runCachedLocked(plan.insertSQL(encodedBy: encoder, skipping: skip), binding: count) { handle in
                buffer.bind(to: handle, count: buffer.count, skipping: skip)
            }
        }
    }

    /// Inserts `records` in one transaction (a savepoint inside an open one), reusing one
    /// prepared statement, and returns their rowids.
    ///
    /// ```swift
    /// let ids = try db.insertMany(items)
    /// ```
    @discardableResult
    public func insertMany<R: Record>(_ records: [R]) throws -> [Int64] {
        try inTransaction {
            let plan = try usablePlan(R.self)
            let encoder = plan.takeEncoder()
            defer { plan.giveBack(encoder) }
            var rowids: [Int64] = []
            rowids.reserveCapacity(records.count)
            var statement: Statement?
            // The columns the statement was prepared for: records of one type usually share them.
            var statementColumns: [String] = []
            defer { if let statement { returnToCache(statement) } }
            for record in records {
                try encoder.encodeInPlace(record)
                var columns = encoder.columns
                var values = encoder.values
                prepareInsert(plan, &columns, &values)
                if statement == nil || statementColumns != columns {
                    if let previous = statement { returnToCache(previous) }
                    statement = nil
                    statement = try cachedStatement(plan.insertSQL(columns))
                    statementColumns = columns
                }
                guard let statement else { continue }
                try statement.runLocked(binding: values.count) { handle in Self.bind(values, to: handle) }
                rowids.append(sqlite3_last_insert_rowid(handle))
            }
            return rowids
        }
    }

    /// Inserts or updates `record`, then updates it with what the database assigned: the new
    /// rowid of an auto-increment key, and timestamps.
    ///
    /// ```swift
    /// var item = Item(name: "Pen", price: 1.5)
    /// try db.save(&item)          // INSERT: item.id is set
    /// item.price = 2
    /// try db.save(&item)          // UPDATE "item" SET ... WHERE "id" = ?
    /// ```
    ///
    /// A record with an auto-increment key is new when the key is 0 or nil; one with a key
    /// but no row (deleted meanwhile) is inserted with that key. A record with its own key is
    /// upserted.
    public func save<R: Record>(_ record: inout R) throws {
        try withLock {
            let plan = try usablePlan(R.self)
            var (columns, values) = try plan.encode(record)
            let keyIndex = try plan.keyIndex(columns)
            if plan.isNew(values[keyIndex]) {
                let inserted = try insertEncoded(plan, columns, values)
                columns = inserted.columns + [plan.primaryKey.column]
                values = inserted.values + [.integer(inserted.rowid)]
            } else if plan.primaryKey.isAutoIncrement {
                if let updated = try updateEncoded(plan, columns, values) {
                    // Keep every column the record encodes (created_at included) and take
                    // what the update stored.
                    for (column, value) in zip(updated.columns, updated.values) {
                        Timestamps.set(column, value, &columns, &values)
                    }
                } else {
                    (_, columns, values) = try insertEncoded(plan, columns, values)
                }
            } else {
                let key = values[keyIndex]
                var upsertColumns = columns
                var upsertValues = values
                if plan.timestamps {
                    Timestamps.stampInsert(
                        &upsertColumns, &upsertValues, now: Timestamps.now(plan.options.dateStrategy))
                }
                try runStatement(plan.upsertSQL(upsertColumns), upsertValues)
                if plan.timestamps, let stored = try findRecord(R.self, key: key) {
                    // An existing row kept its created_at: read the row as stored.
                    record = stored
                    return
                }
                (columns, values) = (upsertColumns, upsertValues)
            }
            record = try plan.decode(R.self, columns: columns, values: values)
        }
    }

    /// Updates the row of `record` (found by its primary key) with every column; `false` when
    /// no row has the key.
    ///
    /// ```swift
    /// try db.update(item)         // UPDATE "item" SET "name" = ?, "price" = ? WHERE "id" = ?
    /// ```
    @discardableResult
    public func update<R: Record>(_ record: R) throws -> Bool {
        try withLock {
            let plan = try usablePlan(R.self)
            let (columns, values) = try plan.encode(record)
            return try updateEncoded(plan, columns, values) != nil
        }
    }

    /// Updates only the columns whose values differ between `record` and `original` (the
    /// record as it was read); no statement runs when nothing changed. `false` when nothing
    /// changed or no row has the key.
    ///
    /// ```swift
    /// var edited = original
    /// edited.price = 3
    /// try db.update(edited, from: original)   // UPDATE "item" SET "price" = ? WHERE "id" = ?
    /// ```
    @discardableResult
    public func update<R: Record>(_ record: R, from original: R) throws -> Bool {
        try withLock {
            let plan = try usablePlan(R.self)
            let (columns, values) = try plan.encode(record)
            let (oldColumns, oldValues) = try plan.encode(original)
            let keyIndex = try plan.keyIndex(columns)
            var changedColumns: [String] = []
            var changedValues: [SQLValue] = []
            for (offset, column) in columns.enumerated() where offset != keyIndex {
                let old = oldColumns.firstIndex(of: column).map { oldValues[$0] }
                if old != values[offset] {
                    changedColumns.append(column)
                    changedValues.append(values[offset])
                }
            }
            guard !changedColumns.isEmpty else { return false }
            changedColumns.append(plan.primaryKey.column)
            changedValues.append(values[keyIndex])
            return try updateEncoded(plan, changedColumns, changedValues) != nil
        }
    }

    /// Deletes the row of `record`, by its primary key; `false` when there was none.
    @discardableResult
    public func delete<R: Record>(_ record: R) throws -> Bool {
        try withLock {
            let plan = try usablePlan(R.self)
            let (columns, values) = try plan.encode(record)
            return try deleteRow(plan, key: values[try plan.keyIndex(columns)])
        }
    }

    /// Deletes the row of type `type` whose primary key is `id`; `false` when there was none.
    ///
    /// ```swift
    /// try db.delete(Item.self, id: 3)
    /// ```
    @discardableResult
    public func delete<R: Record>(_ type: R.Type, id: some Encodable) throws -> Bool {
        try withLock {
            let plan = try usablePlan(R.self)
            return try deleteRow(plan, key: try keyValue(id, plan))
        }
    }

    // MARK: - Reading

    /// Every record `query` selects (a query on ``Record/table``, filtered, ordered, limited).
    ///
    /// ```swift
    /// let cheap = try db.fetchAll(Item.self, Item.table.filter(price < 2).order(name))
    /// ```
    public func fetchAll<R: Record>(_ type: R.Type, _ query: QueryType) throws -> [R] {
        let expression = query.expression
        return try fetchRecords(R.self, sql: expression.template, bindings: expression.bindings)
    }

    /// The first record `query` selects, or nil.
    public func fetchOne<R: Record>(_ type: R.Type, _ query: QueryType) throws -> R? {
        try fetchAll(R.self, query.limit(1)).first
    }

    // MARK: - Internals

    /// Reads records with a statement-cached decoder.
    func fetchRecords<R: Record>(_ type: R.Type, sql: String, bindings: [Binding?], first: Bool = false) throws -> [R] {
        try withLock {
            // The table first (a type may create it on first use), then the statement.
            let plan = try usablePlan(R.self)
            return try withLockedCachedStatement(sql) { statement in
                sqlite3_reset(statement.handle)
                try statement.bindLocked(bindings)
                return try decodeRows(R.self, statement, limit: first ? 1 : .max) { state in
                    state.decoder(
                        for: R.self, statement: statement, naming: plan.naming, options: plan.options, userInfo: [:],
                        record: true)
                }
            }
        }
    }

    /// Finds one record by key value.
    func findRecord<R: Record>(_ type: R.Type, key: SQLValue) throws -> R? {
        try findRecord(R.self) { _ in key }
    }

    /// Finds one record by the key `id`, an integer taken as it is (no encoder involved).
    func findRecord<R: Record, ID: Encodable>(_ type: R.Type, id: ID) throws -> R? {
        try findRecord(R.self) { plan in
            if ID.self == Int64.self { return .integer(unsafeBitCast(id, to: Int64.self)) }
            if ID.self == Int.self { return .integer(Int64(unsafeBitCast(id, to: Int.self))) }
            return try keyValue(id, plan)
        }
    }

    /// Runs the record type's lookup statement, kept with the connection, with the key `key`
    /// gives, and decodes its row.
    private func findRecord<R: Record>(_ type: R.Type, key: (RecordPlan) throws -> SQLValue) throws -> R? {
        // The result is written from inside the locked closure rather than returned through
        // it: a generic closure returning `R?` would look the optional's type up on each call.
        var record: R?
        try withLock { () throws -> Void in
            let plan = try usablePlan(R.self)
            let value = try key(plan)
            let statement = try lockedCachedStatement(plan.findSQL)
            defer { returnLockedToCache(statement) }
            try statement.bindLocked(binding: 1) { handle in value.bind(to: handle, at: 1) }
            guard try statement.step() else { return }
            record = try plan.lookupDecoder(R.self, for: statement).decodeRow(R.self)
        }
        return record
    }

    /// A key value as a column value.
    func keyValue(_ id: some Encodable, _ plan: RecordPlan) throws -> SQLValue {
        switch id {
        case let integer as Int64: return .integer(integer)
        case let integer as Int: return .integer(Int64(integer))
        case let text as String: return .text(text)
        default:
            return try ValueEncoding.encode(
                id,
                ValueEncodingContext(
                    options: plan.options, userInfo: [:], column: plan.primaryKey.column, rowType: plan.rowType,
                    codingPath: []))
        }
    }

    /// Runs `body` in a transaction of `mode`, or in a savepoint when one is already open.
    func inTransaction<T>(_ mode: TransactionMode = .deferred, _ body: () throws -> T) throws -> T {
        try withLock {
            isInTransaction ? try savepoint(block: body) : try transaction(mode, block: body)
        }
    }

    /// Leaves out a new auto-increment key and stamps timestamps.
    private func prepareInsert(_ plan: RecordPlan, _ columns: inout [String], _ values: inout [SQLValue]) {
        if plan.primaryKey.isAutoIncrement, let index = columns.firstIndex(of: plan.primaryKey.column),
            plan.isNew(values[index])
        {
            columns.remove(at: index)
            values.remove(at: index)
        }
        if plan.timestamps {
            Timestamps.stampInsert(&columns, &values, now: Timestamps.now(plan.options.dateStrategy))
        }
    }

    /// Inserts a record's columns, prepared by ``prepareInsert(_:_:_:)``; returns the new rowid
    /// and the columns and values inserted.
    private func insertEncoded(_ plan: RecordPlan, _ columns: [String], _ values: [SQLValue]) throws
        -> (rowid: Int64, columns: [String], values: [SQLValue])
    {
        var columns = columns
        var values = values
        prepareInsert(plan, &columns, &values)
        try runStatement(plan.insertSQL(columns), values)
        return (sqlite3_last_insert_rowid(handle), columns, values)
    }

    /// Updates by key; returns the columns and values as stored (with `updated_at`), nil when
    /// no row has the key (or there is nothing to set).
    private func updateEncoded(_ plan: RecordPlan, _ columns: [String], _ values: [SQLValue]) throws
        -> (columns: [String], values: [SQLValue])?
    {
        let keyIndex = try plan.keyIndex(columns)
        let key = values[keyIndex]
        var setColumns = columns
        var setValues = values
        setColumns.remove(at: keyIndex)
        setValues.remove(at: keyIndex)
        if plan.timestamps {
            Timestamps.stampUpdate(&setColumns, &setValues, now: Timestamps.now(plan.options.dateStrategy))
        }
        if setColumns.isEmpty { return nil }
        try runStatement(plan.updateSQL(setColumns), setValues + [key])
        return GatedCalls.changes(handle) > 0 ? (setColumns + [plan.primaryKey.column], setValues + [key]) : nil
    }

    private func deleteRow(_ plan: RecordPlan, key: SQLValue) throws -> Bool {
        try runStatement(plan.deleteSQL, [key])
        return GatedCalls.changes(handle) > 0
    }
}
