import SQLiteCore
import SQLiteTyped

/// The workloads through the typed query builder, written as its documentation shows.
enum TypedWorkloads {
    static let items = Table("item")
    static let columns = (0..<ItemSchema.columnCount).map { SQLExpression<Int64>("i\($0)") }
    static let rowid = SQLExpression<Int64>("rowid")

    static func all(_ options: Options) throws -> [Benchmark] {
        let db = try options.connection("typed")
        let tier = "typed"
        return [
            Benchmark(
                workload: "insert-named", tier: tier,
                prepare: { try RawCWorkloads.resetTable(db.handle) },
                run: { try insert(db, rows: options.insertRows) }),
            Benchmark(
                workload: "fetch-positional", tier: tier,
                prepare: { try RawCWorkloads.ensureRows(db.handle, options.fetchRows) },
                run: { try fetch(db) }),
            Benchmark(
                workload: "point-lookup", tier: tier,
                prepare: { try RawCWorkloads.ensureRows(db.handle, options.fetchRows) },
                run: { try lookup(db, lookups: options.lookups, rows: options.fetchRows) }),
        ]
    }

    static func insert(_ db: Connection, rows: Int) throws -> Int64 {
        let (i0, i1, i2, i3, i4) = (columns[0], columns[1], columns[2], columns[3], columns[4])
        let (i5, i6, i7, i8, i9) = (columns[5], columns[6], columns[7], columns[8], columns[9])
        try db.transaction {
            for row in 0..<rows {
                let base = Int64(row * 10)
                try db.run(
                    items.insert(
                        i0 <- base, i1 <- base + 1, i2 <- base + 2, i3 <- base + 3, i4 <- base + 4,
                        i5 <- base + 5, i6 <- base + 6, i7 <- base + 7, i8 <- base + 8, i9 <- base + 9))
            }
        }
        return db.lastInsertRowid
    }

    static func fetch(_ db: Connection) throws -> Int64 {
        // Columns as constants, the way the documentation declares them.
        let (i0, i1, i2, i3, i4) = (columns[0], columns[1], columns[2], columns[3], columns[4])
        let (i5, i6, i7, i8, i9) = (columns[5], columns[6], columns[7], columns[8], columns[9])
        var sum: Int64 = 0
        for row in try db.prepare(items.select(i0, i1, i2, i3, i4, i5, i6, i7, i8, i9)) {
            sum &+= row[i0] &+ row[i1] &+ row[i2] &+ row[i3] &+ row[i4]
            sum &+= row[i5] &+ row[i6] &+ row[i7] &+ row[i8] &+ row[i9]
        }
        return sum
    }

    static func lookup(_ db: Connection, lookups: Int, rows: Int) throws -> Int64 {
        let (i0, i1, i2, i3, i4) = (columns[0], columns[1], columns[2], columns[3], columns[4])
        let (i5, i6, i7, i8, i9) = (columns[5], columns[6], columns[7], columns[8], columns[9])
        let selection = items.select(i0, i1, i2, i3, i4, i5, i6, i7, i8, i9)
        var sum: Int64 = 0
        for lookup in 0..<lookups {
            let id = ItemSchema.lookupRowid(lookup, rows: rows)
            guard let row = try db.pluck(selection.filter(rowid == id)) else {
                throw RawSQL.Failure(description: "row \(id) not found")
            }
            sum &+= row[i0] &+ row[i1] &+ row[i2] &+ row[i3] &+ row[i4]
            sum &+= row[i5] &+ row[i6] &+ row[i7] &+ row[i8] &+ row[i9]
        }
        return sum
    }
}
