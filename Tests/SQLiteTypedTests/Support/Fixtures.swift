import SQLiteTyped

/// The columns and tables of SQLite.swift's documentation examples.
enum Doc {
    static let users = Table("users")
    static let posts = Table("posts")
    static let id = Expression<Int64>("id")
    static let email = Expression<String>("email")
    static let name = Expression<String?>("name")
    static let balance = Expression<Double>("balance")
    static let verified = Expression<Bool>("verified")
    static let age = Expression<Int?>("age")
    static let userId = Expression<Int64>("user_id")
    static let managerId = Expression<Int64?>("manager_id")
    static let title = Expression<String>("title")

    /// An in-memory database with the documentation's `users` and `posts` tables.
    static func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE users (
                id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT,
                balance REAL NOT NULL DEFAULT 0, verified BOOLEAN NOT NULL DEFAULT 0, age INTEGER,
                manager_id INTEGER);
            CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL, title TEXT NOT NULL);
            """)
        return db
    }

    /// The database with alice (1), betty (2, managed by 1) and cathy (3, no name), and posts.
    static func populated() throws -> Connection {
        let db = try database()
        try db.execute(
            """
            INSERT INTO users (id, email, name, balance, verified, age, manager_id) VALUES
                (1, 'alice@mac.com', 'Alice', 100.0, 1, 30, NULL),
                (2, 'betty@icloud.com', 'Betty', 10000.0, 0, 25, 1),
                (3, 'cathy@mac.com', NULL, 0.0, 1, NULL, 1);
            INSERT INTO posts (id, user_id, title) VALUES (1, 1, 'Hello'), (2, 1, 'Again'), (3, 2, 'Hi');
            """)
        return db
    }
}
