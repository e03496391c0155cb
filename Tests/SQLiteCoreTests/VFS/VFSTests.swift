import Foundation
import SQLiteCore
import Testing

@Suite struct VFSTests {
    @Test func aCountingVFSSeesTheWrites() throws {
        try withTemporaryDirectory { directory in
            let vfs = try CountingVFS(name: "counting-\(UUID().uuidString)")
            try vfs.register()
            defer { try? vfs.unregister() }
            do {
                let db = try Connection(.uri(directory.path("db.sqlite"), parameters: [.vfs(vfs.name)]))
                try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (randomblob(10000))")
                #expect(try db.scalar("SELECT length(x) FROM t") as? Int64 == 10000)
                #expect(vfs.openFiles == 1)
            }
            let counts = vfs.counts.withLock { $0 }
            #expect(counts.written >= 10000)
            #expect(counts.read > 0)
            #expect(vfs.openFiles == 0)
        }
    }

    @Test(arguments: ["DELETE", "WAL"])
    func aXORVFSScramblesTheFileAndReadsItBack(journalMode: String) throws {
        try withTemporaryDirectory { directory in
            let path = directory.path("db.sqlite")
            let vfs = try XORVFS(name: "xor-\(UUID().uuidString)", key: 0x5A)
            try vfs.register()
            defer { try? vfs.unregister() }
            do {
                let db = try Connection(.uri(path, parameters: [.vfs(vfs.name)]))
                try db.execute("PRAGMA journal_mode = \(journalMode)")
                try db.execute("CREATE TABLE t (x TEXT); INSERT INTO t VALUES ('a secret')")
                try db.transaction { for i in 0..<200 { try db.run("INSERT INTO t VALUES (?)", "row \(i)") } }
            }
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(!bytes.starts(with: Array("SQLite format 3".utf8)))
            #expect(bytes.starts(with: Array("SQLite format 3".utf8).map { $0 ^ 0x5A }))
            // The plain VFS cannot read it; the XOR one can.
            expectResult(code: SQLITE_NOTADB) { _ = try Connection(path).scalar("SELECT count(*) FROM t") }
            let db = try Connection(.uri(path, parameters: [.vfs(vfs.name)]))
            #expect(try db.scalar("SELECT count(*) FROM t") as? Int64 == 201)
            #expect(try db.scalar("PRAGMA integrity_check") as? String == "ok")
        }
    }

    @Test func unregisteringWithOpenFilesWaitsForTheirClose() throws {
        try withTemporaryDirectory { directory in
            let vfs = try CountingVFS(name: "closing-\(UUID().uuidString)")
            try vfs.register()
            var db: Connection? = try Connection(.uri(directory.path("db.sqlite"), parameters: [.vfs(vfs.name)]))
            try db?.execute("CREATE TABLE t (x)")
            expectResult(code: SQLITE_BUSY) { try vfs.unregister() }
            // Unregistered: new connections cannot name it; the open one keeps working.
            expectResult(code: SQLITE_ERROR) {
                _ = try Connection(.uri(directory.path("other.sqlite"), parameters: [.vfs(vfs.name)]))
            }
            try db?.run("INSERT INTO t VALUES (1)")
            db = nil
            #expect(vfs.openFiles == 0)
            try vfs.unregister()
            // It can be registered again.
            try vfs.register()
            try vfs.unregister()
        }
    }

    @Test func registeringTwiceOrWrappingAnUnknownVFSFails() throws {
        expectResult(code: SQLITE_ERROR) { _ = try CountingVFS(name: "x", wrapping: "no-such-vfs") }
        let vfs = try CountingVFS(name: "twice-\(UUID().uuidString)")
        try vfs.register()
        defer { try? vfs.unregister() }
        expectResult(code: SQLITE_MISUSE) { try vfs.register() }
    }

    @Test func aRefusedOpenIsCantOpen() throws {
        final class RefusingVFS: VFS, @unchecked Sendable {
            override func makeFile(path: String?, flags: VFSOpenFlags) throws -> VFSFile {
                if flags.contains(.mainDatabase) { throw Result.misuse("no") }
                return VFSFile()
            }
        }
        try withTemporaryDirectory { directory in
            let vfs = try RefusingVFS(name: "refusing-\(UUID().uuidString)")
            try vfs.register()
            defer { try? vfs.unregister() }
            expectResult(code: SQLITE_CANTOPEN) {
                _ = try Connection(.uri(directory.path("db.sqlite"), parameters: [.vfs(vfs.name)]))
            }
            #expect(vfs.openFiles == 0)
        }
    }

    @Test func manyConnectionsShareAVFS() async throws {
        try await withThrowingTaskGroup(of: Int64.self) { group in
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let vfs = try CountingVFS(name: "shared-\(UUID().uuidString)")
            try vfs.register()
            for i in 0..<8 {
                group.addTask {
                    let path = directory.appendingPathComponent("db\(i).sqlite").path
                    let db = try Connection(.uri(path, parameters: [.vfs(vfs.name)]))
                    try db.execute("PRAGMA journal_mode = WAL; CREATE TABLE t (x)")
                    for n in 0..<50 { try db.run("INSERT INTO t VALUES (?)", n) }
                    return try db.scalar("SELECT sum(x) FROM t") as? Int64 ?? -1
                }
            }
            for try await sum in group { #expect(sum == 1225) }
            try vfs.unregister()
        }
    }
}
