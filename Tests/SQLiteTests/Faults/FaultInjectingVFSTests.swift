import FaultInjection
import Foundation
import SQLite
import Testing

/// The fault-injecting VFS itself: it delegates, counts, fails what it is told to, as the VFS
/// contract says, and keeps each instance's faults to its own connections.
@Suite struct FaultInjectingVFSTests {
    /// A database file with one table of three rows, in a fresh directory.
    func withDatabase(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "FaultInjectingVFSTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        let db = try Connection(path)
        try db.execute("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1), (2), (3)")
        try db.close()
        try body(path)
    }

    func open(_ path: String, through vfs: FaultInjectingVFS) throws -> Connection {
        try Connection(.uri(path, parameters: [.vfs(vfs.name)]))
    }

    /// The main database file of `db`, as SQLite holds it.
    func mainFile(of db: Connection) throws -> UnsafeMutablePointer<sqlite3_file> {
        var file: UnsafeMutablePointer<sqlite3_file>?
        #expect(sqlite3_file_control(db.handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK)
        return try #require(file)
    }

    /// Reads the first 16 bytes of `file` with its own `xRead`: the code and the bytes.
    func readHeader(of file: UnsafeMutablePointer<sqlite3_file>) throws -> (Int32, [UInt8]) {
        let read = try #require(file.pointee.pMethods.pointee.xRead)
        var bytes = [UInt8](repeating: 0xFF, count: 16)
        let code = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, 16, 0) }
        return (code, bytes)
    }

    static let header = Array("SQLite format 3\0".utf8)

    @Test("without a fault it hands everything to the default VFS and counts reads, writes and syncs")
    func delegates() throws {
        try withDatabase { path in
            try FaultInjectingVFS.with { vfs in
                let db = try open(path, through: vfs)
                #expect(vfs.openFiles == 1)
                try db.run("INSERT INTO t VALUES (4)")
                #expect(try db.scalar("SELECT sum(x) FROM t") as? Int64 == 10)
                #expect(vfs.count(of: .read) > 0)
                #expect(vfs.count(of: .write) > 0)
                #expect(vfs.count(of: .sync) > 0)
                #expect(vfs.firings.isEmpty)
                try db.close()
                #expect(vfs.openFiles == 0)
            }
            #expect(try Connection(path).scalar("SELECT group_concat(x) FROM t") as? String == "1,2,3,4")
        }
    }

    @Test("a short read zero-fills the buffer; a failed read reports its code; once means once")
    func reads() throws {
        try withDatabase { path in
            try FaultInjectingVFS.with { vfs in
                let db = try open(path, through: vfs)
                let file = try mainFile(of: db)
                #expect(try readHeader(of: file) == (SQLITE_OK, Self.header))

                vfs.inject(.shortRead, after: 1)
                #expect(try readHeader(of: file) == (SQLITE_OK, Self.header))
                #expect(try readHeader(of: file) == (SQLITE_IOERR_SHORT_READ, [UInt8](repeating: 0, count: 16)))
                #expect(try readHeader(of: file).0 == SQLITE_IOERR_SHORT_READ)
                #expect(
                    vfs.firings.map(\.description) == [
                        "shortRead on mainDatabase (read 2)", "shortRead on mainDatabase (read 3)",
                    ])

                vfs.inject(.readError, after: 0, persistent: false)
                #expect(try readHeader(of: file).0 == SQLITE_IOERR_READ)
                #expect(try readHeader(of: file) == (SQLITE_OK, Self.header))
                #expect(vfs.firings.count == 1)

                vfs.clear()
                #expect(try readHeader(of: file) == (SQLITE_OK, Self.header))
                try db.close()
            }
        }
    }

    @Test("each fault reaches the caller with its code", arguments: Fault.allCases)
    func codes(_ fault: Fault) throws {
        try withDatabase { path in
            try FaultInjectingVFS.with { vfs in
                let db = try open(path, through: vfs)
                db.usesExtendedErrorCodes = true
                vfs.inject(fault, after: 0)
                do {
                    try db.run("INSERT INTO t VALUES (4)")
                    Issue.record("no error thrown")
                } catch let error as Result {
                    if fault == .shortRead {
                        // The file seems empty where SQLite expects a database header.
                        #expect(
                            error.extendedCode == SQLITE_IOERR_SHORT_READ
                                || [SQLITE_NOTADB, SQLITE_CORRUPT].contains(error.code), "\(error)")
                    } else {
                        #expect(error.extendedCode == fault.extendedCode, "\(error)")
                    }
                }
                #expect(vfs.firings.first?.fault == fault)
                vfs.clear()
                try db.close()
            }
            #expect(try Connection(path).scalar("SELECT group_concat(x) FROM t") as? String == "1,2,3")
        }
    }

    @Test("a fault can be aimed at one kind of file")
    func roles() throws {
        try withDatabase { path in
            try FaultInjectingVFS.with { vfs in
                let db = try open(path, through: vfs)
                db.usesExtendedErrorCodes = true
                vfs.inject(.writeError, after: 0, on: [.mainDatabase])
                do {
                    try db.run("INSERT INTO t VALUES (4)")
                    Issue.record("no error thrown")
                } catch let error as Result {
                    #expect(error.extendedCode == SQLITE_IOERR_WRITE)
                }
                // The journal was written first; the database file's first write failed.
                #expect(vfs.firings.first?.role == .mainDatabase)
                #expect(vfs.firings.first?.ordinal == 1)
                try db.close()
            }
            #expect(try Connection(path).scalar("SELECT group_concat(x) FROM t") as? String == "1,2,3")
        }
    }

    @Test("instances keep their faults to their own connections")
    func instances() throws {
        try withDatabase { path in
            let full = try FaultInjectingVFS()
            let healthy = try FaultInjectingVFS()
            #expect(full.name != healthy.name)
            full.inject(.diskFull, after: 0)
            let failing = try open(path, through: full)
            #expect(throws: Result.self) { try failing.run("INSERT INTO t VALUES (4)") }
            try failing.close()
            let working = try open(path, through: healthy)
            try working.run("INSERT INTO t VALUES (5)")
            #expect(try working.scalar("SELECT group_concat(x) FROM t") as? String == "1,2,3,5")
            #expect(healthy.firings.isEmpty)
            #expect(!full.firings.isEmpty)

            // Unregistering while a file is open refuses to free what SQLite still uses.
            #expect(throws: Result.self) { try healthy.unregister() }
            try working.close()
            try healthy.unregister()
            try full.unregister()
            #expect(throws: Result.self) { try open(path, through: full) }
        }
    }
}
