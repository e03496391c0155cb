import SQLite

/// The tables SQLite.swift's documentation works with, made with plain SQL so that the typed
/// API under test does not build its own fixtures.
enum DocDatabase {
    /// An in-memory database with `users` and `posts`, and a log of the SQL run on it from now on.
    static func make() throws -> (Connection, SQLLog) {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE users (
                id INTEGER PRIMARY KEY NOT NULL, email TEXT NOT NULL UNIQUE, name TEXT,
                balance REAL NOT NULL DEFAULT 0, verified INTEGER NOT NULL DEFAULT 0, age INTEGER,
                manager_id INTEGER, suffix TEXT);
            CREATE TABLE posts (
                id INTEGER PRIMARY KEY NOT NULL, user_id INTEGER, title TEXT NOT NULL DEFAULT '',
                body TEXT NOT NULL DEFAULT '', published_at DATETIME);
            """)
        return (db, SQLLog(db))
    }

    /// `make()` with alice (1), betty (2, managed by alice) and cathy (3, no name), and posts.
    static func populated() throws -> (Connection, SQLLog) {
        let (db, log) = try make()
        try db.execute(
            """
            INSERT INTO users (id, email, name, balance, verified, age, manager_id) VALUES
                (1, 'alice@mac.com', 'Alice', 100.0, 1, 30, NULL),
                (2, 'betty@icloud.com', 'Betty', 10000.0, 0, 25, 1),
                (3, 'cathy@mac.com', NULL, 0.0, 1, NULL, 1);
            INSERT INTO posts (id, user_id, title) VALUES (1, 1, 'Hello'), (2, 1, 'Again'), (3, 2, 'Hi');
            """)
        _ = log.take()
        return (db, log)
    }
}
