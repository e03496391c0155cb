import SQLiteCore
import SQLiteSchema
import Testing

@Suite struct IntegrityTests {
    @Test func reportsForeignKeyViolationsAsValues() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE users (id INTEGER PRIMARY KEY);
            CREATE TABLE posts (id INTEGER PRIMARY KEY, user_id INTEGER REFERENCES users (id));
            CREATE TABLE tags (name TEXT PRIMARY KEY, post_id INTEGER REFERENCES posts (id)) WITHOUT ROWID;
            INSERT INTO users VALUES (1);
            INSERT INTO posts VALUES (10, 1), (11, 2), (12, 3);
            INSERT INTO tags VALUES ('x', 10), ('y', 99);
            """)
        #expect(
            try db.foreignKeyCheck(table: "posts") == [
                ForeignKeyViolation(table: "posts", rowid: 11, parent: "users", foreignKeyID: 0),
                ForeignKeyViolation(table: "posts", rowid: 12, parent: "users", foreignKeyID: 0),
            ])
        #expect(
            try db.foreignKeyCheck(table: "tags") == [
                ForeignKeyViolation(table: "tags", rowid: nil, parent: "posts", foreignKeyID: 0)
            ])
        #expect(try db.foreignKeyCheck().count == 3)
        #expect(try db.foreignKeyCheck(table: "users").isEmpty)
        #expect(try db.foreignKeyCheck(database: "main").count == 3)
        #expect(try db.foreignKeyCheck(table: "posts").first?.description == "posts [11] => users")
    }

    @Test func integrityAndQuickChecksAreEmptyWhenSound() throws {
        let db = try makeLibrary()
        #expect(try db.integrityCheck().isEmpty)
        #expect(try db.quickCheck().isEmpty)
        #expect(try db.integrityCheck(table: "authors").isEmpty)
        #expect(try db.quickCheck(database: "main", maxErrors: 5).isEmpty)
    }

    @Test func integrityCheckReportsProblems() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (x INTEGER CHECK (x > 0));
            INSERT INTO t VALUES (1), (2);
            PRAGMA ignore_check_constraints = ON;
            INSERT INTO t VALUES (-1);
            PRAGMA ignore_check_constraints = OFF;
            """)
        let problems = try db.integrityCheck()
        #expect(problems.count == 1)
        #expect(problems.first?.contains("CHECK constraint failed") == true)
        #expect(try db.quickCheck() == problems)
    }
}
