import Foundation
import SQLiteCore
import Testing

@Suite("Opening a copy of a template database")
struct TemplateTests {
    /// A fresh directory, removed after `body`.
    private func inDirectory(_ body: (String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try body(directory)
    }

    @Test("the first open copies the template; later opens keep the copy and its changes")
    func copiesOnce() throws {
        try inDirectory { directory in
            let template = directory + "/template.db"
            let shipped = try Connection(template)
            try shipped.execute("CREATE TABLE fruit (name TEXT); INSERT INTO fruit VALUES ('apple')")
            try shipped.close()

            let path = directory + "/user.db"
            let first = try Connection(path, copyingIfMissing: template)
            #expect(try first.scalar("SELECT name FROM fruit") as? String == "apple")
            try first.execute("INSERT INTO fruit VALUES ('pear')")
            try first.close()

            let again = try Connection(path, copyingIfMissing: template)
            #expect(try again.scalar("SELECT count(*) FROM fruit") as? Int64 == 2)
            // The template itself is untouched.
            let original = try Connection(template, readonly: true)
            #expect(try original.scalar("SELECT count(*) FROM fruit") as? Int64 == 1)
            #expect(
                try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["template.db", "user.db"])
        }
    }

    @Test("a missing template throws, and leaves no file behind")
    func missingTemplate() throws {
        try inDirectory { directory in
            let path = directory + "/user.db"
            #expect(throws: (any Error).self) {
                try Connection(path, copyingIfMissing: directory + "/nowhere.db")
            }
            #expect(!FileManager.default.fileExists(atPath: path))
        }
    }
}
