// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import Foundation
import SQLite
import Testing

// SQLite.swift's documentation, "Getting Started" through "Thread-Safety", compiled in Swift 5
// mode as SQLite.swift programs are. Each block is kept as the documentation writes it; the only
// edits are file paths (pointed into a scratch directory) and assertions added after the block.

@Suite("Documentation: connecting to a database")
struct ConnectingTests {
    @Test func readWriteDatabase() throws {
        let scratch = try ScratchDirectory()
        let path = scratch.path
        // The documentation's block, with its path:
        let db = try Connection("\(path)/db.sqlite3")
        try db.run("CREATE TABLE t (x)")
        #expect(FileManager.default.fileExists(atPath: scratch.file("db.sqlite3")))
        #expect(db.readonly == false)
    }

    /// The documentation's app-only blocks: they look up the user's Documents and Application
    /// Support folders and the app bundle, so they are compiled here and not run.
    func appDirectoryBlocks() throws {
        do {
            let path = NSSearchPathForDirectoriesInDomains(
                .documentDirectory, .userDomainMask, true
            ).first!

            let db = try Connection("\(path)/db.sqlite3")
            _ = db
        }
        do {
            // set the path corresponding to application support
            var path = NSSearchPathForDirectoriesInDomains(
                .applicationSupportDirectory, .userDomainMask, true
            ).first! + "/" + Bundle.main.bundleIdentifier!

            // create parent directory inside application support if it doesn’t exist
            try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: nil
            )

            let db = try Connection("\(path)/db.sqlite3")
            _ = db
            path = ""
        }
        do {
            let path = Bundle.main.path(forResource: "db", ofType: "sqlite3")!

            let db = try Connection(path, readonly: true)
            _ = db
        }
    }

    @Test func copyDatabaseIfNeeded() throws {
        // The documentation's helper, compiled as written; it copies into Documents, so the
        // test only calls it with a source that does not exist (no copy is made).
        func copyDatabaseIfNeeded(sourcePath: String) -> Bool {
            let documents = NSSearchPathForDirectoriesInDomains(.documentDirectory, .userDomainMask, true).first!
            let destinationPath = documents + "/db.sqlite3"
            let exists = FileManager.default.fileExists(atPath: destinationPath)
            guard !exists else { return false }
            do {
                try FileManager.default.copyItem(atPath: sourcePath, toPath: destinationPath)
                return true
            } catch {
              print("error during file copy: \(error)")
        	    return false
            }
        }
        let missing = NSTemporaryDirectory() + "no-such-seed-\(UUID().uuidString).sqlite3"
        #expect(copyDatabaseIfNeeded(sourcePath: missing) == false)
    }

    @Test func readOnlyDatabase() throws {
        let scratch = try ScratchDirectory()
        let seed = try Connection(scratch.file("db.sqlite3"))
        try seed.run("CREATE TABLE users (email TEXT)")
        try seed.run("INSERT INTO users VALUES ('alice@mac.com')")
        let path = scratch.file("db.sqlite3")

        let db = try Connection(path, readonly: true)

        #expect(db.readonly)
        #expect(try db.scalar("SELECT count(*) FROM users") as? Int64 == 1)
        #expect(throws: Result.self) { try db.run("INSERT INTO users VALUES ('betty@icloud.com')") }
    }

    @Test func inMemoryDatabase() throws {
        let db = try Connection() // equivalent to `Connection(.inMemory)`
        #expect(db.description == "")
        let same = try Connection(.inMemory)
        try db.run("CREATE TABLE t (x)")
        try same.run("CREATE TABLE t (x)")  // another, separate database
    }

    @Test func temporaryDatabase() throws {
        let db = try Connection(.temporary)
        try db.run("CREATE TABLE t (x)")
        try db.run("INSERT INTO t VALUES (1)")
        #expect(try db.scalar("SELECT x FROM t") as? Int64 == 1)
    }

    @Test func uriParameters() throws {
        let scratch = try ScratchDirectory()
        let file = scratch.file("file.sqlite")
        // The documentation spells the lock parameter `.noLock`; SQLite.swift's is `.nolock`.
        let db = try Connection(.uri(file, parameters: [.cache(.private), .nolock(true)]))
        try db.run("CREATE TABLE t (x)")
        #expect(FileManager.default.fileExists(atPath: file))
        // The documented spelling is accepted too.
        let other = try Connection(.uri(file, parameters: [.cache(.private), .noLock(true)]))
        #expect(try other.scalar("SELECT count(*) FROM t") as? Int64 == 0)
    }

    @Test func threadSafetyBusyHandling() throws {
        let db = try Connection()
        db.busyTimeout = 5 // error after 5 seconds (does multiple retries)
        #expect(db.busyTimeout == 5)

        db.busyHandler({ tries in
            tries < 3  // error after 3 tries
        })
        // A busy handler replaces the timeout.
        #expect(db.busyTimeout == 0)
    }

    @Test func busyHandlerGivesUpAfterItsTries() throws {
        let scratch = try ScratchDirectory()
        let writer = try Connection(scratch.file("db.sqlite3"))
        try writer.run("CREATE TABLE t (x)")
        let db = try Connection(scratch.file("db.sqlite3"))
        let counter = TriesCounter()
        db.busyHandler({ tries in
            counter.record(tries)
            return tries < 3  // error after 3 tries
        })
        try writer.run("BEGIN EXCLUSIVE")
        #expect(throws: Result.self) { try db.run("INSERT INTO t VALUES (1)") }
        try writer.run("COMMIT")
        #expect(counter.last == 3)
    }
}

/// The last `tries` value a busy handler saw.
final class TriesCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = -1
    func record(_ tries: Int) {
        lock.lock()
        value = tries
        lock.unlock()
    }
    var last: Int {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}
