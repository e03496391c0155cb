import Foundation
import Testing

@testable import SQLiteCore

/// Core's conversion table (`ValueConversion`): every stored type read as every requested type,
/// from a live statement column and from a copied `SQLValue`, with the same result, and through
/// the public `row.get(_:at:)`.
@Suite struct ValueConversionTests {
    /// What a read gives: a value (by its description), nil for NULL, or a failure.
    enum Outcome: Sendable, Equatable, CustomStringConvertible {
        case value(String)
        case null
        case mismatch
        case range
        case invalid

        var description: String {
            switch self {
            case .value(let text): "=\(text)"
            case .null: "nil"
            case .mismatch: "mismatch"
            case .range: "range"
            case .invalid: "invalid"
            }
        }
    }

    /// One cell of the table: the SQL literal of the stored value, the type asked for, the outcome.
    struct Cell: Sendable, CustomTestStringConvertible {
        let literal: String
        let type: String
        let outcome: Outcome
        var testDescription: String { "\(literal) as \(type) → \(outcome)" }
    }

    static let uuidText = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"

    /// The table, a row per stored value: the types left out of a row are read as in the row
    /// above it of the same storage class.
    static let rows: [(literal: String, outcomes: [String: Outcome])] = [
        (
            "42",
            [
                "Int64": .value("42"), "Int": .value("42"), "Int8": .value("42"), "UInt64": .value("42"),
                "Bool": .value("true"), "Double": .value("42.0"), "Float": .value("42.0"), "String": .value("42"),
                "Blob": .mismatch, "Data": .mismatch, "Date": .mismatch, "UUID": .mismatch,
                "SQLValue": .value("42"),
            ]
        ),
        ("300", ["Int8": .range, "UInt64": .value("300"), "Bool": .value("true")]),
        ("-1", ["UInt64": .range, "Int8": .value("-1"), "Bool": .value("true")]),
        ("0", ["Bool": .value("false"), "String": .value("0")]),
        (
            "3.0",
            [
                "Int64": .value("3"), "Int": .value("3"), "Int8": .value("3"), "UInt64": .value("3"),
                "Bool": .value("true"), "Double": .value("3.0"), "Float": .value("3.0"), "String": .value("3.0"),
                "Blob": .mismatch, "Data": .mismatch, "Date": .mismatch, "UUID": .mismatch,
                "SQLValue": .value("3.0"),
            ]
        ),
        (
            "3.5",
            [
                "Int64": .mismatch, "Int": .mismatch, "Int8": .mismatch, "UInt64": .mismatch, "Bool": .mismatch,
                "Double": .value("3.5"), "Float": .value("3.5"), "String": .value("3.5"), "SQLValue": .value("3.5"),
            ]
        ),
        ("-3.0", ["UInt64": .range, "Int8": .value("-3")]),
        ("1e300", ["Int64": .range, "Double": .value("1e+300"), "Float": .range, "String": .value("1e+300")]),
        ("0.1", ["String": .value("0.1"), "Double": .value("0.1")]),
        (
            "'42'",
            [
                "Int64": .value("42"), "Int": .value("42"), "Int8": .value("42"), "UInt64": .value("42"),
                "Bool": .value("true"), "Double": .value("42.0"), "Float": .value("42.0"), "String": .value("42"),
                "Blob": .value("x'3432'"), "Data": .value("2 bytes"), "Date": .invalid, "UUID": .invalid,
                "SQLValue": .value("'42'"),
            ]
        ),
        ("'1e3'", ["Int64": .value("1"), "Double": .value("1000.0")]),
        ("' 7 '", ["Int64": .value("7"), "Double": .value("7.0")]),
        ("'300'", ["Int8": .range]),
        (
            "'abc'",
            [
                "Int64": .mismatch, "Int": .mismatch, "Int8": .mismatch, "UInt64": .mismatch, "Bool": .mismatch,
                "Double": .mismatch, "Float": .mismatch, "String": .value("abc"), "Blob": .value("x'616263'"),
                "Data": .value("3 bytes"),
            ]
        ),
        ("'12abc'", ["Int64": .mismatch, "Double": .mismatch]),
        ("''", ["Int64": .mismatch, "String": .value(""), "Data": .value("0 bytes")]),
        ("'2014-11-18T12:45:30.000'", ["Date": .value("2014-11-18 12:45:30 +0000"), "UUID": .invalid]),
        ("'\(uuidText)'", ["UUID": .value(uuidText), "Date": .invalid]),
        (
            "x'0102'",
            [
                "Int64": .mismatch, "Int": .mismatch, "Int8": .mismatch, "UInt64": .mismatch, "Bool": .mismatch,
                "Double": .mismatch, "Float": .mismatch, "String": .mismatch, "Blob": .value("x'0102'"),
                "Data": .value("2 bytes"), "Date": .mismatch, "UUID": .invalid, "SQLValue": .value("x'0102'"),
            ]
        ),
        ("x''", ["Blob": .value("x''"), "Data": .value("0 bytes"), "String": .mismatch]),
        ("x'E621E1F8C36C495A93FC0C247A3E6E5F'", ["UUID": .value(uuidText)]),
        (
            "NULL",
            [
                "Int64": .null, "Int": .null, "Int8": .null, "UInt64": .null, "Bool": .null, "Double": .null,
                "Float": .null, "String": .null, "Blob": .null, "Data": .null, "Date": .null, "UUID": .null,
                "SQLValue": .value("NULL"),
            ]
        ),
    ]

    static let cells: [Cell] = rows.flatMap { row in
        row.outcomes.sorted { $0.key < $1.key }.map { Cell(literal: row.literal, type: $0.key, outcome: $0.value) }
    }

    @Test(arguments: cells)
    func storedValueReadAsType(cell: Cell) throws {
        let db = try Connection()
        let statement = try db.prepare("SELECT \(cell.literal)")
        #expect(try statement.step())
        let copied = statement.row.sqlValue(at: 0)
        switch cell.type {
        case "Int64": try check(Int64.self, cell, statement, copied)
        case "Int": try check(Int.self, cell, statement, copied)
        case "Int8": try check(Int8.self, cell, statement, copied)
        case "UInt64": try check(UInt64.self, cell, statement, copied)
        case "Bool": try check(Bool.self, cell, statement, copied)
        case "Double": try check(Double.self, cell, statement, copied)
        case "String": try check(String.self, cell, statement, copied)
        case "Blob": try check(Blob.self, cell, statement, copied)
        case "Data": try check(Data.self, cell, statement, copied)
        case "SQLValue": try check(SQLValue.self, cell, statement, copied)
        case "Float": try checkValue(Float.self, cell, statement, copied)
        case "Date": try checkValue(Date.self, cell, statement, copied)
        case "UUID": try checkValue(UUID.self, cell, statement, copied)
        default: Issue.record("no type \(cell.type)")
        }
    }

    /// The outcome of `read`.
    static func outcome(_ read: () throws -> Any?) -> Outcome {
        do {
            guard let value = try read() else { return .null }
            return .value("\(value)")
        } catch ConversionFailure.mismatch {
            return .mismatch
        } catch ConversionFailure.outOfRange {
            return .range
        } catch ConversionFailure.invalid {
            return .invalid
        } catch {
            return .value("unexpected error \(error)")
        }
    }

    /// A `Binding` type read live, copied, through `row.get`, and as a `Value` when it is one.
    private func check<D: Binding>(_ type: D.Type, _ cell: Cell, _ statement: Statement, _ copied: SQLValue) throws {
        let live = Self.outcome { try ValueConversion.read(D.self, from: statement.handle, at: 0) }
        let fromCopy = Self.outcome { try ValueConversion.convert(copied, to: D.self) }
        #expect(live == cell.outcome, "live")
        #expect(fromCopy == cell.outcome, "copied")
        // The public reader: NULL and failures throw Result, with SQLITE_RANGE for a range failure.
        do {
            let value = try statement.row.get(D.self, at: 0)
            #expect(cell.outcome == .value("\(value)"), "get")
        } catch let error as Result {
            #expect(error.code == (cell.outcome == .range ? SQLITE_RANGE : SQLITE_MISMATCH), "get: \(error)")
            if case .value = cell.outcome, D.self != SQLValue.self { Issue.record("get threw \(error)") }
        }
    }

    /// A `Value` type read live and copied.
    private func checkValue<V: Value>(_ type: V.Type, _ cell: Cell, _ statement: Statement, _ copied: SQLValue)
        throws
    {
        let live = Self.outcome { try ValueConversion.read(value: V.self, from: statement.handle, at: 0) }
        let fromCopy = Self.outcome { try ValueConversion.convert(copied, toValue: V.self) }
        #expect(live == cell.outcome, "live")
        #expect(fromCopy == cell.outcome, "copied")
    }

    /// Text that is wholly a number reads live as SQLite converts it, and copied the same.
    @Test(arguments: ["'1.5e2'", "'-0'", "'9223372036854775808'", "'0.1'", "'  -2.25 '"])
    func numericTextLiveAndCopiedAgree(literal: String) throws {
        let db = try Connection()
        let statement = try db.prepare("SELECT \(literal)")
        #expect(try statement.step())
        let copied = statement.row.sqlValue(at: 0)
        let liveInteger = try ValueConversion.read(Int64.self, from: statement.handle, at: 0)
        let liveReal = try ValueConversion.read(Double.self, from: statement.handle, at: 0)
        #expect(liveInteger == (try ValueConversion.convert(copied, to: Int64.self)))
        #expect(liveReal?.bitPattern == (try ValueConversion.convert(copied, to: Double.self))?.bitPattern)
    }

    /// The messages the tiers build from a failure name the column, what it holds and the type.
    @Test func failureMessages() throws {
        let db = try Connection()
        let statement = try db.prepare("SELECT 3.5, 300, 'abc', NULL")
        #expect(try statement.step())
        #expect(throws: Result.self) { try statement.row.get(Int64.self, at: 0) }
        do {
            _ = try statement.row.get(Int64.self, at: 0)
        } catch let error as Result {
            #expect(error.message.contains("column 0 holds a REAL 3.5, which cannot be read as Int64"))
        }
        do {
            _ = try statement.row.get(Int8.self, at: 1)
        } catch let error as Result {
            #expect(error.code == SQLITE_RANGE)
            #expect(error.message.contains("integer 300 does not fit Int8"))
        }
        do {
            _ = try statement.row.get(Double.self, at: 2)
        } catch let error as Result {
            #expect(error.message.contains("TEXT 'abc' (not a number)"))
        }
        do {
            _ = try statement.row.get(String.self, at: 3)
        } catch let error as Result {
            #expect(error.message.contains("column 3 holds NULL"))
        }
        #expect(try statement.row.get(SQLValue.self, at: 3) == .null)
    }
}
