extension Connection {
    /// The transaction a connection has open on one database (`sqlite3_txn_state`), read with
    /// ``Connection/transactionState(schema:)``.
    public enum TransactionState: Int32, CaseIterable, Sendable, Hashable, Comparable {
        /// No transaction (`SQLITE_TXN_NONE`).
        case none = 0
        /// A read transaction: the connection reads a snapshot of the database
        /// (`SQLITE_TXN_READ`).
        case read = 1
        /// A write transaction: the connection holds the write lock (`SQLITE_TXN_WRITE`).
        case write = 2

        /// `.none < .read < .write`.
        public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
    }
}
