#if Session && !(SystemSQLite && canImport(Darwin))
    import Foundation
    import SQLiteCore
    import Testing

    @Suite struct ChangesetTests {
        /// A source with rows 1...3, and the changeset of a mix of changes made to it.
        private func mixedChanges() throws -> (before: [[SQLValue]], after: [[SQLValue]], changeset: Changeset) {
            let db = try makeNotesDatabase(rows: 3)
            let before = try contents(db)
            let changeset = try record(db) {
                try db.execute(
                    """
                    INSERT INTO notes VALUES (4, 'four', 40);
                    UPDATE notes SET body = 'uno', rank = NULL WHERE id = 1;
                    DELETE FROM notes WHERE id = 2;
                    """)
            }
            return (before, try contents(db), changeset)
        }

        @Test func invertedUndoes() throws {
            let (before, after, changeset) = try mixedChanges()
            let target = try makeNotesDatabase(rows: 3)
            try target.apply(changeset) { _ in .abort }
            #expect(try contents(target) == after)
            try target.apply(try changeset.inverted()) { _ in .abort }
            #expect(try contents(target) == before)
            #expect(try changeset.inverted().inverted() == changeset)
        }

        @Test func patchsetIsSmallerAndApplies() throws {
            let db = try makeNotesDatabase(rows: 3)
            let session = try Session(db)
            try session.attachAll()
            try db.execute("UPDATE notes SET rank = 0; DELETE FROM notes WHERE id = 3;")
            let changeset = try session.changeset()
            let patchset = try session.patchset()
            #expect(patchset.isPatchset)
            #expect(patchset.data.count < changeset.data.count)
            let target = try makeNotesDatabase(rows: 3)
            try target.apply(patchset) { _ in .abort }
            #expect(try contents(target) == contents(db))
            expectResult(code: SQLITE_MISUSE) { _ = try patchset.inverted() }
            // A patchset's delete keeps only the primary key.
            let delete = try #require(try patchset.changes().first { $0.operation == .delete })
            #expect(delete.oldValues == [.integer(3), nil, nil])
        }

        @Test func concatenationEqualsApplyingInTurn() throws {
            let db = try makeNotesDatabase(rows: 3)
            let first = try record(db) {
                try db.execute("INSERT INTO notes VALUES (4, 'a', 1); UPDATE notes SET body = 'x' WHERE id = 1;")
            }
            let second = try record(db) {
                try db.execute("UPDATE notes SET body = 'b' WHERE id = 4; DELETE FROM notes WHERE id = 1;")
            }
            let third = try record(db) { try db.execute("INSERT INTO notes VALUES (5, 'c', 2);") }

            let inTurn = try makeNotesDatabase(rows: 3)
            for changeset in [first, second, third] { try inTurn.apply(changeset) { _ in .abort } }
            let pair = try makeNotesDatabase(rows: 3)
            try pair.apply(try first.concatenated(with: second)) { _ in .abort }
            try pair.apply(third) { _ in .abort }
            let all = try makeNotesDatabase(rows: 3)
            let combined = try Changeset.concatenate([first, second, third])
            try all.apply(combined) { _ in .abort }

            #expect(try contents(inTurn) == contents(db))
            #expect(try contents(pair) == contents(db))
            #expect(try contents(all) == contents(db))
            // Row 4 inserted then updated is one insert; row 1 updated then deleted one delete.
            let merged = try combined.changes()
            #expect(merged.count == 3)
            #expect(merged.contains { $0.operation == .insert && $0.newValues[1] == .text("b") })
            #expect(merged.contains { $0.operation == .delete && $0.oldValues[1] == .text("n1") })
            expectResult(code: SQLITE_ERROR) {
                _ = try first.concatenated(with: Changeset(data: second.data, isPatchset: true))
            }
            #expect(try Changeset.concatenate([]).isEmpty)
        }

        @Test func truncatedBytesThrowOrReadLess() throws {
            let (_, _, changeset) = try mixedChanges()
            let full = try changeset.changes().count
            var thrown = 0
            for length in 0..<changeset.data.count {
                let truncated = Changeset(data: changeset.data.prefix(length))
                do {
                    #expect(try truncated.changes().count <= full)
                } catch let error as Result {
                    thrown += 1
                    #expect(error.code != SQLITE_OK)
                }
                _ = try? truncated.inverted()
                _ = try? Changeset.concatenate([truncated, changeset])
                let target = try makeNotesDatabase(rows: 3)
                let before = try contents(target)
                do {
                    try target.apply(truncated) { _ in .omit }
                } catch {
                    #expect(try contents(target) == before, "a failed apply changes nothing")
                }
            }
            #expect(thrown > changeset.data.count / 2)
        }

        @Test func randomBytesNeverCrash() throws {
            var generator = SeededGenerator(seed: 17)
            let valid = try mixedChanges().changeset.data
            let target = try makeNotesDatabase(rows: 3)
            for round in 0..<300 {
                var bytes: [UInt8]
                if round % 2 == 0 {
                    bytes = (0..<Int.random(in: 0...64, using: &generator)).map { _ in
                        UInt8.random(in: 0...255, using: &generator)
                    }
                } else {
                    // A valid changeset with a few bytes flipped: deeper into the parser.
                    bytes = [UInt8](valid)
                    for _ in 0..<3 {
                        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(
                            in: 0...255, using: &generator)
                    }
                }
                let changeset = Changeset(data: Data(bytes))
                _ = try? changeset.changes()
                _ = try? changeset.inverted()
                _ = try? Changeset.concatenate([changeset, changeset])
                _ = try? target.apply(changeset) { _ in .omit }
                #expect(try target.scalar("PRAGMA integrity_check") as? String == "ok")
            }
            expectResult(code: SQLITE_CORRUPT) {
                _ = try Changeset(data: Data([0x54, 0x02, 0x01, 0x74, 0x00, 0x12])).changes()
            }
        }
    }

#endif
