import Foundation
import SQLiteCodable
import SQLiteCore
import Testing

/// The keyed containers handed out while a row decodes reach their decoder without holding a
/// reference to it: these check that misuse throws instead of reading freed memory, and that
/// nested and concurrent decoding each reach their own decoder.
@Suite("Keyed decoding containers")
struct RowKeyedDecodingContainerTests {
    enum Keys: String, CodingKey { case a, b }

    /// Keeps whatever container a row hands to it.
    final class Keeper: @unchecked Sendable {
        var container: KeyedDecodingContainer<Keys>?
    }

    static let keeperKey = CodingUserInfoKey(rawValue: "keeper")

    /// A row that keeps its container in the `Keeper` passed through `userInfo`.
    struct Escaping: Decodable {
        let a: Int64
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            a = try container.decode(Int64.self, forKey: .a)
            (RowKeyedDecodingContainerTests.keeperKey.flatMap { decoder.userInfo[$0] } as? Keeper)?.container =
                container
        }
    }

    static func database(rows: Int = 3) throws -> Connection {
        let db = try Connection()
        try db.execute("CREATE TABLE t (a INTEGER, b INTEGER)")
        for row in 0..<rows { try db.run("INSERT INTO t (a, b) VALUES (?, ?)", Int64(row), Int64(row * 10)) }
        return db
    }

    @Test("a container kept past its row throws when used")
    func keptContainerThrows() throws {
        let db = try Self.database()
        let keeper = Keeper()
        let key = try #require(Self.keeperKey)
        let rows = try db.fetchAll(Escaping.self, sql: "SELECT a, b FROM t", [], userInfo: [key: keeper])
        #expect(rows.map(\.a) == [0, 1, 2])
        let kept = try #require(keeper.container)
        #expect(throws: DecodingError.self) { try kept.decode(Int64.self, forKey: .b) }
        #expect(throws: DecodingError.self) { try kept.decodeNil(forKey: .b) }
        #expect(!kept.contains(.a))
        #expect(kept.allKeys.isEmpty)
        do {
            _ = try kept.decode(Int64.self, forKey: .a)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("used after its row was decoded"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// Keeps the decoder a row hands to it.
    final class DecoderKeeper: @unchecked Sendable {
        var decoder: (any Decoder)?
    }

    static let decoderKeeperKey = CodingUserInfoKey(rawValue: "decoderKeeper")

    /// A row that keeps its decoder in the `DecoderKeeper` passed through `userInfo`.
    struct KeepsDecoder: Decodable {
        let a: Int64
        init(from decoder: any Decoder) throws {
            a = try decoder.container(keyedBy: Keys.self).decode(Int64.self, forKey: .a)
            #expect(decoder.codingPath.isEmpty)
            (RowKeyedDecodingContainerTests.decoderKeeperKey.flatMap { decoder.userInfo[$0] } as? DecoderKeeper)?
                .decoder = decoder
        }
    }

    @Test("a decoder kept past its row throws when used, and has no user info left")
    func keptDecoderThrows() throws {
        let db = try Self.database()
        let keeper = DecoderKeeper()
        let key = try #require(Self.decoderKeeperKey)
        let rows = try db.fetchAll(KeepsDecoder.self, sql: "SELECT a, b FROM t", [], userInfo: [key: keeper])
        #expect(rows.map(\.a) == [0, 1, 2])
        let kept = try #require(keeper.decoder)
        #expect(kept.userInfo.isEmpty)
        #expect(throws: DecodingError.self) { try kept.container(keyedBy: Keys.self) }
        #expect(throws: DecodingError.self) { try kept.singleValueContainer() }
        #expect(throws: DecodingError.self) { try kept.unkeyedContainer() }
        do {
            _ = try kept.container(keyedBy: Keys.self)
            Issue.record("expected an error")
        } catch let DecodingError.dataCorrupted(context) {
            #expect(context.debugDescription.contains("decoder was used after its row was decoded"))
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    /// Runs `body` on a new thread and returns once that thread has exited.
    static func onThreadThatExits(_ body: @escaping @Sendable () -> Void) throws {
        final class Box: @unchecked Sendable {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }
        let context = Unmanaged.passRetained(Box(body)).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
                return nil
            }, context)
        try #require(started == 0)
        pthread_join(thread, nil)
    }

    @Test("a container kept past its thread and its decoder throws when used, and the next thread decodes")
    func containerOutlivesThread() throws {
        let keeper = Keeper()
        let key = try #require(Self.keeperKey)
        try Self.onThreadThatExits {
            // The connection, its statements and the decoder all go with this closure.
            let rows = try? Self.database()
                .fetchAll(Escaping.self, sql: "SELECT a, b FROM t", [], userInfo: [key: keeper])
            #expect(rows?.map(\.a) == [0, 1, 2])
        }
        let kept = try #require(keeper.container)
        #expect(throws: DecodingError.self) { try kept.decode(Int64.self, forKey: .b) }
        // Another thread takes the exited thread's cell and decodes rows of its own.
        try Self.onThreadThatExits {
            let rows = try? Self.database(rows: 5).fetchAll(Pair.self, sql: "SELECT a, b FROM t", [])
            #expect(rows?.map(\.b) == [0, 10, 20, 30, 40])
        }
        #expect(throws: DecodingError.self) { try kept.decodeNil(forKey: .a) }
        #expect(throws: DecodingError.self) { try kept.decode(Int64.self, forKey: .a) }
    }

    /// A row read through containers of two key types, one after the other.
    struct TwoKeyTypes: Codable, Equatable {
        enum First: String, CodingKey { case a }
        enum Second: String, CodingKey { case b }
        let a: Int64
        let b: Int64

        init(a: Int64, b: Int64) {
            self.a = a
            self.b = b
        }

        init(from decoder: any Decoder) throws {
            a = try decoder.container(keyedBy: First.self).decode(Int64.self, forKey: .a)
            b = try decoder.container(keyedBy: Second.self).decode(Int64.self, forKey: .b)
        }

        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: First.self)
            try first.encode(a, forKey: .a)
            var second = encoder.container(keyedBy: Second.self)
            try second.encode(b, forKey: .b)
        }
    }

    @Test("a kept container follows the key type each call asks for, row after row")
    func containersOfTwoKeyTypes() throws {
        let db = try Self.database()
        let rows = try db.fetchAll(TwoKeyTypes.self, sql: "SELECT a, b FROM t")
        #expect(rows == [TwoKeyTypes(a: 0, b: 0), TwoKeyTypes(a: 1, b: 10), TwoKeyTypes(a: 2, b: 20)])
        // And the same rows inserted through the encoder's kept container, then read back.
        for row in rows { try db.run(Table("t").insert(TwoKeyTypes(a: row.a + 100, b: row.b + 100))) }
        let inserted = try db.fetchAll(TwoKeyTypes.self, sql: "SELECT a, b FROM t WHERE a >= 100 ORDER BY a")
        #expect(inserted == rows.map { TwoKeyTypes(a: $0.a + 100, b: $0.b + 100) })
    }

    /// A row whose decoding runs another query and decodes its rows before reading its own
    /// remaining column.
    struct Nesting: Decodable {
        let a: Int64
        let inner: [Int64]
        let b: Int64
        static let innerKey = CodingUserInfoKey(rawValue: "inner")

        struct Inner: Decodable { let a: Int64 }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            a = try container.decode(Int64.self, forKey: .a)
            let db = try #require(Self.innerKey.flatMap { decoder.userInfo[$0] } as? Connection)
            inner = try db.fetchAll(Inner.self, sql: "SELECT a FROM t ORDER BY a DESC", []).map(\.a)
            b = try container.decode(Int64.self, forKey: .b)
        }
    }

    @Test("decoding a row inside another row's decoding leaves the outer container usable")
    func nestedDecoding() throws {
        let outer = try Self.database(rows: 2)
        let inner = try Self.database(rows: 3)
        let key = try #require(Nesting.innerKey)
        let rows = try outer.fetchAll(Nesting.self, sql: "SELECT a, b FROM t ORDER BY a", [], userInfo: [key: inner])
        #expect(rows.map(\.a) == [0, 1])
        #expect(rows.map(\.b) == [0, 10])
        #expect(rows.allSatisfy { $0.inner == [2, 1, 0] })
    }

    struct Pair: Decodable, Equatable {
        let a: Int64
        let b: Int64
    }

    @Test("rows decode on several threads at once, each through its own decoder")
    func concurrentDecoding() async throws {
        let sums = try await withThrowingTaskGroup(of: Int64.self) { group in
            for offset in 0..<4 {
                group.addTask {
                    let db = try Self.database(rows: 200 + offset)
                    var sum: Int64 = 0
                    for _ in 0..<20 {
                        sum = try db.fetchAll(Pair.self, sql: "SELECT a, b FROM t", []).reduce(0) { $0 + $1.a + $1.b }
                    }
                    return sum
                }
            }
            var sums: [Int64] = []
            for try await sum in group { sums.append(sum) }
            return sums.sorted()
        }
        let expected = (0..<4).map { offset in (0..<Int64(200 + offset)).reduce(0) { $0 + $1 * 11 } }
        #expect(sums == expected)
    }
}
