import Foundation
import SQLiteCodable
import Testing

/// A record whose table grows: version 1, then version 2 with a column more.
private struct GadgetV1: Record {
    static let tableName = "gadget"
    var id: Int64?
    var name: String
}

private struct GadgetV2: Record {
    static let tableName = "gadget"
    var id: Int64?
    var name: String
    var weight: Double?
}

/// The messages a connection logs, from any thread.
private final class Messages: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

@Suite("Record tables in the log")
struct RecordLoggingTests {
    @Test("creating a record's table and adding its new columns log at the info level")
    func tableChangesAreLogged() throws {
        let messages = Messages()
        let db = try Connection()
        db.logging = LogConfiguration(level: .info) { entry in messages.append(entry.message) }
        try db.syncTable(for: GadgetV1.self)
        try db.syncTable(for: GadgetV2.self)
        let logged = messages.all
        #expect(logged.contains(#"created table "gadget" for GadgetV1"#))
        #expect(logged.contains(#"added column(s) "weight" to table "gadget" for GadgetV2"#))
    }
}
