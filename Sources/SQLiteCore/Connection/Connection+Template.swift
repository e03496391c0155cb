import Foundation

extension Connection {
    /// Opens the database file at `path`, first copying `template` there when `path` has no
    /// file yet: a database shipped with the app (pre-filled tables, indexes) becomes the user's
    /// own writable copy on the first launch, and is opened as it is on later ones (SQLiteDB's
    /// `open(copyFile: true)`).
    ///
    /// ```swift
    /// let bundled = Bundle.main.path(forResource: "data", ofType: "db")!
    /// let db = try Connection(documents + "/data.db", copyingIfMissing: bundled)
    /// ```
    ///
    /// The copy is made next to `path` and moved into place, so that a launch interrupted
    /// part way leaves no half-copied database behind.
    ///
    /// - Throws: Foundation's error when `template` cannot be copied (missing, unreadable), and
    ///   ``Result`` when the database does not open.
    public convenience init(
        _ path: String, copyingIfMissing template: String, readonly: Bool = false, journalMode: JournalMode? = nil
    ) throws {
        let files = FileManager.default
        if !files.fileExists(atPath: path) {
            let partial = path + ".copying-\(UUID().uuidString)"
            try files.copyItem(atPath: template, toPath: partial)
            do {
                try files.moveItem(atPath: partial, toPath: path)
            } catch {
                try? files.removeItem(atPath: partial)
                // Another launch moved its copy first: that copy is the database.
                if !files.fileExists(atPath: path) { throw error }
            }
        }
        try self.init(.uri(path), readonly: readonly, journalMode: journalMode)
    }
}
