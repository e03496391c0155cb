#if Snapshot
    import Foundation
    import SQLiteCore
    import Testing

    @Suite(
        .enabled(
            if: SQLiteFeature.snapshot.isAvailable, "this SQLite library has no snapshots (SQLITE_ENABLE_SNAPSHOT)"))
    struct SnapshotTests {
        /// A WAL database with table t holding one row, and a second connection to it.
        private func withWALDatabase(_ body: (Connection, Connection) throws -> Void) throws {
            try withTemporaryDirectory { directory in
                let path = directory.path("wal.sqlite")
                let writer = try Connection(path, journalMode: .wal)
                try writer.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1);")
                let reader = try Connection(path)
                try body(writer, reader)
            }
        }

        /// The snapshot `db` sees now.
        private func takeSnapshot(_ db: Connection) throws -> Snapshot {
            try db.transaction(.deferred) {
                _ = try db.scalar("SELECT count(*) FROM t")
                return try db.snapshot()
            }
        }

        @Test func pinnedReaderDoesNotSeeLaterCommits() throws {
            try withWALDatabase { writer, reader in
                let snapshot = try takeSnapshot(reader)
                try writer.run("INSERT INTO t VALUES (2)")
                #expect(try reader.read(from: snapshot) { try reader.scalar("SELECT count(*) FROM t") as? Int64 } == 1)
                #expect(try reader.scalar("SELECT count(*) FROM t") as? Int64 == 2)
                let later = try takeSnapshot(reader)
                #expect(snapshot < later)
                #expect(!(later < snapshot))
                #expect(snapshot != later)
                #expect(try takeSnapshot(writer) == later)
            }
        }

        @Test func snapshotNeedsWALAndAReadTransaction() throws {
            try withWALDatabase { writer, _ in
                expectResult(code: SQLITE_ERROR) { _ = try writer.snapshot() }
            }
            let memory = try Connection()
            try memory.execute("CREATE TABLE t (x)")
            expectResult(code: SQLITE_ERROR) { _ = try takeSnapshot(memory) }
        }

        @Test func snapshotGoneAfterCheckpointTruncate() throws {
            try withWALDatabase { writer, reader in
                let snapshot = try takeSnapshot(reader)
                try writer.run("INSERT INTO t VALUES (2)")
                try writer.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                let error = expectResult(code: SQLITE_ERROR) {
                    _ = try reader.read(from: snapshot) { try reader.scalar("SELECT count(*) FROM t") }
                }
                reader.usesExtendedErrorCodes = true
                let extended = expectResult(code: SQLITE_ERROR) {
                    _ = try reader.read(from: snapshot) { try reader.scalar("SELECT count(*) FROM t") }
                }
                #expect(extended?.extendedCode == SQLITE_ERROR_SNAPSHOT, "\(String(describing: error))")
                #expect(reader.autocommit)
                try reader.recoverSnapshots()
            }
        }
    }
#endif

#if Snapshot
    import SQLiteCore
    import Testing

    @Suite(.enabled(if: !SQLiteFeature.snapshot.isAvailable, "this SQLite library has snapshots"))
    struct SnapshotUnavailableTests {
        @Test func everySnapshotCallThrowsAClearError() throws {
            let db = try Connection()
            let error = expectResult(code: SQLITE_ERROR) { _ = try db.snapshot() }
            #expect(error?.message.contains("SQLITE_ENABLE_SNAPSHOT") == true)
            expectResult(code: SQLITE_ERROR) { try db.recoverSnapshots() }
        }
    }
#endif
