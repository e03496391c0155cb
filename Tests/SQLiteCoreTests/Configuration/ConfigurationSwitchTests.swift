import SQLiteCore
import Testing

/// Connection switches (`sqlite3_db_config`), observed through what SQLite then does.
@Suite struct ConfigurationSwitchTests {
    /// The SQLite version that introduced each switch newer than 3.40.
    private static func introduced(_ option: Connection.ConfigurationSwitch) -> SQLiteVersion {
        switch option {
        case .statementScanStatus, .reverseScanOrder: SQLiteVersion(major: 3, minor: 42)
        case .attachCreate, .attachWrite, .comments: SQLiteVersion(major: 3, minor: 49)
        default: SQLiteVersion(major: 3, minor: 40)
        }
    }

    @Test(arguments: Connection.ConfigurationSwitch.allCases)
    func everySwitchReadsAndKeepsItsValueOrThrowsOnAnOlderLibrary(option: Connection.ConfigurationSwitch) throws {
        let db = try Connection()
        guard SQLiteVersion.current >= Self.introduced(option) else {
            let error = expectResult(code: SQLITE_ERROR) { _ = try db.isEnabled(option) }
            #expect(error?.message.contains("\(option)") == true)
            return
        }
        let state = try db.isEnabled(option)
        #expect(try db.setEnabled(option, state) == state)
        #expect(try db.isEnabled(option) == state)
    }

    @Test func foreignKeysMakeAViolatingInsertFail() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE parent (id INTEGER PRIMARY KEY); CREATE TABLE child (p REFERENCES parent (id))")
        #expect(try db.setEnabled(.foreignKeys, true))
        #expect(try db.scalar("PRAGMA foreign_keys") as? Int64 == 1)
        expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO child VALUES (1)") }
        #expect(try db.setEnabled(.foreignKeys, false) == false)
        try db.run("INSERT INTO child VALUES (1)")
    }

    @Test func defensiveModeBlocksSchemaEdits() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); PRAGMA writable_schema = ON")
        let edit = "UPDATE sqlite_schema SET sql = sql WHERE name = 'nothing'"
        try db.run(edit)
        #expect(try db.setEnabled(.defensive, true))
        try db.execute("PRAGMA writable_schema = ON")
        let error = expectResult(code: SQLITE_ERROR) { try db.run(edit) }
        #expect(error?.message.contains("may not be modified") == true)
        try db.setEnabled(.defensive, false)
        try db.run(edit)
    }

    @Test func writableSchemaSwitchAllowsSchemaEdits() throws {
        let db = try Connection()
        let edit = "UPDATE sqlite_schema SET sql = sql WHERE name = 'nothing'"
        expectResult(code: SQLITE_ERROR) { try db.run(edit) }
        #expect(try db.setEnabled(.writableSchema, true))
        try db.run(edit)
        #expect(try db.scalar("PRAGMA writable_schema") as? Int64 == 1)
    }

    @Test func triggersOffStopATriggerFiring() throws {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE t (x); CREATE TABLE log (x);
            CREATE TRIGGER t_log AFTER INSERT ON t BEGIN INSERT INTO log VALUES (new.x); END;
            """)
        #expect(try db.setEnabled(.triggers, false) == false)
        try db.run("INSERT INTO t VALUES (1)")
        #expect(try db.scalar("SELECT count(*) FROM log") as? Int64 == 0)
        #expect(try db.setEnabled(.triggers, true))
        try db.run("INSERT INTO t VALUES (2)")
        #expect(try db.scalar("SELECT group_concat(x) FROM log") as? String == "2")
    }

    @Test func viewsOffRejectAViewQuery() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); CREATE VIEW v AS SELECT x FROM t")
        #expect(try db.setEnabled(.views, false) == false)
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.scalar("SELECT count(*) FROM v") }
        #expect(error?.message.contains("v") == true)
        try db.setEnabled(.views, true)
        #expect(try db.scalar("SELECT count(*) FROM v") as? Int64 == 0)
    }

    @Test func doubleQuotedStringsOffMakeThemIdentifiers() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        #expect(try db.setEnabled(.doubleQuotedStringsInDML, true))
        #expect(try db.scalar(#"SELECT "text" FROM t"#) as? String == "text")
        #expect(try db.setEnabled(.doubleQuotedStringsInDML, false) == false)
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.scalar(#"SELECT "text" FROM t"#) }
        #expect(error?.message.contains("no such column") == true, "\(String(describing: error))")
        // The identifier it names still works.
        #expect(try db.scalar(#"SELECT "x" FROM t"#) as? Int64 == 1)
    }

    @Test func aClosedConnectionThrows() throws {
        let db = try Connection()
        try db.close()
        expectResult(code: SQLITE_MISUSE) { _ = try db.isEnabled(.defensive) }
        expectResult(code: SQLITE_MISUSE) { try db.setEnabled(.defensive, true) }
    }
}
