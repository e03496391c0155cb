import SQLite

/// The schema of a notes database, as a list of migrations.
///
/// A `Migrator` runs each migration once, in order, each in its own transaction, and records
/// its name in the `schema_migrations` table. Opening a database made by an older version of
/// the tool runs only the migrations it lacks; a migration that fails is rolled back.
///
/// The SQL names every table and column in double quotes, and binds every value.
enum NotesSchema {
    /// The migrations this build registers, in order: a migrated database has applied these.
    ///
    /// The full-text index (migration 3) is there when this build has FTS5 (see
    /// `NotesSearch.isAvailable`). Migrations are recorded by name, so a database made without
    /// it gets it the first time a build with FTS5 opens it.
    static func makeMigrator() throws -> Migrator {
        var migrator = Migrator()

        try migrator.registerMigration("v1: create notes") { db in
            try db.execute(
                """
                CREATE TABLE "notes" (
                    "id" INTEGER PRIMARY KEY AUTOINCREMENT,
                    "title" TEXT NOT NULL,
                    "body" TEXT NOT NULL,
                    "created_at" TEXT NOT NULL,
                    "updated_at" TEXT NOT NULL
                )
                """)
        }

        // SQLiteSchema's SchemaChanger: SQLite's own ALTER TABLE where it can, a full table
        // rebuild where it cannot; here ADD COLUMN and CREATE INDEX.
        try migrator.registerMigration("v2: pinned notes") { db in
            try SchemaChanger(connection: db).alter(table: "notes") { table in
                table.add(
                    column: ColumnDefinition(
                        name: "pinned", type: .INTEGER, nullable: false, defaultValue: .numericLiteral("0")))
                table.add(
                    index: IndexDefinition(table: "notes", name: "notes_by_pinned", columns: ["pinned", "updated_at"]))
            }
        }

        #if FTS5
            if NotesSearch.isAvailable {
                try migrator.registerMigration("v3: full-text index") { db in
                    try NotesSearch.createIndex(in: db)
                }
            }
        #endif

        return migrator
    }
}
