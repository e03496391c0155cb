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
