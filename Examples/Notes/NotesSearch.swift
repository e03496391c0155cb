import SQLite

/// Full-text search over the notes, with an FTS5 index kept in sync by triggers.
///
/// The index, `notes_fts`, is an external-content FTS5 table: it stores only the index and
/// reads titles and bodies from `notes` (`content="notes"`, `content_rowid="id"`), so each
/// note is stored once. Triggers on `notes` update the index on every insert, update and
/// delete.
enum NotesSearch {
    /// Whether this build can search: the `FTS5` package trait is on (it is by default) and
    /// the SQLite linked has FTS5 compiled in (a system SQLite might not).
    static var isAvailable: Bool {
        #if FTS5
            return SQLiteFeature.fts5.isAvailable
        #else
            return false
        #endif
    }
}

#if FTS5
    extension NotesSearch {
        /// One search result.
        struct Hit: Equatable, Sendable {
            /// The note's id.
            var id: Int64
            /// The title, matches in `[brackets]`.
            var title: String
            /// A few words of the body around the matches, matches in `[brackets]`.
            var snippet: String
            /// FTS5's bm25 score: more negative is more relevant.
            var score: Double
        }

        /// The FTS5 table.
        static let index = VirtualTable("notes_fts")
        /// The index's rowid: the id of the note it indexes.
        static let rowid = SQLExpression<Int64>("rowid")
        /// The hidden column named after the table, through which FTS5 takes commands such as
        /// `'delete'` and `'rebuild'`.
        private static let command = SQLExpression<String>("notes_fts")

        /// Creates the index and its triggers, and indexes the notes already there (migration 3).
        static func createIndex(in db: Connection) throws {
            let id = Note.Columns.id
            let title = Note.Columns.title
            let body = Note.Columns.body

            // CREATE VIRTUAL TABLE "notes_fts" USING fts5("title", "body", tokenize=porter,
            //   content="notes", content_rowid="id")
            // The porter tokenizer matches the forms of a word: "reader" finds "readers".
            let config = FTS5Config()
                .column(title)
                .column(body)
                .tokenizer(.Porter)
                .externalContent(Note.table)
                .contentRowId(id)
            try db.run(index.create(.FTS5(config)))

            // An external-content index is told what changed: new text is inserted, and old
            // text is removed with the 'delete' command, which needs the text as it was indexed.
            try db.run(
                Note.table.createTrigger("notes_fts_after_insert", .after, .insert) { trigger in
                    trigger.run(index.insert(rowid <- id.new, title <- title.new, body <- body.new))
                })
            try db.run(
                Note.table.createTrigger("notes_fts_after_delete", .after, .delete) { trigger in
                    trigger.run(
                        index.insert(command <- "delete", rowid <- id.old, title <- title.old, body <- body.old))
                })
            try db.run(
                Note.table.createTrigger("notes_fts_after_update", .after, .update(of: title, body)) { trigger in
                    trigger.run(
                        index.insert(command <- "delete", rowid <- id.old, title <- title.old, body <- body.old))
                    trigger.run(index.insert(rowid <- id.new, title <- title.new, body <- body.new))
                })

            // Index the notes written before this migration.
            try db.run(index.insert(command <- "rebuild"))
        }

        /// Throws SQLite's error when the index does not match the notes: FTS5's
        /// `integrity-check` command, with `rank` 1 to compare it with the content table.
        static func checkIndex(in db: Connection) throws {
            try db.run(index.insert(command <- "integrity-check", SQLExpression<Int>("rank") <- 1))
        }

        /// The typed query behind ``search(_:limit:in:)``: the best matches first.
        ///
        /// ```sql
        /// SELECT "rowid", highlight("notes_fts", 0, '[', ']'), snippet("notes_fts", 1, '[', ']', '...', 8),
        ///   bm25("notes_fts") FROM "notes_fts" WHERE ("notes_fts" MATCH ?) ORDER BY "notes_fts"."rank" LIMIT 10
        /// ```
        ///
        /// The pattern is bound as a parameter, never written into the SQL.
        static func query(_ pattern: FTS5Pattern, limit: Int) -> QueryType {
            index
                .select(rowid, highlightedTitle, bodySnippet, index.bm25)
                .filter(index.match(pattern))
                .order(index.rank)
                .limit(limit)
        }

        /// Runs ``query(_:limit:)``.
        ///
        /// `pattern` is FTS5's query syntax: `FTS5Pattern.words(text)` searches for the words
        /// of any text, `FTS5Pattern(raw:)` passes a query such as `swift OR sqlite*` as
        /// written. A pattern FTS5 cannot parse throws SQLite's error (`fts5: syntax error...`).
        static func search(_ pattern: FTS5Pattern, limit: Int = 10, in db: Connection) throws -> [Hit] {
            // A RowIterator, not `for row in try db.prepare(query)`: the lazy sequence ends
            // quietly on an error, and a bad pattern must be reported.
            try db.prepareRowIterator(query(pattern, limit: limit)).map { row in
                Hit(
                    id: try row.get(rowid), title: try row.get(highlightedTitle),
                    snippet: try row.get(bodySnippet), score: try row.get(index.bm25))
            }
        }

        /// The title with its matches in brackets.
        private static let highlightedTitle = index.highlight(column: 0, open: "[", close: "]")
        /// Up to 8 words of the body around the matches.
        private static let bodySnippet = index.snippet(column: 1, open: "[", close: "]", ellipsis: "...", tokens: 8)
    }
#endif
