import Foundation
import SQLite

/// A notes database: a `DatabasePool` on one file, migrated when opened.
///
/// The pool keeps one writer and several readers on the file in WAL mode. Reads run beside
/// each other and beside the write, each in one snapshot; `write` runs its closure in a
/// transaction. Every tier works inside the closures, and records also take the pool itself
/// (`note.save(in: pool)`).
final class NotesStore: Sendable {
    /// The database.
    let pool: DatabasePool

    private init(pool: DatabasePool) {
        self.pool = pool
    }

    /// Opens (or creates) the database at `path` and applies the migrations it lacks.
    static func open(path: String) async throws -> NotesStore {
        var configuration = Configuration()
        configuration.label = "Notes"
        let pool = try DatabasePool(path: path, configuration: configuration)
        do {
            // Each migration in a transaction of its own, on the pool's writer.
            try await NotesSchema.makeMigrator().migrate(pool)
        } catch {
            try? pool.close()
            throw error
        }
        return NotesStore(pool: pool)
    }

    /// Waits for the work already started, ends the observations and closes the database.
    func close() throws {
        try pool.close()
    }

    /// The names of the migrations applied to the database, in order.
    func appliedMigrations() async throws -> [String] {
        let migrator = try NotesSchema.makeMigrator()
        return try await pool.read { db in try migrator.appliedMigrations(in: db) }
    }

    // MARK: - Records

    /// Saves a new note and returns it with its id and timestamps.
    func add(title: String, body: String) async throws -> Note {
        try await pool.write { db in
            var note = Note(title: title, body: body)
            try db.save(&note)  // INSERT; note.id is the new rowid, the timestamps are set
            return note
        }
    }

    /// Pins or unpins the note with `id` in one write transaction; nil when there is none.
    func setPinned(_ pinned: Bool, id: Int64) async throws -> Note? {
        try await pool.write { db in
            guard var note = try Note.find(id, in: db) else { return nil }
            note.pinned = pinned
            try db.save(&note)  // UPDATE by key; updated_at is set and read back
            return note
        }
    }

    /// Deletes the note with `id`; false when there was none.
    func delete(id: Int64) async throws -> Bool {
        try await pool.write { db in try db.delete(Note.self, id: id) }
    }

    /// The number of notes.
    func count() async throws -> Int {
        try await pool.read { db in try Note.count(in: db) }
    }

    /// The number of notes now, then after every commit that changes `notes`.
    ///
    /// Iterating the sequence starts the observation; leaving the loop or cancelling the task
    /// ends it, and `close()` finishes it.
    func observeCount() -> DatabaseObservation<Int> {
        pool.observe { db in try Note.count(in: db) }
    }

    // MARK: - Typed queries

    /// One line of the list.
    struct Summary: Equatable, Sendable {
        /// The note's id.
        var id: Int64
        /// Its title.
        var title: String
        /// Whether it is pinned.
        var pinned: Bool
        /// When it was last saved.
        var updatedAt: Date
    }

    /// The typed query behind ``list(pinnedOnly:limit:)``: pinned notes first, then the most
    /// recently saved.
    ///
    /// ```sql
    /// SELECT "id", "title", "pinned", "updated_at" FROM "notes" WHERE ("pinned" = 1)
    ///   ORDER BY "pinned" DESC, "updated_at" DESC, "id" DESC LIMIT 20
    /// ```
    static func listQuery(pinnedOnly: Bool, limit: Int) -> QueryType {
        let columns = Note.Columns.self
        var query = Note.table.select(columns.id, columns.title, columns.pinned, columns.updatedAt)
        if pinnedOnly {
            query = query.filter(columns.pinned == true)
        }
        return query.order(columns.pinned.desc, columns.updatedAt.desc, columns.id.desc).limit(limit)
    }

    /// Runs ``listQuery(pinnedOnly:limit:)`` on a reader of the pool.
    func list(pinnedOnly: Bool = false, limit: Int = 20) async throws -> [Summary] {
        try await pool.read { db in try Self.fetchList(db, pinnedOnly: pinnedOnly, limit: limit) }
    }

    /// Runs ``listQuery(pinnedOnly:limit:)`` on `db`: for ``list(pinnedOnly:limit:)`` and for
    /// the live query of `NotesListModel`.
    static func fetchList(_ db: Connection, pinnedOnly: Bool = false, limit: Int = 20) throws -> [Summary] {
        let columns = Note.Columns.self
        return try db.prepareRowIterator(listQuery(pinnedOnly: pinnedOnly, limit: limit)).map { row in
            Summary(
                id: try row.get(columns.id), title: try row.get(columns.title),
                pinned: try row.get(columns.pinned), updatedAt: try row.get(columns.updatedAt))
        }
    }

    // MARK: - Full-text search

    #if FTS5
        /// The notes matching `pattern`, best first (see `NotesSearch.search(_:limit:in:)`).
        func search(_ pattern: FTS5Pattern, limit: Int = 10) async throws -> [NotesSearch.Hit] {
            try await pool.read { db in try NotesSearch.search(pattern, limit: limit, in: db) }
        }
    #endif
}
