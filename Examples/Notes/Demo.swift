import Foundation
import SQLite

/// The scripted demo (`notes` with no arguments): each step of the tool on a fresh database in
/// a temporary directory, printed as it runs and checked, so that CI notices when the library
/// stops doing what this example shows.
enum Demo {
    /// Runs every step.
    ///
    /// - Throws: ``DemoFailure`` when a result differs from what the step expects, or the
    ///   library's error when a call fails.
    static func run() async throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("notes-demo-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("notes.sqlite").path
        print("notes demo: \(SQLiteVersion.current), a new database at \(path)")

        var checks = Checks()
        heading(1, "Migrations (SQLiteSchema's Migrator)")
        let store = try await NotesStore.open(path: path)
        do {
            try await runSteps(store, &checks)
        } catch {
            try? store.close()
            throw error
        }
        print("\ndemo passed: \(checks.passed) checks")
    }

    /// Steps 1 (after opening) to 7.
    private static func runSteps(_ store: NotesStore, _ checks: inout Checks) async throws {
        let pool = store.pool

        // 1. The store migrated the new database when it opened it.
        let migrator = try NotesSchema.makeMigrator()
        let applied = try await store.appliedMigrations()
        for name in applied { print("   applied \(name)") }
        try checks.equal("every migration is applied, in order", applied, migrator.migrationNames)
        try checks.equal(
            "3 migrations (2 without FTS5)", applied.count, NotesSearch.isAvailable ? 3 : 2)
        let columns = try await pool.read { db in try db.schema.columnDefinitions(table: "notes").map(\.name) }
        try checks.equal(
            "the columns of notes (v1, then pinned from v2)", columns,
            ["id", "title", "body", "created_at", "updated_at", "pinned"])
        try await migrator.migrate(pool)
        try checks.equal(
            "migrating again changes nothing", try await store.appliedMigrations(), migrator.migrationNames)

        // 2. Records: the connection of the pool's closures saves, finds, updates and deletes the
        // Codable `Note` (store.add is `pool.write { db in try db.save(&note) }`).
        heading(2, "Records (SQLiteCodable): save, find, update, delete")
        let groceries = try await store.add(title: "Groceries", body: "Milk, eggs and coffee beans for the week.")
        var tips = try await store.add(
            title: "SQLite tips", body: "In WAL mode readers run beside the writer, each in its own snapshot.")
        let swift = try await store.add(
            title: "Swift concurrency",
            body: "Cancelling a task cancels its child tasks, and a task group waits for every child task.")
        let draft = try await store.add(title: "Draft", body: "A rough draft to throw away.")
        for note in [groceries, tips, swift, draft] { print("   saved note \(note.id): \(note.title)") }
        let ids = [groceries.id, tips.id, swift.id, draft.id]
        try checks.that("each saved note got its own id", Set(ids).count == 4 && ids.allSatisfy { $0 > 0 })
        try checks.that("save set the timestamps", groceries.createdAt != nil && groceries.updatedAt != nil)

        tips.body += " FTS5 ranks full-text matches with bm25."
        let edited = tips
        try checks.that("update found the note", try await pool.write { db in try db.update(edited) })
        let stored = try await pool.read { db in try Note.find(edited.id, in: db) }
        try checks.equal("find reads back the updated body", stored?.body, edited.body)
        if let stored { tips = stored }
        print("   updated note \(tips.id): \(tips.body)")

        try checks.that("delete removed the draft", try await pool.write { db in try db.delete(draft) })
        try checks.equal(
            "find returns nil for the deleted note", try await pool.read { db in try Note.find(draft.id, in: db) }, nil)
        try checks.equal("three notes are left", try await store.count(), 3)

        let pinned = try await store.setPinned(true, id: swift.id)
        try checks.equal("the Swift note is pinned", pinned?.pinned, true)

        // 3. The typed tier's query builder.
        heading(3, "A typed query (SQLiteTyped): select, filter, order, limit")
        print("   " + NotesStore.listQuery(pinnedOnly: false, limit: 20).asSQL())
        let list = try await store.list()
        for note in list { print(NotesApp.format(note)) }
        try checks.equal("pinned first, then the latest saved", list.map(\.id), [swift.id, tips.id, groceries.id])
        print("   " + NotesStore.listQuery(pinnedOnly: true, limit: 20).asSQL())
        let pinnedList = try await store.list(pinnedOnly: true)
        try checks.equal("filter(pinned == true) finds the pinned note", pinnedList.map(\.id), [swift.id])

        // 4. FTS5, when this build has it.
        heading(4, "Full-text search (FTS5): MATCH, ranked by bm25, highlight and snippet")
        #if FTS5
            if NotesSearch.isAvailable {
                try await searchSteps(store, &checks, groceries: groceries, tips: tips, swift: swift, draft: draft)
            } else {
                print("   skipped: the SQLite linked has no FTS5")
            }
        #else
            print("   skipped: this build has no FTS5 (the FTS5 package trait is off)")
        #endif

        // 5. An observed query on the pool.
        heading(5, "Observing a query (DatabasePool.observe)")
        let before = try await store.count()
        let seen: [Int]
        do {
            seen = try await withTimeout(seconds: 10) {
                var values: [Int] = []
                for try await count in store.observeCount().removeDuplicates() {
                    print("   observed: \(count) notes")
                    values.append(count)
                    if values.count == 2 { break }  // leaving the loop ends the observation
                    let note = try await store.add(title: "Observed", body: "Written while the count was observed.")
                    print("   wrote note \(note.id) through the pool")
                }
                return values
            }
        } catch let timeout as TimeoutError {
            throw DemoFailure("the observation did not see the new note: \(timeout)")
        }
        try checks.equal(
            "the observation saw the count go from \(before) to \(before + 1)", seen, [before, before + 1])

        // 6. Live queries in a view model, where Observation is available.
        heading(6, "Live queries in a view model (LiveQuery, Observation)")
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *) {
            try await liveQuerySteps(store, &checks)
        } else {
            print("   skipped: Observation needs iOS 17, macOS 14, tvOS 17, watchOS 10 or visionOS 1")
        }

        // 7. Integrity, and closing.
        heading(7, "Integrity check and closing")
        let problems = try await pool.read { db in try db.integrityCheck() }
        try checks.equal("PRAGMA integrity_check finds no problem", problems, [])
        try store.close()
        do {
            _ = try await store.count()
            throw DemoFailure("a closed pool still answered")
        } catch let error as SQLiteCore.Result {
            print("   after close: \(error)")
            try checks.equal("a closed pool throws SQLITE_MISUSE", error.code, SQLITE_MISUSE)
        }
    }

    #if FTS5
        /// Step 4.
        private static func searchSteps(
            _ store: NotesStore, _ checks: inout Checks, groceries: Note, tips: Note, swift: Note, draft: Note
        ) async throws {
            // Words typed by a user: each becomes a quoted FTS5 string, so nothing in them is
            // read as an operator. The porter tokenizer matches "reader" with "readers".
            let words = FTS5Pattern.words("reader snapshots")
            print("   " + NotesSearch.query(words, limit: 10).asSQL())
            let hits = try await store.search(words)
            for hit in hits { print(NotesApp.format(hit)) }
            try checks.equal("'reader snapshots' finds the SQLite tips", hits.map(\.id), [tips.id])
            try checks.that(
                "the snippet highlights the match", hits.first?.snippet.contains("[readers]") == true)

            let updated = try await store.search(.words("bm25"))
            try checks.equal("the update trigger indexed the new text", updated.map(\.id), [tips.id])
            let deleted = try await store.search(.words("draft"))
            try checks.equal("the delete trigger removed the draft from the index", deleted.map(\.id), [])

            // FTS5's own syntax, as a user of `notes search` writes it; bm25 ranks the hits.
            let query = FTS5Pattern(raw: "task OR coffee")
            print("   search \(query)")
            let ranked = try await store.search(query)
            for hit in ranked { print(NotesApp.format(hit)) }
            try checks.equal(
                "'task OR coffee' ranks the note about tasks first", ranked.map(\.id), [swift.id, groceries.id])
            try checks.that(
                "the ranks are in bm25 order", zip(ranked, ranked.dropFirst()).allSatisfy { $0.score <= $1.score })

            let prefix = try await store.search(FTS5Pattern.column("title", .prefix("concur")))
            try checks.equal("a prefix query on the title finds the Swift note", prefix.map(\.id), [swift.id])

            // A malformed query is SQLite's error, thrown. The same text as words is two terms
            // to find: "coffee" and "and".
            let malformed = FTS5Pattern(raw: "coffee AND")
            do {
                _ = try await store.search(malformed)
                throw DemoFailure("the malformed query \(malformed) was accepted")
            } catch let error as SQLiteCore.Result {
                print("   search \(malformed): error: \(error)")
                try checks.that("a malformed query throws SQLite's fts5 error", error.message.contains("fts5"))
            }
            let safe = try await store.search(.words("coffee AND"))
            try checks.equal("the same text as words finds \"coffee\" and \"and\"", safe.map(\.id), [groceries.id])

            // FTS5 compares the index with the notes table.
            try await store.pool.write { db in try NotesSearch.checkIndex(in: db) }
            checks.record("the index matches the notes (FTS5 integrity-check)")
        }
    #endif

    /// Prints a step's heading.
    private static func heading(_ number: Int, _ title: String) {
        print("\n[\(number)] \(title)")
    }
}

/// The demo's checks: each prints `ok` and its description, or throws ``DemoFailure``.
struct Checks {
    /// How many checks passed.
    private(set) var passed = 0

    /// Checks that `condition` holds.
    mutating func that(_ description: String, _ condition: Bool) throws {
        guard condition else { throw DemoFailure("\(description): it does not hold") }
        record(description)
    }

    /// Checks that `actual` is `expected`.
    mutating func equal<T: Equatable>(_ description: String, _ actual: T, _ expected: T) throws {
        guard actual == expected else { throw DemoFailure("\(description): got \(actual), expected \(expected)") }
        record(description)
    }

    /// Counts and prints a check that passed: one whose call returned without throwing.
    mutating func record(_ description: String) {
        passed += 1
        print("   ok  \(description)")
    }
}

/// A demo check that failed.
struct DemoFailure: Error, CustomStringConvertible {
    /// What was expected, and what happened.
    var description: String

    /// A failure saying `description`.
    init(_ description: String) {
        self.description = description
    }
}
