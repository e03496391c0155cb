extension Connection {
    /// Attaches another database under `schemaName` (values bound, never spliced into SQL).
    ///
    /// ```swift
    /// try db.attach(.uri("external.sqlite", parameters: [.mode(.readOnly)]), as: "external")
    /// try db.scalar("SELECT count(*) FROM external.users")
    /// ```
    public func attach(_ location: Location, as schemaName: String) throws {
        try run("ATTACH DATABASE ? AS ?", location.description, schemaName)
    }

    /// Detaches the database attached as `schemaName`.
    public func detach(_ schemaName: String) throws {
        try run("DETACH DATABASE ?", schemaName)
    }
}
