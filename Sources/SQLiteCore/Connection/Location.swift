extension Connection {
    /// Where a database lives.
    ///
    /// ```swift
    /// let memory = try Connection(.inMemory)
    /// let scratch = try Connection(.temporary)
    /// let file = try Connection(.uri("db.sqlite3", parameters: [.mode(.readOnly), .nolock(true)]))
    /// ```
    public enum Location: Sendable, Hashable {
        /// A private in-memory database (`":memory:"`), gone when the connection closes.
        case inMemory

        /// A private temporary database on disk (`""`), deleted when the connection closes.
        case temporary

        /// A database file given by path or `file:` URI, with optional URI query parameters
        /// (https://www.sqlite.org/uri.html).
        case uri(String, parameters: [URIQueryParameter] = [])
    }
}

extension Connection.Location: CustomStringConvertible {
    /// The filename passed to `sqlite3_open_v2`: `:memory:`, `""`, a path, or a `file:` URI
    /// when there are parameters.
    public var description: String {
        switch self {
        case .inMemory:
            return ":memory:"
        case .temporary:
            return ""
        case .uri(let filename, let parameters):
            guard !parameters.isEmpty else { return filename }
            let base =
                filename.hasPrefix("file:") ? filename : "file:" + URIQueryParameter.escape(filename, isPath: true)
            let separator = base.contains("?") ? "&" : "?"
            return base + separator + parameters.map(\.description).joined(separator: "&")
        }
    }
}
