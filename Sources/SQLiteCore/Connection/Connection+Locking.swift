extension Connection {
    /// Runs `body` with the lock held, once the connection is checked usable (open, and lent to
    /// the calling thread when pooled).
    func withOpenLock<T>(_ body: () throws(Result) -> T) throws(Result) -> T {
        try connection.lock.withLock { () throws(Result) -> T in
            try connection.checkOpen()
            return try body()
        }
    }

    /// Runs `change` with the lock held, unless the connection is closed: a closed connection
    /// has no hooks to change, and every later use throws anyway.
    func withOpenHandle(_ change: (ConnectionHandle) -> Void) {
        connection.lock.withLock {
            if !connection.isClosed { change(connection) }
        }
    }
}
