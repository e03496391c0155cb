/// The rows of a query, one at a time, with errors thrown from ``failableNext()``.
///
/// ```swift
/// let iterator = try db.prepareRowIterator(users)
/// while let user = try iterator.failableNext() { print(user[email]) }
/// ```
///
/// The statement comes from the connection's statement cache and goes back to it when the
/// iteration ends (or the iterator is released).
public final class RowIterator: FailableIterator {
    /// A row.
    public typealias Element = Row

    let statement: Statement?
    /// The query's clauses, nil for raw SQL.
    let clauses: QueryClauses?
    let connection: Connection
    /// The statement's column map, found after the first step: SQLite re-prepares a statement
    /// whose schema changed inside that step, maybe with other columns.
    private var map: ColumnMap?
    private var current: RowSource?
    private var finished = false

    init(statement: Statement?, clauses: QueryClauses?, connection: Connection) {
        self.statement = statement
        self.clauses = clauses
        self.connection = connection
        finished = statement == nil
    }

    deinit {
        finish()
    }

    /// The next row, nil at the end; throws SQLite's error.
    public func failableNext() throws -> Row? {
        // The statement is used through the stored property (optional chaining) rather than
        // bound to a local, which would retain and release it for every row.
        guard !finished, let source = reusableSource() else { return nil }
        let hasRow: Bool
        do {
            hasRow = try statement?.step() ?? false
        } catch {
            finish()
            throw error
        }
        guard hasRow, let map = self.map ?? firstRowMap() else {
            finish()
            return nil
        }
        current = source
        return Row(map: map, source: source)
    }

    /// The column map of the statement as the first step left it.
    private func firstRowMap() -> ColumnMap? {
        guard let statement else { return nil }
        let map = connection.columnMap(statement, clauses)
        self.map = map
        return map
    }

    /// The next row, or nil at the end. An error stops the program, with SQLite's error, its
    /// code and the SQL, as in SQLite.swift: it must not look like the end of the rows. Use
    /// ``failableNext()``, ``map(_:)`` or `try Array(iterator)` to have it thrown.
    public func next() -> Row? {
        do {
            return try failableNext()
        } catch {
            failedIteration(error)
        }
    }

    /// Every remaining row transformed by `transform`.
    public func map<T>(_ transform: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        while let row = try failableNext() { result.append(try transform(row)) }
        return result
    }

    /// The source for the next row: the current one again when no row still refers to it,
    /// otherwise a new one after the old row's values were copied; nil without a statement.
    private func reusableSource() -> RowSource? {
        if var source = current {
            current = nil
            if isKnownUniquelyReferenced(&source) { return source }
            source.materialize()
        }
        guard let statement else { return nil }
        return RowSource(statement: statement)
    }

    private func finish() {
        if finished { return }
        finished = true
        if var source = current {
            current = nil
            if !isKnownUniquelyReferenced(&source) { source.materialize() }
        }
        if let statement { connection.returnToCache(statement) }
    }
}
