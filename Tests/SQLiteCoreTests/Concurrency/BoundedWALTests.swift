import Foundation
import SQLiteCore
import Testing

/// `Configuration.walSizeLimit`: under readers that overlap without pause and a steady writer,
/// the WAL stays below a bound over many checkpoints.
@Suite struct BoundedWALTests {
    @Test func theWALStaysBelowTwiceTheLimitUnderOverlappingReaders() async throws {
        try await withTemporaryDirectory { directory in
            let limit = 64 * 1024
            let reports = Locked<[WALCheckpointReport]>([])
            var configuration = Configuration()
            configuration.maximumReaderCount = 3
            configuration.walSizeLimit = limit
            configuration.walCheckpointReport = { report in reports.withLock { $0.append(report) } }
            let pool = try DatabasePool(path: directory.path("db.sqlite"), configuration: configuration)
            try await pool.write { db in try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, b BLOB)") }
            let walPath = directory.path("db.sqlite-wal")
            let writing = Flag()
            let done = Flag()
            // Three readers, each starting a new read as soon as the last ended: at every
            // moment some read holds a snapshot, often one older than the last commit.
            let readers = (0..<3).map { _ in
                Task {
                    var reads = 0
                    while !done.isSet {
                        _ = try await pool.read { db in
                            try db.scalar("SELECT count(*) + sum(length(b)) FROM t") as? Int64
                        }
                        reads += 1
                        if reads == 1 { writing.set() }
                    }
                    return reads
                }
            }
            try await waitUntil { writing.isSet }
            var largest = 0
            for _ in 0..<400 {
                try await pool.write { db in _ = try db.run("INSERT INTO t (b) VALUES (zeroblob(3000))") }
                let size = (try? FileManager.default.attributesOfItem(atPath: walPath))?[.size] as? Int ?? 0
                largest = max(largest, size)
            }
            done.set()
            for reader in readers { #expect(try await reader.value > 0) }
            let all = reports.value
            // Each write adds a page or two (about 8 KiB of log): 400 of them, some 3 MiB
            // unbounded, cross the 64 KiB limit dozens of times.
            #expect(all.count >= 10)
            #expect(all.filter { !$0.busy && $0.error == nil }.count >= 10)
            #expect(all.allSatisfy { $0.walSize > limit })
            #expect(largest <= 2 * limit, "largest WAL seen after a write: \(largest) bytes")
            #expect(try await pool.read { db in try db.scalar("SELECT count(*) FROM t") as? Int64 } == 400)
        }
    }
}
