import SQLiteCodable
import SQLiteCore
import SQLiteTyped

/// One row of `item` as a Codable struct, for the codable tier.
struct ItemRow: Codable {
    var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int64

    init(row: Int) {
        let base = Int64(row * 10)
        (i0, i1, i2, i3, i4) = (base, base + 1, base + 2, base + 3, base + 4)
        (i5, i6, i7, i8, i9) = (base + 5, base + 6, base + 7, base + 8, base + 9)
    }

    var sum: Int64 { i0 &+ i1 &+ i2 &+ i3 &+ i4 &+ i5 &+ i6 &+ i7 &+ i8 &+ i9 }
}

/// The same row as a record keyed by the table's rowid, for the record tier.
struct ItemRecord: Record {
    static let tableName = "item"
    static var primaryKey: RecordKey { .column("rowid") }
    var i0, i1, i2, i3, i4, i5, i6, i7, i8, i9: Int64

    init(row: Int) {
        let values = ItemRow(row: row)
        (i0, i1, i2, i3, i4) = (values.i0, values.i1, values.i2, values.i3, values.i4)
        (i5, i6, i7, i8, i9) = (values.i5, values.i6, values.i7, values.i8, values.i9)
    }

    var sum: Int64 { i0 &+ i1 &+ i2 &+ i3 &+ i4 &+ i5 &+ i6 &+ i7 &+ i8 &+ i9 }
}

/// Rows into and out of Codable values: `fetch-record`, `decode-row`, `insert-record` and record
/// lookups.
enum CodableWorkloads {
    static func all(_ options: Options) throws -> [Benchmark] {
        let codable = try options.connection("codable")
        let record = try options.connection("record")
        let decoding = try options.connection("decode-row")
        return [
            Benchmark(
                workload: "insert-record", tier: "codable",
                prepare: { try RawCWorkloads.resetTable(codable.handle) },
                run: { try insertEncodable(codable, rows: options.insertRows) }),
            Benchmark(
                workload: "insert-record", tier: "record",
                prepare: { try RawCWorkloads.resetTable(record.handle) },
                run: { try insertRecords(record, rows: options.insertRows) }),
            Benchmark(
                workload: "fetch-record", tier: "codable",
                prepare: { try RawCWorkloads.ensureRows(codable.handle, options.fetchRows) },
                run: { try codable.fetchAll(ItemRow.self, sql: ItemSchema.selectAll).reduce(0) { $0 &+ $1.sum } }),
            Benchmark(
                workload: "fetch-record", tier: "record",
                prepare: { try RawCWorkloads.ensureRows(record.handle, options.fetchRows) },
                run: { try ItemRecord.fetchAll(in: record).reduce(0) { $0 &+ $1.sum } }),
            Benchmark(
                workload: "decode-row", tier: "codable",
                prepare: { try RawCWorkloads.ensureRows(decoding.handle, options.fetchRows) },
                run: { try decodeRows(decoding) }),
            Benchmark(
                workload: "point-lookup", tier: "record",
                prepare: { try RawCWorkloads.ensureRows(record.handle, options.fetchRows) },
                run: { try lookup(record, lookups: options.lookups, rows: options.fetchRows) }),
        ]
    }

    /// SQLite.swift's documented form: `db.run(table.insert(encodable))` for each value.
    static func insertEncodable(_ db: Connection, rows: Int) throws -> Int64 {
        let items = Table("item")
        try db.transaction {
            for row in 0..<rows { try db.run(items.insert(ItemRow(row: row))) }
        }
        return db.lastInsertRowid
    }

    /// SQLite.swift's idiom: iterate a typed query and `row.decode()` each row.
    static func decodeRows(_ db: Connection) throws -> Int64 {
        var sum: Int64 = 0
        for row in try db.prepare(Table("item")) {
            let item: ItemRow = try row.decode()
            sum &+= item.sum
        }
        return sum
    }

    static func insertRecords(_ db: Connection, rows: Int) throws -> Int64 {
        try db.transaction {
            for row in 0..<rows { try db.insert(ItemRecord(row: row)) }
        }
        return db.lastInsertRowid
    }

    static func lookup(_ db: Connection, lookups: Int, rows: Int) throws -> Int64 {
        var sum: Int64 = 0
        for lookup in 0..<lookups {
            let rowid = ItemSchema.lookupRowid(lookup, rows: rows)
            guard let item = try ItemRecord.find(rowid, in: db) else {
                throw RawSQL.Failure(description: "record \(rowid) not found")
            }
            sum &+= item.sum
        }
        return sum
    }
}
