/// An iterator whose `next` can throw; ``RowIterator`` is one.
public protocol FailableIterator: IteratorProtocol {
    /// The next element, nil at the end; throws the error that stopped iteration.
    func failableNext() throws -> Element?
}

extension FailableIterator {
    /// The next element, or nil at the end or on an error (use ``failableNext()`` to see it).
    public func next() -> Element? {
        (try? failableNext()) ?? nil
    }
}

extension Array {
    /// Every remaining element of a failable iterator; throws the first error.
    ///
    /// ```swift
    /// let rows = try Array(db.prepareRowIterator(users))
    /// ```
    public init<I: FailableIterator>(_ failableIterator: I) throws where I.Element == Element {
        self.init()
        while let element = try failableIterator.failableNext() { append(element) }
    }
}

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
    let map: ColumnMap
    let connection: Connection
    private var current: RowSource?
    private var finished = false

    init(statement: Statement?, map: ColumnMap, connection: Connection) {
        self.statement = statement
        self.map = map
        self.connection = connection
        finished = statement == nil
    }

    deinit {
        finish()
    }

    /// The next row, nil at the end; throws SQLite's error.
    public func failableNext() throws -> Row? {
        guard !finished, let statement else { return nil }
        let source = reusableSource(statement)
        let hasRow: Bool
        do {
            hasRow = try statement.step()
        } catch {
            finish()
            throw error
        }
        guard hasRow else {
            finish()
            return nil
        }
        map.position = 0
        current = source
        return Row(map: map, source: source)
    }

    /// The next row, or nil at the end or on an error.
    public func next() -> Row? {
        (try? failableNext()) ?? nil
    }

    /// Every remaining row transformed by `transform`.
    public func map<T>(_ transform: (Row) throws -> T) throws -> [T] {
        var result: [T] = []
        while let row = try failableNext() { result.append(try transform(row)) }
        return result
    }

    /// The source for the next row: the current one again when no row still refers to it,
    /// otherwise a new one after the old row's values were copied.
    private func reusableSource(_ statement: Statement) -> RowSource {
        if var source = current {
            current = nil
            if isKnownUniquelyReferenced(&source) { return source }
            source.materialize()
        }
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

/// The rows of a query for `for`-`in`: `for user in try db.prepare(users) { ... }`.
///
/// An error during iteration ends it silently, as in SQLite.swift; use
/// ``Connection/prepareRowIterator(_:)`` to have errors thrown.
public struct RowSequence: Sequence {
    let connection: Connection
    let query: Expression<Void>
    let clauses: QueryClauses
    // The iterator prepared (and validated) by `prepare`, handed to the first iteration.
    private let first: FirstIterator

    init(connection: Connection, query: Expression<Void>, clauses: QueryClauses, iterator: RowIterator) {
        self.connection = connection
        self.query = query
        self.clauses = clauses
        self.first = FirstIterator(iterator)
    }

    /// An iterator over the rows; each iteration after the first runs the query again.
    public func makeIterator() -> RowIterator {
        if let iterator = first.take() { return iterator }
        if let iterator = try? connection.rowIterator(query, clauses) { return iterator }
        return RowIterator.empty(connection)
    }
}

/// Hands the prepared iterator to the first `makeIterator` only.
private final class FirstIterator {
    var iterator: RowIterator?
    init(_ iterator: RowIterator) { self.iterator = iterator }
    func take() -> RowIterator? {
        defer { iterator = nil }
        return iterator
    }
}

extension RowIterator {
    /// An iterator with no rows, for a query that failed to prepare on a later iteration.
    static func empty(_ connection: Connection) -> RowIterator {
        RowIterator(statement: nil, map: ColumnMap(exact: [:], ambiguous: [:], names: []), connection: connection)
    }
}
