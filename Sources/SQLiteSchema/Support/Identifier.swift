extension String {
    /// The string as an SQL identifier in double quotes, embedded `"` doubled:
    /// `my "table"` becomes `"my ""table"""`.
    var quotedIdentifier: String {
        "\"" + replacing("\"", with: "\"\"") + "\""
    }

    /// The string as an SQL text literal in single quotes, embedded `'` doubled.
    var quotedLiteral: String {
        "'" + replacing("'", with: "''") + "'"
    }

    /// Whether two SQL identifiers name the same thing (SQLite compares them ignoring ASCII case).
    func sameIdentifier(as other: String) -> Bool {
        lowercased() == other.lowercased()
    }
}
