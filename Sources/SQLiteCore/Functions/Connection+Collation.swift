#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Connection {
    /// Creates (or replaces) a collating sequence `collation` ordering text with `block`.
    ///
    /// ```swift
    /// try db.createCollation("NODIACRITIC") { lhs, rhs in
    ///     lhs.compare(rhs, options: .diacriticInsensitive)
    /// }
    /// try db.prepare("SELECT name FROM restaurants ORDER BY name COLLATE NODIACRITIC")
    /// ```
    ///
    /// The block must be a consistent ordering (SQLite's indexes rely on it).
    @preconcurrency
    public func createCollation(
        _ collation: String, _ block: @escaping @Sendable (_ lhs: String, _ rhs: String) -> ComparisonResult
    ) throws {
        typealias Function = @Sendable (String, String) -> ComparisonResult
        try withOpenLock { () throws(Result) in
            let box = Unmanaged.passRetained(CallbackBox<Function>(block)).toOpaque()
            let code = sqlite3_create_collation_v2(
                handle, collation, SQLITE_UTF8, box,
                { context, leftCount, left, rightCount, right in
                    guard let context else { return 0 }
                    let lhs = collationText(left, leftCount)
                    let rhs = collationText(right, rightCount)
                    switch CallbackBox<Function>.from(context).function(lhs, rhs) {
                    case .orderedAscending: return -1
                    case .orderedSame: return 0
                    case .orderedDescending: return 1
                    }
                },
                { pointer in
                    guard let pointer else { return }
                    Unmanaged<CallbackBox<Function>>.fromOpaque(pointer).release()
                })
            if code != SQLITE_OK {
                // Unlike create_function_v2, a failed create_collation_v2 does not call the destructor.
                Unmanaged<CallbackBox<Function>>.fromOpaque(box).release()
                throw connection.error(code: code, statement: nil)
            }
        }
    }
}

private func collationText(_ bytes: UnsafeRawPointer?, _ count: Int32) -> String {
    guard let bytes, count > 0 else { return "" }
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(count)), as: UTF8.self)
}
