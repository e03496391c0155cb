#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a checkpoint of ``Configuration/walSizeLimit`` did, given to
/// ``Configuration/walCheckpointReport``.
public struct WALCheckpointReport: Sendable {
    /// The size of the WAL file, in bytes, that started the checkpoint (above the limit).
    public let walSize: Int
    /// Whether a read of an older snapshot outlasted the wait (``Configuration/busyTimeout``):
    /// the log was not all copied nor truncated, and the next write above the limit tries again.
    public let busy: Bool
    /// The frames in the log, and how many were copied into the database (SQLite's
    /// `sqlite3_wal_checkpoint_v2` counts; -1 when the database is not in WAL mode).
    public let log: Int
    /// See ``log``.
    public let checkpointed: Int
    /// The error of a checkpoint that failed otherwise (an I/O error...), or nil.
    public let error: Result?
}

/// The WAL policy of a queue's or pool's writer (``Configuration/walSizeLimit``): after a write
/// commits, a WAL file above the limit is checkpointed and truncated, the result reported.
struct WALBound: Sendable {
    let limit: Int
    let report: (@Sendable (WALCheckpointReport) -> Void)?

    /// The configuration's bound, or nil when it sets none or is read-only.
    init?(_ configuration: Configuration) {
        guard let limit = configuration.walSizeLimit, !configuration.readonly else { return nil }
        self.limit = Swift.max(0, limit)
        report = configuration.walCheckpointReport
    }

    /// Runs on the writer's queue, the access's connection lent, after a write ended.
    func afterCommit(_ db: Connection) {
        guard db.autocommit, let path = try? db.filename(), !path.isEmpty,
            let size = (try? FileManager.default.attributesOfItem(atPath: path + "-wal"))?[.size] as? Int,
            size > limit
        else { return }
        let outcome: WALCheckpointReport
        do {
            let result = try db.walCheckpoint(mode: .truncate, schema: "main")
            outcome = WALCheckpointReport(
                walSize: size, busy: result.busy, log: result.log, checkpointed: result.checkpointed, error: nil)
        } catch {
            outcome = WALCheckpointReport(
                walSize: size, busy: false, log: -1, checkpointed: -1, error: error as? Result ?? .misuse("\(error)"))
        }
        report?(outcome)
    }
}
