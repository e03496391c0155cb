import Foundation
import SQLiteCodable
import Testing

@Suite("Record timestamps")
struct TimestampTests {
    @Test("created_at is set on insert and kept; updated_at moves on each save")
    func timestamps() throws {
        let db = try Connection()
        try db.createTable(for: Country.self)
        let before = Date().addingTimeInterval(-1)
        var country = Country(code: "JP", displayName: "Japan")
        try db.save(&country)
        let created = try #require(country.createdAt)
        #expect(created > before)
        #expect(country.updatedAt == created)
        try db.run("UPDATE country SET created_at = '2000-01-01T00:00:00.000', updated_at = '2000-01-01T00:00:00.000'")
        country.displayName = "Nippon"
        try db.save(&country)
        #expect(country.createdAt == Date(timeIntervalSince1970: 946_684_800))
        #expect(try #require(country.updatedAt) > before)
        let stored = try #require(try Country.find("JP", in: db))
        #expect(stored.createdAt == Date(timeIntervalSince1970: 946_684_800))
        #expect(stored.updatedAt == country.updatedAt)
    }

    @Test("records without timestamp properties still get the columns")
    func hiddenColumns() throws {
        struct Note: Record {
            static let timestamps = true
            var id: Int64 = 0
            var text: String
        }
        let db = try Connection()
        try db.createTable(for: Note.self)
        var note = Note(text: "hi")
        try db.save(&note)
        try db.run("UPDATE note SET updated_at = NULL")
        note.text = "hello"
        try db.update(note)
        #expect(
            try db.scalar("SELECT count(*) FROM note WHERE created_at IS NOT NULL AND updated_at IS NOT NULL") as? Int64
                == 1)
    }
}
