import Foundation
import SQLiteCore
import Testing

@Suite struct CollationTests {
    @Test func orderByACustomCollation() throws {
        let db = try Connection()
        try db.execute("CREATE TABLE names (name TEXT); INSERT INTO names VALUES ('b'), ('C'), ('a'), ('B'), ('')")
        try db.createCollation("REVERSED") { lhs, rhs in
            lhs == rhs ? .orderedSame : (lhs > rhs ? .orderedAscending : .orderedDescending)
        }
        let names = try db.prepare("SELECT name FROM names ORDER BY name COLLATE REVERSED").map { $0[0] as? String }
        #expect(names == ["b", "a", "C", "B", ""])
    }

    @Test func collationUsedForComparisonAndUniqueness() throws {
        let db = try Connection()
        try db.createCollation("CASELESS") { lhs, rhs in
            lhs.lowercased() == rhs.lowercased()
                ? .orderedSame : (lhs.lowercased() < rhs.lowercased() ? .orderedAscending : .orderedDescending)
        }
        #expect(try db.scalar("SELECT 'ÉCOLE' = 'école' COLLATE CASELESS") as? Int64 == 1)
        try db.execute("CREATE TABLE t (name TEXT COLLATE CASELESS UNIQUE)")
        try db.run("INSERT INTO t VALUES (?)", "Straße")
        expectResult(code: SQLITE_CONSTRAINT) { try db.run("INSERT INTO t VALUES (?)", "STRAßE") }
        try db.run("INSERT INTO t VALUES (?)", "Alpha")
        let names = try db.prepare("SELECT name FROM t ORDER BY name").map { $0[0] as? String }
        #expect(names == ["Alpha", "Straße"])
    }

    @Test func collationReceivesFullTextIncludingNulAndEmpty() throws {
        let db = try Connection()
        let seen = Locked<Set<String>>([])
        try db.createCollation("SPY") { lhs, rhs in
            seen.withLock {
                $0.insert(lhs)
                $0.insert(rhs)
            }
            return lhs.utf8.count < rhs.utf8.count
                ? .orderedAscending : (lhs.utf8.count == rhs.utf8.count ? .orderedSame : .orderedDescending)
        }
        #expect(try db.scalar("SELECT ? < ? COLLATE SPY", "a\u{0}bc", "") as? Int64 == 0)
        #expect(seen.value == ["a\u{0}bc", ""])
    }

    @Test func unknownCollationIsAnError() throws {
        let db = try Connection()
        let error = expectResult(code: SQLITE_ERROR) { _ = try db.prepare("SELECT 'a' ORDER BY 1 COLLATE NOPE") }
        #expect(error?.message.contains("no such collation sequence") == true)
    }

    @Test func closuresReleasedOnReplacementAndClose() throws {
        let first = Locked(false)
        let second = Locked(false)
        do {
            let db = try Connection()
            do {
                let tracked = Tracked(first)
                try db.createCollation("C1") { lhs, rhs in
                    _ = tracked.touch()
                    return lhs < rhs ? .orderedAscending : (lhs == rhs ? .orderedSame : .orderedDescending)
                }
            }
            #expect(try db.scalar("SELECT 'a' < 'b' COLLATE C1") as? Int64 == 1)
            try db.createCollation("C1") { _, _ in .orderedSame }
            #expect(first.value)
            #expect(try db.scalar("SELECT 'a' = 'b' COLLATE C1") as? Int64 == 1)
            do {
                let tracked = Tracked(second)
                try db.createCollation("C2") { _, _ in
                    _ = tracked.touch()
                    return .orderedSame
                }
            }
            #expect(!second.value)
        }
        #expect(second.value)
    }
}
