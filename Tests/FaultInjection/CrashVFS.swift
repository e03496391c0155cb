import Foundation
import SQLiteCore

/// A VFS that simulates power loss: it passes every call to the default VFS, and records, for
/// each file, its content as of the last sync and the writes and truncations since. At a chosen
/// write or sync it "loses power": that operation and every later one fail with `SQLITE_IOERR`.
/// Once the connections are closed, ``recover()`` rewrites each file as a disk could have left
/// it: each unsynced write kept, dropped or torn (every 512-byte sector of it kept or not), each
/// unsynced truncation kept or dropped, each deletion not followed by a directory sync maybe
/// undone, all decided by a generator seeded with ``seed``.
///
/// ```swift
/// let vfs = try CrashVFS(crashAt: 17, seed: 42)
/// let db = try Connection(.uri(path, parameters: [.vfs(vfs.name)]))
/// // ... write until an operation fails ...
/// db = nil          // close every connection
/// try vfs.recover() // the files as after the power came back; open them with the default VFS
/// ```
///
/// Only files SQLite names (the database, its journal, its WAL) are tracked; the WAL index
/// (`-shm`) is removed by the recovery, as its content does not survive a reboot either.
public final class CrashVFS: VFS, @unchecked Sendable {
    /// The seed of the recovery's choices.
    public let seed: UInt64
    /// The operation (write or sync, counted from 1 across the VFS's files) that loses power;
    /// nil never crashes (to count a workload's operations).
    public let crashAt: Int?
    let state = Locked(State())

    struct State {
        var files: [String: Record] = [:]
        var operations = 0
        var crashed = false
    }

    /// What a file was at its last sync and what happened since.
    struct Record {
        var durable: [UInt8]
        var pending: [Change] = []
        /// Deleted without a directory sync: it may come back with `durable`.
        var deletedUnsynced = false
        /// Deleted for good (a directory sync followed).
        var deleted = false
        /// For a file recreated after a deletion without a directory sync: the deleted file's
        /// content as of its last sync, which may come back until this file's first sync
        /// (SQLite's unix VFS syncs the directory with a new journal's first sync).
        var replaced: [UInt8]?
    }

    enum Change {
        case write(offset: Int, bytes: [UInt8])
        case truncate(size: Int)
    }

    /// Registers a crash VFS under a fresh name.
    public init(crashAt: Int?, seed: UInt64) throws {
        self.crashAt = crashAt
        self.seed = seed
        try super.init(name: "crash-\(UUID().uuidString)")
        try register()
    }

    /// The writes and syncs so far.
    public var operations: Int { state.withLock { $0.operations } }
    /// Whether the power was lost.
    public var crashed: Bool { state.withLock { $0.crashed } }

    /// Counts one write or sync; false once the power is lost (this one included).
    func powered() -> Bool {
        state.withLock { state in
            if state.crashed { return false }
            state.operations += 1
            if let crashAt, state.operations >= crashAt { state.crashed = true }
            return !state.crashed
        }
    }

    public override func makeFile(path: String?, flags: VFSOpenFlags) throws -> VFSFile {
        guard let path, !flags.isDisjoint(with: [.mainDatabase, .mainJournal, .wal]) else { return VFSFile() }
        state.withLock { state in
            let previous = state.files[path]
            if let previous, !previous.deleted, !previous.deletedUnsynced { return }
            // A file met for the first time counts as durable as it is; one recreated after a
            // deletion starts empty (its directory entry is new).
            guard let previous else {
                state.files[path] = Record(
                    durable: FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? [])
                return
            }
            state.files[path] = Record(durable: [], replaced: previous.deletedUnsynced ? previous.durable : nil)
        }
        return CrashFile(self, path: path)
    }

    public override func delete(path: String, syncDirectory: Bool) -> Int32 {
        guard powered() else { return SQLITE_IOERR_DELETE }
        state.withLock { state in
            guard var record = state.files[path] else { return }
            if syncDirectory {
                record.deleted = true
            } else {
                record.deletedUnsynced = true
            }
            state.files[path] = record
        }
        return super.delete(path: path, syncDirectory: syncDirectory)
    }

    func record(_ path: String, _ change: Change) {
        state.withLock { $0.files[path]?.pending.append(change) }
    }

    func synced(_ path: String) {
        state.withLock { state in
            guard var record = state.files[path] else { return }
            record.durable = Self.apply(record.pending, to: record.durable) { _ in .kept }
            record.pending = []
            record.replaced = nil
            state.files[path] = record
        }
    }

    enum Fate { case kept, dropped, torn }

    static func apply(_ changes: [Change], to image: [UInt8], fate: (Change) -> Fate) -> [UInt8] {
        applyDeciding(changes, to: image, fate: fate) { _ in true }
    }

    static func applyDeciding(
        _ changes: [Change], to image: [UInt8], fate: (Change) -> Fate, sectorKept: (Int) -> Bool
    ) -> [UInt8] {
        var image = image
        for change in changes {
            let decided = fate(change)
            guard decided != .dropped else { continue }
            switch change {
            case .truncate(let size):
                if size < image.count { image.removeLast(image.count - size) }
            case .write(let offset, let bytes):
                if image.count < offset + bytes.count {
                    image.append(contentsOf: repeatElement(0, count: offset + bytes.count - image.count))
                }
                let sector = 512
                var start = 0
                while start < bytes.count {
                    // Sectors of the file, not of the write: a write at an unaligned offset tears
                    // at the disk's boundaries.
                    let end = min(bytes.count, ((offset + start) / sector + 1) * sector - offset)
                    if decided == .kept || sectorKept(start) {
                        image.replaceSubrange((offset + start)..<(offset + end), with: bytes[start..<end])
                    }
                    start = end
                }
            }
        }
        return image
    }

    /// Rewrites every tracked file as the power loss left it (call with every connection
    /// closed); returns a line per file saying what happened, for a failure's report.
    @discardableResult
    public func recover() throws -> [String] {
        try unregister()
        var generator = SeededGenerator(seed: seed)
        let files = state.withLock { $0.files }
        var report: [String] = []
        for (path, record) in files.sorted(by: { $0.key < $1.key }) {
            var kept = 0
            var dropped = 0
            var torn = 0
            let image = Self.applyDeciding(
                record.pending, to: record.durable,
                fate: { _ in
                    switch generator.next() % 3 {
                    case 0:
                        kept += 1
                        return .kept
                    case 1:
                        dropped += 1
                        return .dropped
                    default:
                        torn += 1
                        return .torn
                    }
                }, sectorKept: { _ in generator.next() % 2 == 0 })
            let name = (path as NSString).lastPathComponent
            let comesBack = record.deletedUnsynced && generator.next() % 2 == 0
            if record.deleted || (record.deletedUnsynced && !comesBack) {
                try? FileManager.default.removeItem(atPath: path)
                report.append("\(name): deleted")
                continue
            }
            // A file deleted without a directory sync comes back as it was at its last sync,
            // also over a new file of the same name not synced yet.
            let resurrected = record.replaced.flatMap { generator.next() % 2 == 0 ? $0 : nil }
            let bytes = resurrected ?? (comesBack ? record.durable : image)
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            report.append(
                "\(name): \(bytes.count) bytes\(comesBack || resurrected != nil ? " (deletion undone)" : ""); unsynced changes kept \(kept), dropped \(dropped), torn \(torn)"
            )
        }
        for path in files.keys {
            try? FileManager.default.removeItem(atPath: path + "-shm")
        }
        return report
    }
}

/// A file of a ``CrashVFS``: records its writes, truncations and syncs, and fails them once the
/// power is lost.
final class CrashFile: VFSFile {
    let vfs: CrashVFS
    let trackedPath: String

    init(_ vfs: CrashVFS, path: String) {
        self.vfs = vfs
        trackedPath = path
        super.init()
    }

    override func write(_ bytes: UnsafeRawBufferPointer, at offset: Int64) -> Int32 {
        guard vfs.powered() else { return SQLITE_IOERR_WRITE }
        vfs.record(trackedPath, .write(offset: Int(offset), bytes: [UInt8](bytes)))
        return super.write(bytes, at: offset)
    }

    override func truncate(to size: Int64) -> Int32 {
        guard !vfs.crashed else { return SQLITE_IOERR_TRUNCATE }
        vfs.record(trackedPath, .truncate(size: Int(size)))
        return super.truncate(to: size)
    }

    override func sync(flags: Int32) -> Int32 {
        guard vfs.powered() else { return SQLITE_IOERR_FSYNC }
        vfs.synced(trackedPath)
        // The model decides durability: the real disk need not wait.
        return SQLITE_OK
    }
}

/// SplitMix64: a small seeded generator, so that a seed replays the same recovery.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
