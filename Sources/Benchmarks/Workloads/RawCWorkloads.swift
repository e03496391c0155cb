import SQLiteCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The baseline: Swift calling `sqlite3_*` directly, checking nothing but result codes.
enum RawCWorkloads {
    static func all(_ options: Options) throws -> [Benchmark] {
        let db = try RawSQL.open("raw-c", options)
        let tier = "raw-c"
        var script = ""
        return [
            Benchmark(
                workload: "insert-positional", tier: tier,
                prepare: { try resetTable(db) },
                run: { try insert(db, rows: options.insertRows, byName: false) }),
            Benchmark(
                workload: "insert-named", tier: tier,
                prepare: { try resetTable(db) },
                run: { try insert(db, rows: options.insertRows, byName: true) }),
            Benchmark(
                workload: "fetch-positional", tier: tier,
                prepare: { try ensureRows(db, options.fetchRows) },
                run: { try fetch(db) }),
            Benchmark(
                workload: "insert-record", tier: tier,
                prepare: { try resetTable(db) },
                run: { try insert(db, rows: options.insertRows, byName: false) }),
            Benchmark(
                workload: "fetch-record", tier: tier,
                prepare: { try ensureRows(db, options.fetchRows) },
                run: { try fetchStructs(db) }),
            Benchmark(
                workload: "decode-row", tier: tier,
                prepare: { try ensureRows(db, options.fetchRows) },
                run: { try fetchStructs(db) }),
            Benchmark(
                workload: "point-lookup", tier: tier,
                prepare: { try ensureRows(db, options.fetchRows) },
                run: { try lookup(db, lookups: options.lookups, rows: options.fetchRows) }),
            Benchmark(
                workload: "fetch-data", tier: tier,
                prepare: { try PayloadSchema.ensureRows(db, options.fetchRows) },
                run: { try fetchData(db) }),
            Benchmark(
                workload: "insert-data", tier: tier,
                prepare: { try PayloadSchema.reset(db) },
                run: { try insertData(db, rows: options.insertRows) }),
            Benchmark(
                workload: "execute-script", tier: tier,
                prepare: {
                    // Built on first use, so that other workloads' runs do not pay for it.
                    if script.isEmpty { script = ItemSchema.script(rows: options.insertRows / 10) }
                    try resetTable(db)
                },
                run: {
                    try RawSQL.exec(db, script)
                    return sqlite3_last_insert_rowid(db)
                }),
        ]
    }

    static func resetTable(_ db: OpaquePointer) throws {
        try RawSQL.exec(db, ItemSchema.drop)
        try RawSQL.exec(db, ItemSchema.create)
    }

    /// Populates the table unless it already holds exactly `rows` rows.
    static func ensureRows(_ db: OpaquePointer, _ rows: Int) throws {
        var statement: OpaquePointer?
        if sqlite3_prepare_v2(db, "SELECT count(*) FROM item", -1, &statement, nil) == SQLITE_OK,
            sqlite3_step(statement) == SQLITE_ROW, sqlite3_column_int64(statement, 0) == Int64(rows)
        {
            sqlite3_finalize(statement)
            return
        }
        sqlite3_finalize(statement)
        try RawSQL.populate(db, rows: rows)
    }

    static func insert(_ db: OpaquePointer, rows: Int, byName: Bool) throws -> Int64 {
        var statement: OpaquePointer?
        let sql = byName ? ItemSchema.insertNamed : ItemSchema.insertPositional
        guard sqlite3_prepare_v2(db, sql, -1, &statement, nil) == SQLITE_OK else {
            throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        let names = ItemSchema.parameterCNames
        try RawSQL.exec(db, "BEGIN")
        for row in 0..<rows {
            for column in 0..<ItemSchema.columnCount {
                let index =
                    byName
                    ? names[column].withUnsafeBufferPointer { sqlite3_bind_parameter_index(statement, $0.baseAddress) }
                    : Int32(column + 1)
                guard sqlite3_bind_int64(statement, index, ItemSchema.value(row: row, column: column)) == SQLITE_OK
                else { throw RawSQL.Failure(description: "bind failed") }
            }
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
            }
            sqlite3_reset(statement)
        }
        try RawSQL.exec(db, "COMMIT")
        return sqlite3_last_insert_rowid(db)
    }

    static func fetch(_ db: OpaquePointer) throws -> Int64 {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, ItemSchema.selectAll, -1, &statement, nil) == SQLITE_OK else {
            throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var sum: Int64 = 0
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            for column in 0..<Int32(ItemSchema.columnCount) { sum &+= sqlite3_column_int64(statement, column) }
            code = sqlite3_step(statement)
        }
        guard code == SQLITE_DONE else { throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db))) }
        return sum
    }

    /// Reads every payload into `Data`: the honest minimum, `sqlite3_column_blob` and one copy.
    static func fetchData(_ db: OpaquePointer) throws -> Int64 {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, PayloadSchema.selectAll, -1, &statement, nil) == SQLITE_OK else {
            throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var sum: Int64 = 0
        var code = sqlite3_step(statement)
        while code == SQLITE_ROW {
            let id = sqlite3_column_int64(statement, 0)
            let count = Int(sqlite3_column_bytes(statement, 1))
            let data = sqlite3_column_blob(statement, 1).map { Data(bytes: $0, count: count) } ?? Data()
            sum &+= id &+ Int64(data.count) &+ Int64(data.first ?? 0)
            code = sqlite3_step(statement)
        }
        guard code == SQLITE_DONE else { throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db))) }
        return sum
    }

    /// Inserts `rows` payloads, binding each `Data`'s bytes in place (SQLite copies them).
    static func insertData(_ db: OpaquePointer, rows: Int) throws -> Int64 {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, PayloadSchema.insert, -1, &statement, nil) == SQLITE_OK else {
            throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        let values = PayloadSchema.values
        try RawSQL.exec(db, "BEGIN")
        for row in 0..<rows {
            sqlite3_reset(statement)
            sqlite3_bind_int64(statement, 1, Int64(row + 1))
            let code = values[row % values.count].withUnsafeBytes { bytes in
                sqlite3_bind_blob64(statement, 2, bytes.baseAddress, sqlite3_uint64(bytes.count), Destructor.transient)
            }
            guard code == SQLITE_OK, sqlite3_step(statement) == SQLITE_DONE else {
                throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
            }
        }
        try RawSQL.exec(db, "COMMIT")
        return sqlite3_last_insert_rowid(db)
    }

    /// Reads every row into a ten-field struct, the raw C counterpart of decoding records.
    static func fetchStructs(_ db: OpaquePointer) throws -> Int64 {
        struct Item {
            var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int64
        }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, ItemSchema.selectAll, -1, &statement, nil) == SQLITE_OK else {
            throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var items: [Item] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            items.append(
                Item(
                    i0: sqlite3_column_int64(statement, 0), i1: sqlite3_column_int64(statement, 1),
                    i2: sqlite3_column_int64(statement, 2), i3: sqlite3_column_int64(statement, 3),
                    i4: sqlite3_column_int64(statement, 4), i5: sqlite3_column_int64(statement, 5),
                    i6: sqlite3_column_int64(statement, 6), i7: sqlite3_column_int64(statement, 7),
                    i8: sqlite3_column_int64(statement, 8), i9: sqlite3_column_int64(statement, 9)))
        }
        return items.reduce(0) {
            $0 &+ $1.i0 &+ $1.i1 &+ $1.i2 &+ $1.i3 &+ $1.i4 &+ $1.i5 &+ $1.i6 &+ $1.i7 &+ $1.i8 &+ $1.i9
        }
    }

    static func lookup(_ db: OpaquePointer, lookups: Int, rows: Int) throws -> Int64 {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, ItemSchema.selectByRowid, -1, &statement, nil) == SQLITE_OK else {
            throw RawSQL.Failure(description: String(cString: sqlite3_errmsg(db)))
        }
        defer { sqlite3_finalize(statement) }
        var sum: Int64 = 0
        for lookup in 0..<lookups {
            sqlite3_bind_int64(statement, 1, ItemSchema.lookupRowid(lookup, rows: rows))
            guard sqlite3_step(statement) == SQLITE_ROW else {
                throw RawSQL.Failure(description: "row not found")
            }
            for column in 0..<Int32(ItemSchema.columnCount) { sum &+= sqlite3_column_int64(statement, column) }
            sqlite3_reset(statement)
        }
        return sum
    }
}
