// swift-format-ignore-file
// (The code blocks below keep the layout SQLite.swift's documentation gives them.)

import Foundation
import SQLite
import Testing

// SQLite.swift's documentation, "Custom Types" through "Codable Types", in Swift 5 mode. This
// file imports Foundation (for `Date` and `Data`), whose own `Expression` type shadows the
// typed tier's unless qualified: the documentation's `Expression<Date>` is written
// `SQLite.Expression<Date>` here, as SQLite.swift's README does.

@Suite("Documentation: custom types and Codable types")
struct CustomTypesTests {
    let users = Table("users")
    let posts = Table("posts")
    let id = SQLite.Expression<Int64>("id")

    @Test func valueProtocolShape() throws {
        // The documentation sketches the protocol in Swift 1 syntax; this is the same shape,
        // written for today's Swift, conformed and used.
        struct Celsius: Value, Equatable {
            var degrees: Double
            static var declaredDatatype: String { Double.declaredDatatype }
            static func fromDatatypeValue(_ datatypeValue: Double) -> Celsius { Celsius(degrees: datatypeValue) }
            var datatypeValue: Double { degrees }
        }
        let db = try Connection()
        let readings = Table("readings")
        let temperature = SQLite.Expression<Celsius>("temperature")
        try db.run(readings.create { t in t.column(temperature) })
        try db.run(readings.insert(temperature <- Celsius(degrees: 21.5)))
        #expect(try db.pluck(readings)?[temperature] == Celsius(degrees: 21.5))
        // Concrete witnesses that cannot fail are called without `try`.
        #expect(Celsius.fromDatatypeValue(3) == Celsius(degrees: 3))
    }

    @Test func dateTimeValues() throws {
        let (db, _) = try DocDatabase.make()
        try db.run("INSERT INTO posts (id, published_at) VALUES (1, '1970-01-01T00:00:00.000'), (2, '2999-01-01T00:00:00.000')")
        let published_at = SQLite.Expression<Date>("published_at")

        do {
            let published = posts.filter(published_at <= Date())
            // SELECT * FROM "posts" WHERE "published_at" <= '2014-11-18T12:45:30.000'
            #expect(published.asSQL().hasPrefix(#"SELECT * FROM "posts" WHERE ("published_at" <= '"#))
            #expect(try db.prepare(published).map { $0[id] } == [1])
        }
        do {
            let startDate = Date(timeIntervalSince1970: 0)
            let published = posts.filter(startDate...Date() ~= published_at)
            // SELECT * FROM "posts" WHERE "published_at" BETWEEN '1970-01-01T00:00:00.000' AND '2014-11-18T12:45:30.000'
            #expect(
                published.asSQL().hasPrefix(
                    #"SELECT * FROM "posts" WHERE "published_at" BETWEEN '1970-01-01T00:00:00.000' AND '"#))
            #expect(try db.prepare(published).map { $0[id] } == [1])
        }
        // The concrete conformances convert without `try`, as in SQLite.swift.
        let epoch = Date.fromDatatypeValue("1970-01-01T00:00:00.000")
        #expect(epoch == Date(timeIntervalSince1970: 0))
        #expect(Bool.fromDatatypeValue(1) == true)
        #expect(true.datatypeValue == 1)
        #expect(Int.fromDatatypeValue(7) == 7)
        #expect(Data.fromDatatypeValue(Blob(bytes: [1, 2])) == Data([1, 2]))
        let uuid = UUID.fromDatatypeValue("E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(uuid.uuidString == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(URL.fromDatatypeValue("https://example.com").host == "example.com")
    }

    @Test func binaryData() throws {
        // The documentation bridges UIKit's UIImage; the same shape with a Foundation type.
        final class Thumbnail: Value {
            let png: Data
            init(png: Data) { self.png = png }
            public class var declaredDatatype: String {
                return Blob.declaredDatatype
            }
            public class func fromDatatypeValue(_ blobValue: Blob) -> Thumbnail {
                return Thumbnail(png: Data.fromDatatypeValue(blobValue))
            }
            public var datatypeValue: Blob {
                return png.datatypeValue
            }
        }
        let db = try Connection()
        let images = Table("images")
        let image = SQLite.Expression<Thumbnail>("image")
        try db.run(images.create { t in t.column(image) })
        try db.run(images.insert(image <- Thumbnail(png: Data([0x89, 0x50, 0x4E, 0x47]))))
        #expect(try db.pluck(images)?[image].png == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    struct User: Codable, Equatable {
        let name: String
    }

    @Test func insertingCodableTypes() throws {
        let db = try Connection()
        let log = SQLLog(db)
        try db.run("CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        _ = log.take()
        try db.run(users.insert(User(name: "test")))
        #expect(log.last() == #"INSERT INTO "users" ("name") VALUES ('test')"#)

        let userId: Int64 = 1
        let user = User(name: "renamed")
        try db.run(users.filter(id == userId).update(user))
        #expect(log.last() == #"UPDATE "users" SET "name" = 'renamed' WHERE ("id" = 1)"#)

        let loadedUsers: [User] = try db.prepare(users).map { row in
            return try row.decode()
        }
        #expect(loadedUsers == [User(name: "renamed")])
    }

    @Test func retrievingWithAFacade() throws {
        let db = try Connection()
        try db.run("CREATE TABLE images (kind INTEGER NOT NULL, name TEXT NOT NULL)")
        try db.run("INSERT INTO images VALUES (0, 'a.png'), (1, 'b.jpg'), (2, 'c.heif')")
        let images = Table("images")

        enum ImageCodingKeys: String, CodingKey {
            case kind
        }

        enum ImageKind: Int, Codable {
            case png, jpg, heif
        }

        let loadedImages: [Image] = try db.prepare(images).map { row in
            let decoder = row.decoder()
            let container = try decoder.container(keyedBy: ImageCodingKeys.self)
            switch try container.decode(ImageKind.self, forKey: .kind) {
            case .png:
                return try PNGImage(from: decoder)
            case .jpg:
                return try JPGImage(from: decoder)
            case .heif:
                return try HEIFImage(from: decoder)
            }
        }
        #expect(loadedImages.map { "\(type(of: $0)):\($0.name)" } == ["PNGImage:a.png", "JPGImage:b.jpg", "HEIFImage:c.heif"])
    }
}

/// The documentation's facade: a base class whose subclass is chosen by a column.
class Image: Decodable {
    let name: String
}
final class PNGImage: Image {}
final class JPGImage: Image {}
final class HEIFImage: Image {}
