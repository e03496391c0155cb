import Foundation
import SQLiteCore

// The examples of Documentation/VirtualTables.md, compiled and run by the tests of this folder.

/// `generate_series`-like: `SELECT value FROM series(1, 10, 2)`.
func registerSeries(on db: Connection) throws {
    try db.createTableFunction("series", columns: ["value"], arguments: ["start", "stop", "step"]) { args in
        guard case .integer(let start) = args[0], case .integer(let stop) = args[1] else {
            throw SeriesError.needsIntegers
        }
        let step: Int64 = if case .integer(let step) = args[2] { step } else { 1 }
        guard step > 0 else { throw SeriesError.stepMustBePositive }
        let numbers = stride(from: start, through: stop, by: Int(step))
        return numbers.lazy.map { [SQLValue.integer($0)] }
    }
}

enum SeriesError: Error, CustomStringConvertible {
    case needsIntegers, stepMustBePositive
    var description: String {
        switch self {
        case .needsIntegers: "series(start, stop, step) takes integers"
        case .stepMustBePositive: "series: step must be positive"
        }
    }
}

/// A read-only table over a CSV file whose first column is a key:
/// `CREATE VIRTUAL TABLE people USING csv('/path/people.csv')`. `WHERE key = ?` is pushed down:
/// the cursor reads only the matching row. (A toy parser: no quoted fields.)
final class CSVTable: VirtualTable {
    let header: [String]
    let rows: [[String]]
    /// The keys of the rows each scan produced, for the tests.
    let produced: ProducedRows

    init(_ arguments: VirtualTableArguments, produced: ProducedRows) throws {
        guard let quoted = arguments.arguments.first else { throw CSVError.missingPath }
        let path = String(quoted.trimmingCharacters(in: .whitespaces).dropFirst().dropLast())
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        guard let header = lines.first, !header.isEmpty else { throw CSVError.empty(path) }
        self.header = header
        self.rows = Array(lines.dropFirst())
        self.produced = produced
    }

    var declaration: String {
        "CREATE TABLE x("
            + header.map { "\"\($0.replacingOccurrences(of: "\"", with: "\"\""))\"" }.joined(separator: ", ")
            + ")"
    }

    func bestIndex(_ info: inout IndexInfo) throws {
        if let i = info.constraints.firstIndex(where: { $0.isUsable && $0.column == 0 && $0.op == .equal }) {
            info.constraints[i].argumentIndex = 0
            info.constraints[i].omit = true
            info.indexNumber = 1
            info.estimatedCost = 1
            info.estimatedRows = 1
            info.isUnique = true
        } else {
            info.estimatedCost = Double(rows.count)
            info.estimatedRows = Int64(rows.count)
        }
    }

    func openCursor() throws -> CSVCursor { CSVCursor(self) }
}

enum CSVError: Error, CustomStringConvertible {
    case missingPath, empty(String)
    var description: String {
        switch self {
        case .missingPath: "csv: give the file's path: USING csv('/path/file.csv')"
        case .empty(let path): "csv: \(path) has no header"
        }
    }
}

final class CSVCursor: VirtualTableCursor {
    let table: CSVTable
    var matching: [Int] = []
    var position = 0

    init(_ table: CSVTable) { self.table = table }

    func filter(indexNumber: Int32, indexString: String?, arguments: [SQLValue]) throws {
        position = 0
        if indexNumber == 1, case .text(let key) = arguments.first {
            matching = table.rows.indices.filter { table.rows[$0].first == key }
        } else if indexNumber == 1 {
            matching = []  // a NULL or non-text key matches no row
        } else {
            matching = Array(table.rows.indices)
        }
        record()
    }

    func next() throws {
        position += 1
        record()
    }

    private func record() {
        guard !isAtEnd, let key = table.rows[matching[position]].first else { return }
        table.produced.append(key)
    }

    var isAtEnd: Bool { position >= matching.count }

    func column(_ index: Int32) throws -> SQLValue {
        let row = table.rows[matching[position]]
        return Int(index) < row.count ? .text(row[Int(index)]) : .null
    }

    func rowid() throws -> Int64 { Int64(matching[position]) }
}

/// The keys a ``CSVTable``'s cursors produced, in order.
final class ProducedRows: @unchecked Sendable {
    private let lock = NSLock()
    private var keys: [String] = []
    func append(_ key: String) { lock.withLock { keys.append(key) } }
    func take() -> [String] {
        lock.withLock {
            defer { keys = [] }; return keys
        }
    }
}

/// A writable in-memory table that takes part in transactions:
/// `CREATE VIRTUAL TABLE notes USING memory(title, body)`.
final class MemoryTable: TransactionalVirtualTable {
    let declaration: String
    var rows: [Int64: [SQLValue]] = [:]
    private var saved: [Int64: [SQLValue]]?

    init(_ arguments: VirtualTableArguments) throws {
        guard !arguments.arguments.isEmpty else {
            throw Result.misuse("memory(...) needs at least one column", code: SQLITE_ERROR)
        }
        declaration = "CREATE TABLE x(\(arguments.arguments.joined(separator: ", ")))"
    }

    func bestIndex(_ info: inout IndexInfo) throws {
        if let i = info.constraints.firstIndex(where: { $0.isUsable && $0.column == -1 && $0.op == .equal }) {
            info.constraints[i].argumentIndex = 0
            info.constraints[i].omit = true
            info.indexNumber = 1
            info.estimatedCost = 1
        } else {
            info.estimatedCost = Double(max(rows.count, 1))
        }
    }

    func openCursor() throws -> MemoryCursor { MemoryCursor(self) }

    func update(_ change: VirtualTableChange) throws -> Int64? {
        switch change {
        case .delete(let rowid):
            rows[rowid] = nil
            return nil
        case .insert(let rowid, let values):
            let id = rowid ?? ((rows.keys.max() ?? 0) + 1)
            guard rows[id] == nil else { throw Result.misuse("rowid \(id) is taken", code: SQLITE_CONSTRAINT) }
            rows[id] = values
            return id
        case .update(let rowid, let newRowid, let values):
            rows[rowid] = nil
            rows[newRowid] = values
            return nil
        }
    }

    func begin() throws { saved = rows }
    func sync() throws {}
    func commit() throws { saved = nil }
    func rollback() throws {
        if let saved { rows = saved }
        saved = nil
    }
}

final class MemoryCursor: VirtualTableCursor {
    let table: MemoryTable
    var keys: [Int64] = []
    var position = 0

    init(_ table: MemoryTable) { self.table = table }

    func filter(indexNumber: Int32, indexString: String?, arguments: [SQLValue]) throws {
        position = 0
        if indexNumber == 1 {
            keys = if case .integer(let id) = arguments.first, table.rows[id] != nil { [id] } else { [] }
        } else {
            keys = table.rows.keys.sorted()
        }
    }

    func next() throws { position += 1 }
    var isAtEnd: Bool { position >= keys.count }
    func column(_ index: Int32) throws -> SQLValue {
        let row = table.rows[keys[position]] ?? []
        return Int(index) < row.count ? row[Int(index)] : .null
    }
    func rowid() throws -> Int64 { keys[position] }
}
