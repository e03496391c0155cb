/// An iterator whose `next` can throw; ``RowIterator`` is one.
///
/// ``failableNext()`` is the way to read rows that handles errors: it throws the error that
/// stopped the iteration (a lock held by another connection, an I/O error, an error thrown by
/// a function the SQL calls, an interruption). `next()`, which `for`-`in`, `map` and the rest
/// of `Sequence` use, cannot throw: it stops the program on such an error, with the error, its
/// code and its SQL, as SQLite.swift's does, rather than end the rows early as if there were
/// no more.
///
/// ```swift
/// while let row = try iterator.failableNext() { ... }   // errors thrown
/// let rows = try Array(iterator)                         // every row, or the first error
/// ```
public protocol FailableIterator: IteratorProtocol {
    /// The next element, nil at the end; throws the error that stopped iteration.
    func failableNext() throws -> Element?
}

extension FailableIterator {
    /// The next element, nil at the end. An error stops the program (it must not look like
    /// the end of the rows): use ``failableNext()`` to have it thrown.
    public func next() -> Element? {
        do {
            return try failableNext()
        } catch {
            failedIteration(error)
        }
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
