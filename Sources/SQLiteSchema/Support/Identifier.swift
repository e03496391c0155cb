extension String {
    /// Whether two SQL identifiers name the same thing (SQLite compares them ignoring ASCII case).
    func sameIdentifier(as other: String) -> Bool {
        lowercased() == other.lowercased()
    }
}
