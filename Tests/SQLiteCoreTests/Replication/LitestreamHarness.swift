import Foundation
import SQLiteCore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The Litestream 0.5.17 binaries that `scripts/install-litestream.sh` puts in
/// `.build/litestream`, and the test writer (`Tests/ReplicationWriter`) built beside the tests.
enum LitestreamTools {
    /// The package's root directory (this file is `Tests/SQLiteCoreTests/Replication/...`).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The virtual environment the install script makes.
    static let installDirectory = packageRoot.appendingPathComponent(".build/litestream")

    /// The `litestream` executable, when installed.
    static let litestream: String? = {
        let path = installDirectory.appendingPathComponent("bin/litestream").path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }()

    /// The VFS extension (`litestream-vfs.so` of the `litestream-vfs` wheel), when installed.
    static let vfsExtension: String? = {
        let lib = installDirectory.appendingPathComponent("lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: lib.path)) ?? []
        for version in versions where version.hasPrefix("python") {
            let path = lib.appendingPathComponent("\(version)/site-packages/litestream_vfs/litestream-vfs.so").path
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }()

    /// The `ReplicationWriter` executable, in the build directory of the running tests.
    static let writer: String? = {
        let candidates = [Bundle.main.executableURL, URL(fileURLWithPath: CommandLine.arguments[0])]
        for case let executable? in candidates {
            var directory = executable.deletingLastPathComponent()
            // On Apple platforms the tests run from inside an .xctest bundle.
            while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents"
                || directory.lastPathComponent == "MacOS"
            {
                directory.deleteLastPathComponent()
            }
            let path = directory.appendingPathComponent("ReplicationWriter").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }()

    /// Why the replication tests cannot run, or nil when they can.
    static let missing: String? = {
        if litestream == nil {
            return "litestream is not installed in .build/litestream: run scripts/install-litestream.sh"
        }
        if writer == nil { return "the ReplicationWriter executable is not built beside the tests (swift build)" }
        return nil
    }()
}

/// Seconds since 1970, as the writer prints them.
func unixNow() -> Double { Date().timeIntervalSince1970 }

/// Polls `condition` every 20 ms until it holds or `seconds` pass; returns whether it held.
func eventually(within seconds: Double, _ condition: () throws -> Bool) async throws -> Bool {
    let deadline = unixNow() + seconds
    while unixNow() < deadline {
        if try condition() { return true }
        try await Task.sleep(nanoseconds: 20_000_000)
    }
    return try condition()
}

/// A child process whose standard output and error go to files.
final class ChildProcess {
    let process = Process()
    let outputPath: String

    init(
        _ executable: String, _ arguments: [String], output: String, errors: String? = nil,
        environment: [String: String] = [:]
    ) throws {
        outputPath = output
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        if let errors {
            _ = FileManager.default.createFile(atPath: errors, contents: nil)
            process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
        } else {
            process.standardError = process.standardOutput
        }
        try process.run()
    }

    /// What the process wrote so far.
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    /// Kills the process with SIGKILL (a crash: no clean-up, no final sync) and reaps it.
    func killHard() async throws {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        _ = try await eventually(within: 10) { !process.isRunning }
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }
}

/// Runs a command to its end, for at most `seconds`; returns its status and its output.
func runToEnd(_ executable: String, _ arguments: [String], in directory: TemporaryDirectory, seconds: Double = 30)
    async throws -> (status: Int32, output: String)
{
    let child = try ChildProcess(executable, arguments, output: directory.path("command-\(UUID().uuidString).txt"))
    let ended = try await eventually(within: seconds) { !child.process.isRunning }
    if !ended {
        try await child.killHard()
        return (-1, child.output + "\n(killed after \(seconds) s)")
    }
    return (child.process.terminationStatus, child.output)
}

/// What the writer printed: its acknowledged commits, checkpoints and pause.
struct WriterReport {
    /// (commit number, Unix time just after its COMMIT returned), in order.
    var commits: [(number: Int, time: Double)] = []
    /// The `checkpoint MODE BUSY LOG COPIED SECONDS` lines, split into words.
    var checkpoints: [[String]] = []
    var pausedAt: Double?
    var ready = false

    init(_ text: String) {
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "ready": ready = true
            case "commit":
                if words.count == 3, let number = Int(words[1]), let time = Double(words[2]) {
                    commits.append((number, time))
                }
            case "checkpoint": checkpoints.append(Array(words.dropFirst()))
            case "pause": pausedAt = words.count == 2 ? Double(words[1]) : nil
            default: break
            }
        }
    }

    var lastCommit: Int { commits.last?.number ?? 0 }
}

/// What Litestream's debug log says about when the replica held everything written before a
/// moment.
///
/// Litestream's database monitor logs `msg=sync txid=X` each time it starts reading the WAL for
/// the LTX file it would number X (again on each tick while nothing changes); the syncs run one
/// after another. Each replica sync logs `msg="replica sync"` with the replica's position
/// (`txid.replica`) and the database's (`txid.db`: the last LTX file a finished sync wrote).
/// Take the last replica sync that found the two equal, at Y: the replica then held every file
/// up to Y. Take the last `msg=sync` line with a txid below Y: a commit acknowledged before that
/// line was in the WAL before the syncs that wrote the files after it began, so it is in one of
/// the files up to Y, and in the replica.
struct LitestreamLog {
    /// The Unix time before which every acknowledged commit is in the replica, or nil when the
    /// log never showed the replica in sync.
    var syncedBefore: Double?
    /// The number of LTX files Litestream wrote to the replica.
    var uploads = 0

    init(_ text: String) {
        var syncs: [(time: Double, txid: UInt64)] = []
        for line in text.split(separator: "\n") {
            guard let time = LitestreamLog.time(of: line) else { continue }
            if line.contains(" msg=sync "), let txid = LitestreamLog.txid("txid", in: line) {
                syncs.append((time, txid))
            } else if line.contains("msg=\"ltx file uploaded\"") {
                uploads += 1
            } else if line.contains("msg=\"replica sync\""),
                let replica = LitestreamLog.txid("txid.replica", in: line),
                let database = LitestreamLog.txid("txid.db", in: line),
                replica == database, replica > 0,
                let before = syncs.last(where: { $0.txid < replica })
            {
                syncedBefore = before.time
            }
        }
    }

    /// A hexadecimal transaction ID, `name=000000000000001a`, in a line.
    static func txid(_ name: String, in line: Substring) -> UInt64? {
        guard let range = line.range(of: " \(name)=") else { return nil }
        return UInt64(line[range.upperBound...].prefix { $0 != " " }, radix: 16)
    }

    /// The `time=2026-01-02T03:04:05.678Z` at the start of a line, as Unix time.
    static func time(of line: Substring) -> Double? {
        guard line.hasPrefix("time="), let end = line.firstIndex(of: " ") else { return nil }
        return unixTime(line[line.index(line.startIndex, offsetBy: 5)..<end])
    }
}

/// Parses Litestream's UTC timestamps, `2026-01-02T03:04:05.678Z`, into Unix time.
func unixTime(_ stamp: Substring) -> Double? {
    let fields = stamp.split(whereSeparator: { "-T:Z".contains($0) })
    guard fields.count == 6, let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
        let hour = Int(fields[3]), let minute = Int(fields[4]), let second = Double(fields[5])
    else { return nil }
    // Days from 1970-01-01 to the date (Howard Hinnant's days_from_civil).
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let days = era * 146_097 + dayOfEra - 719_468
    return Double(days * 86_400 + hour * 3_600 + minute * 60) + second
}

/// Formats a Unix time as `litestream restore -timestamp` takes it (UTC, milliseconds).
func litestreamTimestamp(_ time: Double) -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'"
    return formatter.string(from: Date(timeIntervalSince1970: time))
}

/// One database, its file replica, a writer and `litestream replicate`, in a temporary directory.
final class ReplicationRun {
    let directory: TemporaryDirectory
    let database: String
    let replica: String
    private(set) var writer: ChildProcess?
    private(set) var litestream: ChildProcess?

    init(in directory: TemporaryDirectory) {
        self.directory = directory
        database = directory.path("app.sqlite")
        replica = directory.path("replica")
    }

    /// The replica's URL, for `litestream restore` and the VFS.
    var replicaURL: String { "file://\(replica)" }

    var writerReport: WriterReport { WriterReport(writer?.output ?? "") }
    var log: LitestreamLog { LitestreamLog(litestream?.output ?? "") }

    /// Starts the writer (which creates the table and waits), then Litestream, waits for its
    /// first upload, and lets the writer go.
    func start(writerArguments: [String] = []) async throws {
        let litestreamPath = try #require(LitestreamTools.litestream)
        let writerPath = try #require(LitestreamTools.writer)
        let go = directory.path("go")
        writer = try ChildProcess(
            writerPath, ["--db", database, "--go", go] + writerArguments, output: directory.path("writer.txt"),
            errors: directory.path("writer-errors.txt"))
        let ready = try await eventually(within: 30) { writerReport.ready }
        try #require(ready, "the writer did not start: \(errors)")
        // Short intervals, so that a test streams many syncs in a second or two.
        let configuration = """
            logging:
              level: debug
              type: text
              stderr: true
            dbs:
              - path: \(database)
                monitor-interval: 50ms
                checkpoint-interval: 1s
                min-checkpoint-page-count: 50
                replica:
                  type: file
                  path: \(replica)
                  sync-interval: 50ms
            """
        let configurationPath = directory.path("litestream.yml")
        try configuration.write(toFile: configurationPath, atomically: true, encoding: .utf8)
        litestream = try ChildProcess(
            litestreamPath, ["replicate", "-config", configurationPath], output: directory.path("litestream.txt"))
        let uploaded = try await eventually(within: 30) { log.uploads > 0 }
        try #require(uploaded, "litestream uploaded nothing: \(litestream?.output.suffix(2000) ?? "")")
        // About a second after it starts, Litestream compacts what it has into its first
        // snapshot; letting that happen before the writes keeps each later LTX file (and its
        // creation time, which a point-in-time restore goes by) to one sync's commits.
        _ = try await eventually(within: 5) { litestream?.output.contains("msg=\"snapshot complete\"") == true }
        _ = FileManager.default.createFile(atPath: go, contents: nil)
    }

    /// The writer's error output.
    var errors: String { (try? String(contentsOfFile: directory.path("writer-errors.txt"), encoding: .utf8)) ?? "" }

    /// Waits until the writer acknowledged commit `number`.
    func waitForCommit(_ number: Int, seconds: Double = 40) async throws {
        let reached = try await eventually(within: seconds) { writerReport.lastCommit >= number }
        try #require(reached, "the writer reached commit \(writerReport.lastCommit), not \(number): \(errors)")
    }

    /// SIGKILL to the writer, then at once to Litestream: the machine dies mid-stream.
    func crash() async throws {
        try await writer?.killHard()
        try await litestream?.killHard()
    }

    /// Restores the replica into a new file (at `timestamp`, a Unix time, when given) and
    /// returns its path.
    func restore(name: String, timestamp: Double? = nil) async throws -> String {
        let litestreamPath = try #require(LitestreamTools.litestream)
        let output = directory.path(name)
        var arguments = ["restore", "-o", output]
        if let timestamp {
            arguments += ["-timestamp", litestreamTimestamp(timestamp)]
        }
        let result = try await runToEnd(litestreamPath, arguments + [replicaURL], in: directory)
        try #require(result.status == 0, "litestream restore failed: \(result.output)")
        return output
    }
}

/// What a restored database holds.
struct RestoredLedger {
    /// `PRAGMA integrity_check`'s rows.
    var integrity: [String]
    /// The commit numbers found, ascending.
    var commits: [Int]
    /// Commits with fewer or more rows than the writer's 4: a torn transaction.
    var partial: [Int]

    init(path: String) throws {
        let db = try Connection(path, readonly: true)
        integrity = try db.prepare("PRAGMA integrity_check").map { $0[0] as? String ?? "" }
        var commits: [Int] = []
        var partial: [Int] = []
        for row in try db.prepare("SELECT commitNumber, count(*) FROM ledger GROUP BY commitNumber ORDER BY 1") {
            let number = Int(row[0] as? Int64 ?? -1)
            commits.append(number)
            if row[1] as? Int64 != 4 { partial.append(number) }
        }
        self.commits = commits
        self.partial = partial
    }

    /// Whether the commits are 1, 2, ..., n with nothing missing.
    var isGapFreePrefix: Bool { commits == Array(0..<commits.count).map { $0 + 1 } }
}
