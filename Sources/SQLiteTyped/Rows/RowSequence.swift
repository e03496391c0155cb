/// The rows of a query for `for`-`in`: `for user in try db.prepare(users) { ... }`.
///
/// An error during iteration stops the program, as in SQLite.swift (see
/// ``RowIterator/next()``); use ``Connection/prepareRowIterator(_:)`` to have errors thrown.
struct RowSequence: Sequence {
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

    /// An iterator over the rows; each iteration after the first runs the query again. A
    /// query that no longer prepares (its table dropped since) stops the program as an error
    /// while stepping does: no rows would look like an empty result.
    func makeIterator() -> RowIterator {
        if let iterator = first.take() { return iterator }
        do {
            return try connection.rowIterator(query, clauses)
        } catch {
            failedIteration(error)
        }
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
