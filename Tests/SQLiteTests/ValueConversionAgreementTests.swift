import Foundation
import SQLite
import SQLiteCore
import Testing

/// Every tier reads a stored value as Core's conversion table says (`ValueConversion`,
/// "Reading values: the conversion table" in the Core guide): Core's `Cursor.get` and a copied
/// `SQLValue`, the typed tier's live and copied rows, the Codable tier's live and copied rows,
/// `fetchAll` and records. Each read gives the table's value, or fails with its tier's error of
/// the table's kind. The one documented difference: the Codable tier reads a number as a `Date`
/// by its date strategy (Unix seconds by default) before the table.
@Suite struct ValueConversionAgreementTests {
    /// A value stored in a column without affinity, as its SQL literal.
    enum Stored: String, CaseIterable, Sendable {
        case integer3 = "3"
        case integer300 = "300"
        case integerMax = "9223372036854775807"
        case real3 = "3.0"
        case real3Half = "3.5"
        case realHuge = "1e300"
        case text42 = "'42'"
        case textHalf = "'0.5'"
        case textABC = "'abc'"
        case textDate = "'2024-01-02T03:04:05.000'"
        case textUUID = "'E621E1F8-C36C-495A-93FC-0C247A3E6E5F'"
        case blob16 = "x'00112233445566778899aabbccddeeff'"
        case null = "NULL"
    }

    /// The Swift types asked for, in the order of the table's columns.
    enum Requested: String, CaseIterable, Sendable {
        case int = "Int", int64 = "Int64", int32 = "Int32", uint8 = "UInt8", bool = "Bool"
        case double = "Double", float = "Float", string = "String", blob = "Blob", data = "Data"
        case date = "Date", uuid = "UUID", sqlValue = "SQLValue"
    }

    // How a cell that fails is written: the kind of `ConversionFailure`, or nil (NULL).
    static let mismatch = "mismatch"
    static let range = "outOfRange"
    static let invalid = "invalid"
    static let null = "nil"

    /// The table, written from its rules. Columns: Int, Int64, Int32, UInt8, Bool, Double, Float,
    /// String, Blob, Data, Date, UUID, SQLValue.
    static let table: [Stored: [String]] = {
        let (m, r, i, n) = (mismatch, range, invalid, null)
        let date = "2024-01-02T03:04:05.000"
        let uuid = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        return [
            .integer3: ["3", "3", "3", "3", "true", "3.0", "3.0", "\"3\"", m, m, m, m, "sql:integer 3"],
            .integer300: ["300", "300", "300", r, "true", "300.0", "300.0", "\"300\"", m, m, m, m, "sql:integer 300"],
            .integerMax: [
                "9223372036854775807", "9223372036854775807", r, r, "true", "9.223372036854776e+18", "9.223372e+18",
                "\"9223372036854775807\"", m, m, m, m, "sql:integer 9223372036854775807",
            ],
            .real3: ["3", "3", "3", "3", "true", "3.0", "3.0", "\"3.0\"", m, m, m, m, "sql:real 3.0"],
            .real3Half: [m, m, m, m, m, "3.5", "3.5", "\"3.5\"", m, m, m, m, "sql:real 3.5"],
            .realHuge: [r, r, r, r, r, "1e+300", r, "\"1e+300\"", m, m, m, m, "sql:real 1e+300"],
            .text42: [
                "42", "42", "42", "42", "true", "42.0", "42.0", "\"42\"", "x'3432'", "x'3432'", i, i, "sql:text 42",
            ],
            .textHalf: [
                "0", "0", "0", "0", "false", "0.5", "0.5", "\"0.5\"", "x'302e35'", "x'302e35'", i, i, "sql:text 0.5",
            ],
            .textABC: [m, m, m, m, m, m, m, "\"abc\"", "x'616263'", "x'616263'", i, i, "sql:text abc"],
            .textDate: [
                m, m, m, m, m, m, m, "\"\(date)\"", hex(date), hex(date), "date:1704164645.0", i, "sql:text \(date)",
            ],
            .textUUID: [
                m, m, m, m, m, m, m, "\"\(uuid)\"", hex(uuid), hex(uuid), i, "uuid:\(uuid)", "sql:text \(uuid)",
            ],
            .blob16: [
                m, m, m, m, m, m, m, m, "x'00112233445566778899aabbccddeeff'", "x'00112233445566778899aabbccddeeff'", m,
                "uuid:00112233-4455-6677-8899-AABBCCDDEEFF", "sql:blob x'00112233445566778899aabbccddeeff'",
            ],
            .null: [n, n, n, n, n, n, n, n, n, n, n, n, "sql:null"],
        ]
    }()

    /// The Codable tier's `Date` of a number: its date strategy (Unix seconds), before the table.
    static let codableDates: [Stored: String] = [
        .integer3: "date:3.0", .integer300: "date:300.0", .integerMax: "date:9.223372036854776e+18",
        .real3: "date:3.0", .real3Half: "date:3.5", .realHuge: "date:1e+300",
    ]

    @Test(arguments: Stored.allCases, Requested.allCases)
    func everyTierReadsByTheTable(stored: Stored, requested: Requested) throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, v)")
        try db.run("INSERT INTO t (id, v) VALUES (1, \(stored.rawValue))")
        let row = try #require(Self.table[stored])
        let column = try #require(Requested.allCases.firstIndex(of: requested))
        let reads = try Self.reads(requested, db)
        #expect(reads.count >= 2)
        for (tier, outcome) in reads {
            var expected = row[column]
            if tier.hasPrefix("codable"), requested == .date, let date = Self.codableDates[stored] { expected = date }
            #expect(outcome == expected, "\(tier) reading \(stored.rawValue) as \(requested.rawValue)")
        }
    }

    /// Each tier's read of `t.v` as `requested`: (tier, the value or the failure's kind).
    static func reads(_ requested: Requested, _ db: Connection) throws -> [(String, String)] {
        switch requested {
        case .int: try core(Int.self, db) + typed(Int.self, db) + codable(Int.self, db)
        case .int64: try core(Int64.self, db) + typed(Int64.self, db) + codable(Int64.self, db)
        case .int32: try core(Int32.self, db) + typed(Int32.self, db) + codable(Int32.self, db)
        case .uint8: try core(UInt8.self, db) + typed(UInt8.self, db) + codable(UInt8.self, db)
        case .bool: try core(Bool.self, db) + typed(Bool.self, db) + codable(Bool.self, db)
        case .double: try core(Double.self, db) + typed(Double.self, db) + codable(Double.self, db)
        case .float: try copied(Float.self, db) + typed(Float.self, db) + codable(Float.self, db)
        case .string: try core(String.self, db) + typed(String.self, db) + codable(String.self, db)
        case .blob: try core(Blob.self, db) + typed(Blob.self, db)
        case .data: try core(Data.self, db) + typed(Data.self, db) + codable(Data.self, db)
        case .date: try copied(Date.self, db) + typed(Date.self, db) + codable(Date.self, db)
        case .uuid: try copied(UUID.self, db) + typed(UUID.self, db) + codable(UUID.self, db)
        case .sqlValue: try core(SQLValue.self, db)
        }
    }

    // MARK: - Core

    /// `Cursor.get` (a `Result`), and the copied value through the table's `Binding` row.
    static func core<T: Binding>(_ type: T.Type, _ db: Connection) throws -> [(String, String)] {
        let statement = try db.prepare("SELECT v FROM t")
        #expect(try statement.step())
        let live = outcome(classify: coreKind) { try statement.row.get(T.self, at: 0) }
        let value = statement.row.sqlValue(at: 0)
        let copied = outcome(classify: tableKind) { () throws -> Any? in
            try ValueConversion.convert(value, to: T.self)
        }
        return [("core get", live), ("core copied", copied)]
    }

    /// A copied `SQLValue` read through the table's `Value` row.
    static func copied<T: Value>(_ type: T.Type, _ db: Connection) throws -> [(String, String)] {
        let statement = try db.prepare("SELECT v FROM t")
        #expect(try statement.step())
        let value = statement.row.sqlValue(at: 0)
        let copied = outcome(classify: tableKind) { () throws -> Any? in
            try ValueConversion.convert(value, toValue: T.self)
        }
        return [("core copied", copied)]
    }

    /// `Cursor.get`'s `Result`: `SQLITE_RANGE`, or `SQLITE_MISMATCH` for the other kinds (told
    /// apart by the message).
    static func coreKind(_ error: any Error) -> String? {
        guard let result = error as? Result else { return nil }
        if result.code == SQLITE_RANGE { return range }
        guard result.code == SQLITE_MISMATCH else { return nil }
        if result.message.contains("holds NULL") { return null }
        return result.message.contains(" holds ") ? mismatch : invalid
    }

    static func tableKind(_ error: any Error) -> String? {
        switch error as? ConversionFailure {
        case .mismatch: mismatch
        case .outOfRange: range
        case .invalid: invalid
        case nil: nil
        }
    }

    // MARK: - Typed

    /// `row.get` of a live row (`prepareRowIterator`) and a copied one (`pluck`), required and
    /// optional, and `db.scalar`.
    static func typed<T: Value>(_ type: T.Type, _ db: Connection) throws -> [(String, String)] where T.ValueType == T {
        let table = Table("t")
        let required = Expression<T>("v")
        let optional = Expression<T?>("v")
        let iterator = try db.prepareRowIterator(table)
        let live = try #require(try iterator.failableNext())
        let copied = try #require(try db.pluck(table))
        return [
            ("typed live", outcome(classify: typedKind) { try live.get(required) }),
            ("typed live optional", outcome(classify: typedKind) { try live.get(optional) }),
            ("typed copied", outcome(classify: typedKind) { try copied.get(required) }),
            ("typed copied optional", outcome(classify: typedKind) { try copied.get(optional) }),
            ("typed scalar", outcome(classify: typedKind) { try db.scalar(table.select(required)) }),
        ]
    }

    /// The typed tier's errors: ``ColumnTypeMismatch``, `QueryError.unexpectedNullValue`, and a
    /// `Result` for a number out of range (`SQLITE_RANGE`) or text that does not parse.
    static func typedKind(_ error: any Error) -> String? {
        if error is ColumnTypeMismatch { return mismatch }
        if case QueryError.unexpectedNullValue = error { return null }
        guard let result = error as? Result else { return nil }
        if result.code == SQLITE_RANGE { return range }
        return result.code == SQLITE_MISMATCH ? invalid : nil
    }

    // MARK: - Codable

    struct One<T: Codable>: Codable {
        var v: T
    }

    struct OneRecord<T: Codable>: Record {
        static var tableName: String { "t" }
        var id: Int64
        var v: T
    }

    /// `row.decode` of a live row and a copied one, `fetchAll`, and a record's `findAll`.
    static func codable<T: Codable>(_ type: T.Type, _ db: Connection) throws -> [(String, String)] {
        let table = Table("t")
        let iterator = try db.prepareRowIterator(table)
        let live = try #require(try iterator.failableNext())
        let copied = try #require(try db.pluck(table))
        return [
            ("codable live row", outcome(classify: codableKind) { try live.decode(One<T>.self).v }),
            ("codable copied row", outcome(classify: codableKind) { try copied.decode(One<T>.self).v }),
            (
                "codable fetchAll",
                outcome(classify: codableKind) { try db.fetchAll(One<T>.self, sql: "SELECT v FROM t")[0].v }
            ),
            ("codable record", outcome(classify: codableKind) { try OneRecord<T>.fetchAll(in: db)[0].v }),
        ]
    }

    /// The Codable tier's `DecodingError`s: `typeMismatch`, `valueNotFound`, and `dataCorrupted`
    /// for a number out of range ("does not fit") or text that does not parse.
    static func codableKind(_ error: any Error) -> String? {
        switch error as? DecodingError {
        case .typeMismatch: return mismatch
        case .valueNotFound: return null
        case .dataCorrupted(let context): return context.debugDescription.contains("does not fit") ? range : invalid
        default: return nil
        }
    }

    // MARK: - Outcomes

    /// `read`'s value as the table writes it, or its failure's kind (`classify`; nil when the
    /// error is not of the tier's type, written out whole so that the test fails).
    static func outcome(classify: (any Error) -> String?, _ read: () throws -> Any?) -> String {
        do {
            guard let value = try read() else { return null }
            return render(value)
        } catch {
            return classify(error) ?? "unexpected \(type(of: error)): \(error)"
        }
    }

    static func render(_ value: Any) -> String {
        switch value {
        case let value as SQLValue:
            switch value {
            case .null: "sql:null"
            case .integer(let integer): "sql:integer \(integer)"
            case .real(let real): "sql:real \(real)"
            case .text(let text): "sql:text \(text)"
            case .blob(let blob): "sql:blob \(hex(blob.bytes))"
            }
        case let value as String: "\"\(value)\""
        case let value as Data: hex(Array(value))
        case let value as Blob: hex(value.bytes)
        case let value as Date: "date:\(value.timeIntervalSince1970)"
        case let value as UUID: "uuid:\(value.uuidString)"
        default: "\(value)"
        }
    }

    static func hex(_ text: String) -> String { hex(Array(text.utf8)) }

    static func hex(_ bytes: [UInt8]) -> String {
        "x'"
            + bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
            .joined() + "'"
    }
}
