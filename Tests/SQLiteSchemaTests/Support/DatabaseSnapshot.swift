import SQLiteCore

/// Everything in a database that a schema change must keep: each schema object's SQL and each
/// table's full contents (rowids included), for comparing before and after.
struct DatabaseSnapshot: Equatable, CustomStringConvertible {
    /// `type name tbl_name: sql` for every object of the schema, in name order.
    var objects: [String]
    /// Each table's rows, each value tagged with its storage class, in rowid (or key) order.
    var contents: [String: [[String]]]
    /// `PRAGMA foreign_keys`.
    var foreignKeys: Bool
    /// `PRAGMA legacy_alter_table`.
    var legacyAlterTable: Int64?

    init(_ db: Connection, schema: String = "main") throws {
        let quoted = Self.quote(schema)
        objects = try db.prepare("SELECT type, name, tbl_name, sql FROM \(quoted).sqlite_schema ORDER BY name").map {
            row in row.map { $0.map { "\($0)" } ?? "NULL" }.joined(separator: " ")
        }
        let tables = try db.prepare(
            "SELECT name, wr FROM pragma_table_list WHERE schema = ? AND type = 'table' AND name NOT LIKE 'sqlite_%'",
            schema
        ).map { ($0[0] as? String ?? "", $0[1] as? Int64 == 1) }
        contents = [:]
        for (table, withoutRowID) in tables {
            let select = withoutRowID ? "SELECT *" : "SELECT rowid, *"
            let statement = try db.prepare("\(select) FROM \(quoted).\(Self.quote(table)) ORDER BY 1")
            contents[table] = statement.map { row in row.map(Self.tag) }
        }
        foreignKeys = db.foreignKeys
        legacyAlterTable = try db.scalar("PRAGMA legacy_alter_table") as? Int64
    }

    static func quote(_ identifier: String) -> String {
        identifier.quotedIdentifier
    }

    static func tag(_ value: Binding?) -> String {
        switch value {
        case nil: "null"
        case let value as Int64: "int \(value)"
        case let value as Double: "real \(value)"
        case let value as String: "text \(value)"
        case let value as Blob: "blob \(value.toHex())"
        case let value?: "other \(value)"
        }
    }

    /// The rows of `table` with column `index` (0 being the rowid) removed.
    func rows(of table: String, without index: Int) -> [[String]] {
        (contents[table] ?? []).map { row in
            var row = row
            row.remove(at: index)
            return row
        }
    }

    var description: String { "\(objects)\n\(contents)\nforeign_keys: \(foreignKeys)" }
}
