import SQLiteCore

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The same workloads through SQLiteCore's public API, written as a user would for speed:
/// one reused prepared statement, values bound in one call, columns read through `row`.
enum CoreWorkloads {
    static func all(_ options: Options) throws -> [Benchmark] {
        let db = try options.connection("core")
        let tier = "core"
        var script = ""
        return [
            Benchmark(
                workload: "insert-positional", tier: tier,
                prepare: { try RawCWorkloads.resetTable(db.handle) },
                run: { try insertPositional(db, rows: options.insertRows) }),
            Benchmark(
                workload: "insert-named", tier: tier,
                prepare: { try RawCWorkloads.resetTable(db.handle) },
                run: { try insertNamed(db, rows: options.insertRows) }),
            Benchmark(
                workload: "fetch-positional", tier: tier,
                prepare: { try RawCWorkloads.ensureRows(db.handle, options.fetchRows) },
                run: { try fetch(db) }),
            Benchmark(
                workload: "point-lookup", tier: tier,
                prepare: { try RawCWorkloads.ensureRows(db.handle, options.fetchRows) },
                run: { try lookup(db, lookups: options.lookups, rows: options.fetchRows) }),
            Benchmark(
                workload: "fetch-data", tier: tier,
                prepare: { try PayloadSchema.ensureRows(db.handle, options.fetchRows) },
                run: { try fetchData(db) }),
            Benchmark(
                workload: "insert-data", tier: tier,
                prepare: { try PayloadSchema.reset(db.handle) },
                run: { try insertData(db, rows: options.insertRows) }),
            Benchmark(
                workload: "execute-script", tier: tier,
                prepare: {
                    if script.isEmpty { script = ItemSchema.script(rows: options.insertRows / 10) }
                    try RawCWorkloads.resetTable(db.handle)
                },
                run: {
                    try db.execute(script)
                    return db.lastInsertRowid
                }),
        ]
    }

    static func insertPositional(_ db: Connection, rows: Int) throws -> Int64 {
        let statement = try db.prepare(ItemSchema.insertPositional)
        try db.transaction {
            for row in 0..<rows {
                let base = Int64(row * 10)
                try statement.run(
                    base, base + 1, base + 2, base + 3, base + 4, base + 5, base + 6, base + 7, base + 8, base + 9)
            }
        }
        return db.lastInsertRowid
    }

    static func insertNamed(_ db: Connection, rows: Int) throws -> Int64 {
        let statement = try db.prepare(ItemSchema.insertNamed)
        try db.transaction {
            for row in 0..<rows {
                let base = Int64(row * 10)
                try statement.run(
                    named: .init(":i0", base), .init(":i1", base + 1), .init(":i2", base + 2), .init(":i3", base + 3),
                    .init(":i4", base + 4), .init(":i5", base + 5), .init(":i6", base + 6), .init(":i7", base + 7),
                    .init(":i8", base + 8), .init(":i9", base + 9))
            }
        }
        return db.lastInsertRowid
    }

    static func fetch(_ db: Connection) throws -> Int64 {
        let statement = try db.prepare(ItemSchema.selectAll)
        var sum: Int64 = 0
        while try statement.step() {
            let row = statement.row
            for column in 0..<ItemSchema.columnCount { sum &+= row[column] as Int64 }
        }
        return sum
    }

    static func lookup(_ db: Connection, lookups: Int, rows: Int) throws -> Int64 {
        let statement = try db.prepare(ItemSchema.selectByRowid)
        var sum: Int64 = 0
        for lookup in 0..<lookups {
            statement.bind(ItemSchema.lookupRowid(lookup, rows: rows))
            guard try statement.step() else { throw RawSQL.Failure(description: "row not found") }
            let row = statement.row
            for column in 0..<ItemSchema.columnCount { sum &+= row[column] as Int64 }
        }
        return sum
    }

    /// Reads every payload as `Data` through the row's subscript.
    static func fetchData(_ db: Connection) throws -> Int64 {
        let statement = try db.prepare(PayloadSchema.selectAll)
        var sum: Int64 = 0
        while try statement.step() {
            let row = statement.row
            let id: Int64 = row[0]
            let data: Data = row[1]
            sum &+= id &+ Int64(data.count) &+ Int64(data.first ?? 0)
        }
        return sum
    }

    /// Inserts `rows` payloads, each `Data` bound as a parameter of `run`.
    static func insertData(_ db: Connection, rows: Int) throws -> Int64 {
        let statement = try db.prepare(PayloadSchema.insert)
        let values = PayloadSchema.values
        try db.transaction {
            for row in 0..<rows {
                try statement.run(Int64(row + 1), values[row % values.count])
            }
        }
        return db.lastInsertRowid
    }
}
