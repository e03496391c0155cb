// The writer of the Litestream replication tests (Tests/SQLiteCoreTests/Replication): commits
// numbered transactions through a DatabasePool opened with `Configuration.litestream` while
// `litestream replicate` streams the file, until the test kills it with SIGKILL.
//
//     ReplicationWriter --db PATH [--go PATH] [--checkpoint passive|full|restart|truncate]
//                       [--automatic-checkpoints PAGES] [--pause-after N --resume PATH]
//                       [--max-commits N]
//
// Each transaction `n` inserts `rowsPerCommit` rows (n, 0), (n, 1)... into `ledger`, so a
// restored database must hold all of a transaction's rows or none. Standard output, one line
// each, flushed at once:
//
//     ready                                  the table exists; waiting for the --go file
//     commit N SECONDS                       transaction N committed; Unix time after COMMIT
//     checkpoint MODE BUSY LOG COPIED SECONDS an explicit checkpoint, after every 20th commit
//     pause SECONDS / resume SECONDS         after commit N, until the --resume file exists
//
// `ReplicationWriter --read-replica LITESTREAM-VFS.so [--seconds S]` reads instead: see
// ReplicaReader.swift.
import Foundation
import SQLiteCore

let rowsPerCommit = 4

/// Writes one line to standard output at once (no buffer the SIGKILL could lose).
func emit(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ReplicationWriter: \(message)\n".utf8))
    exit(2)
}

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst().makeIterator()
while let name = arguments.next() {
    guard name.hasPrefix("--"), let value = arguments.next() else { fail("expected --option value, got \(name)") }
    options[String(name.dropFirst(2))] = value
}
if let extensionPath = options["read-replica"] {
    readReplica(extensionPath: extensionPath, seconds: options["seconds"].flatMap { Double($0) } ?? 20)
}
guard let path = options["db"] else { fail("--db PATH is required") }
let checkpointMode: Connection.WALCheckpointMode?
if let name = options["checkpoint"] {
    guard let mode = Connection.WALCheckpointMode(rawValue: name.uppercased()) else { fail("unknown mode \(name)") }
    checkpointMode = mode
} else {
    checkpointMode = nil
}
let pauseAfter = options["pause-after"].flatMap { Int($0) }
// A writer nobody kills still stops: a test never waits on it for long.
let maxCommits = options["max-commits"].flatMap { Int($0) } ?? 3000

var configuration = Configuration.litestream
if let pages = options["automatic-checkpoints"].flatMap({ Int($0) }) {
    configuration.automaticCheckpointPages = pages
}

func now() -> Double { Date().timeIntervalSince1970 }

/// Waits for the test to create `path`; gives up after 30 s.
func waitForFile(_ path: String) {
    let deadline = now() + 30
    while !FileManager.default.fileExists(atPath: path) {
        guard now() < deadline else { fail("no \(path) within 30 s") }
        Thread.sleep(forTimeInterval: 0.005)
    }
}

do {
    let pool = try DatabasePool(path: path, configuration: configuration)
    try pool.write { db in
        try db.execute(
            """
            CREATE TABLE IF NOT EXISTS ledger (
                commitNumber INTEGER NOT NULL,
                part INTEGER NOT NULL,
                payload TEXT NOT NULL,
                PRIMARY KEY (commitNumber, part)
            )
            """)
    }
    emit("ready")
    if let go = options["go"] { waitForFile(go) }
    // About a page of text per transaction, so that the log grows and checkpoints have work.
    let payload = String(repeating: "replicated ", count: 90)
    for number in 1...maxCommits {
        try pool.write { db in
            let insert = try db.prepare("INSERT INTO ledger (commitNumber, part, payload) VALUES (?, ?, ?)")
            for part in 0..<rowsPerCommit {
                try insert.run(number, part, payload)
            }
        }
        emit("commit \(number) \(now())")
        if let checkpointMode, number % 20 == 0 {
            let started = now()
            let result = try pool.checkpoint(checkpointMode)
            emit(
                "checkpoint \(checkpointMode.rawValue) \(result.busy) \(result.log) \(result.checkpointed) \(now() - started)"
            )
        }
        if number == pauseAfter, let resume = options["resume"] {
            emit("pause \(now())")
            waitForFile(resume)
            emit("resume \(now())")
        }
        Thread.sleep(forTimeInterval: 0.01)
    }
} catch {
    fail("\(error)")
}
