/// The virtual table behind ``Connection/createTableFunction(_:columns:arguments:_:)``: its
/// hidden columns are the arguments, pushed down as equality constraints.
final class TableFunction: VirtualTable {
    let declaration: String
    let columnCount: Int
    let argumentCount: Int
    /// Makes the rows of one call: a closure giving the next row, `nil` at the end.
    let body: ([SQLValue]) throws -> () -> [SQLValue]?

    init(
        declaration: String, columnCount: Int, argumentCount: Int,
        _ body: @escaping ([SQLValue]) throws -> () -> [SQLValue]?
    ) {
        self.declaration = declaration
        self.columnCount = columnCount
        self.argumentCount = argumentCount
        self.body = body
    }

    /// Every argument given (`name(a, b)` or `WHERE arg = value`) becomes a filter argument;
    /// `indexNumber` has bit `i` set for argument `i`. An argument whose value is not known yet
    /// (it comes from a later table of a join) makes this plan unusable, so that SQLite orders
    /// the join to know it first.
    func bestIndex(_ info: inout IndexInfo) throws {
        var given = [Int?](repeating: nil, count: argumentCount)
        for (i, constraint) in info.constraints.enumerated() {
            let argument = Int(constraint.column) - columnCount
            guard argument >= 0, argument < argumentCount, constraint.op == .equal else { continue }
            if !constraint.isUsable { throw Result.misuse("argument not known yet", code: SQLITE_CONSTRAINT) }
            given[argument] = i
        }
        var number: Int32 = 0
        var position = 0
        for (argument, constraint) in given.enumerated() {
            guard let constraint else { continue }
            info.constraints[constraint].argumentIndex = position
            info.constraints[constraint].omit = true
            number |= 1 << Int32(argument)
            position += 1
        }
        info.indexNumber = number
        info.estimatedCost = 1000
        info.estimatedRows = 1000
    }

    func openCursor() throws -> TableFunctionCursor { TableFunctionCursor(self) }
}

/// A scan of one call of a ``TableFunction``.
final class TableFunctionCursor: VirtualTableCursor {
    let function: TableFunction
    var arguments: [SQLValue] = []
    var nextRow: (() -> [SQLValue]?)?
    var row: [SQLValue]?
    var rowNumber: Int64 = 0

    init(_ function: TableFunction) { self.function = function }

    func filter(indexNumber: Int32, indexString: String?, arguments given: [SQLValue]) throws {
        var values = given.makeIterator()
        arguments = (0..<function.argumentCount).map {
            indexNumber & (1 << Int32($0)) != 0 ? values.next() ?? .null : .null
        }
        row = nil
        rowNumber = 0
        nextRow = try function.body(arguments)
        try next()
    }

    func next() throws {
        row = nextRow?()
        rowNumber += 1
    }

    var isAtEnd: Bool { row == nil }

    func column(_ index: Int32) throws -> SQLValue {
        let index = Int(index)
        if index < function.columnCount {
            guard let row, index < row.count else { return .null }
            return row[index]
        }
        let argument = index - function.columnCount
        return argument < arguments.count ? arguments[argument] : .null
    }

    func rowid() throws -> Int64 { rowNumber }
}
