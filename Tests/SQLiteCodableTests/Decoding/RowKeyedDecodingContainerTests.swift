import Foundation
import SQLiteCodable
import SQLiteCore
import Testing

/// The decoder and keyed containers handed out while a row of a live statement decodes reach
/// their decoder without holding a reference to it: these check that misuse (keeping them past
/// the row, past the decoder, or using them on another thread) throws instead of reading freed
/// memory or racing the decoding thread, and that nested and concurrent decoding each reach
/// their own decoder.
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
        // Another thread (which may get the exited thread's identity) decodes rows of its own.
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

    /// Runs `body` on a new thread and waits for it: the calling thread is blocked meanwhile,
    /// so whatever `body` reads of the caller's is not a race.
    static func onOtherThread<T: Sendable>(_ body: @escaping @Sendable () -> T) throws -> T {
        let result = ResultBox<T>()
        try onThreadThatExits { result.value = body() }
        return try #require(result.value)
    }

    /// What a thread hands back to the thread that waits for it.
    final class ResultBox<T>: @unchecked Sendable {
        var value: T?
    }

    /// What another thread got from a container or decoder it was handed.
    enum Outcome: Sendable, Equatable {
        case value(Int64)
        case threw(String)
        case noValue
    }

    /// Reads column `b` through `container`, reporting what happened.
    static func read(_ container: KeyedDecodingContainer<Keys>) -> Outcome {
        do {
            return .value(try container.decode(Int64.self, forKey: .b))
        } catch let DecodingError.dataCorrupted(context) {
            return .threw(context.debugDescription)
        } catch {
            return .threw("\(error)")
        }
    }

    /// Wraps a value that is not `Sendable` to hand it to another thread on purpose.
    struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
    }

    @Test("a container handed to another thread after its row throws there")
    func keptContainerOnAnotherThread() throws {
        let db = try Self.database()
        let keeper = Keeper()
        let key = try #require(Self.keeperKey)
        _ = try db.fetchAll(Escaping.self, sql: "SELECT a, b FROM t", [], userInfo: [key: keeper])
        let kept = Unchecked(value: try #require(keeper.container))
        let outcome = try Self.onOtherThread { Self.read(kept.value) }
        guard case .threw(let message) = outcome else {
            Issue.record("expected an error, got \(outcome)")
            return
        }
        #expect(message.contains("used after its row was decoded"))
        #expect(!kept.value.contains(.a))
    }

    @Test("a container and a decoder handed to a task after their row throw there")
    func keptContainerInATask() async throws {
        let db = try Self.database()
        let keeper = Keeper()
        let decoderKeeper = DecoderKeeper()
        let key = try #require(Self.keeperKey)
        let decoderKey = try #require(Self.decoderKeeperKey)
        _ = try db.fetchAll(Escaping.self, sql: "SELECT a, b FROM t", [], userInfo: [key: keeper])
        _ = try db.fetchAll(KeepsDecoder.self, sql: "SELECT a, b FROM t", [], userInfo: [decoderKey: decoderKeeper])
        let container = Unchecked(value: try #require(keeper.container))
        let decoder = Unchecked(value: try #require(decoderKeeper.decoder))
        let outcomes = await Task.detached { () -> [Outcome] in
            var outcomes = [Self.read(container.value)]
            do {
                outcomes.append(.value(try decoder.value.container(keyedBy: Keys.self).decode(Int64.self, forKey: .a)))
            } catch {
                outcomes.append(.threw("\(error)"))
            }
            outcomes.append(decoder.value.userInfo.isEmpty ? .noValue : .value(0))
            return outcomes
        }.value
        #expect(outcomes.count == 3)
        for outcome in outcomes.prefix(2) {
            guard case .threw(let message) = outcome else {
                Issue.record("expected an error, got \(outcome)")
                continue
            }
            #expect(message.contains("used after its row was decoded"))
        }
        #expect(outcomes.last == .noValue)
    }

    /// A row that hands its container to another thread while it is being decoded, and waits
    /// for that thread (so the row is still current there, but not on that thread).
    struct HandsOver: Decodable {
        let a: Int64
        let elsewhere: Outcome
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            a = try container.decode(Int64.self, forKey: .a)
            let handed = Unchecked(value: container)
            elsewhere = try RowKeyedDecodingContainerTests.onOtherThread {
                RowKeyedDecodingContainerTests.read(handed.value)
            }
        }
    }

    @Test("a container used on another thread while its row decodes throws there, and the row goes on")
    func containerOnAnotherThreadDuringItsRow() throws {
        let db = try Self.database()
        let rows = try db.fetchAll(HandsOver.self, sql: "SELECT a, b FROM t", [])
        #expect(rows.map(\.a) == [0, 1, 2])
        for row in rows {
            guard case .threw(let message) = row.elsewhere else {
                Issue.record("expected an error, got \(row.elsewhere)")
                continue
            }
            #expect(message.contains("on another thread"))
        }
    }

    /// A row that reads, through the container a previous fetch's row kept, column `b` while it
    /// is itself being decoded on the same thread, by another decoder that may hold the freed
    /// decoder's ticket.
    struct ReadsKept: Decodable {
        static let keptKey = CodingUserInfoKey(rawValue: "kept")
        let b: Int64
        let kept: Outcome
        init(from decoder: any Decoder) throws {
            b = try decoder.container(keyedBy: Keys.self).decode(Int64.self, forKey: .b)
            let keeper = RowKeyedDecodingContainerTests.keeperKeyed(decoder)
            kept = keeper?.container.map(RowKeyedDecodingContainerTests.read) ?? .noValue
        }
    }

    static func keeperKeyed(_ decoder: any Decoder) -> Keeper? {
        ReadsKept.keptKey.flatMap { decoder.userInfo[$0] } as? Keeper
    }

    @Test("a container kept past its decoder throws while another decoder decodes on the same thread")
    func keptContainerAfterItsDecoder() throws {
        let db = try Self.database()
        let keeper = Keeper()
        let key = try #require(Self.keeperKey)
        let keptKey = try #require(ReadsKept.keptKey)
        // The first fetch's decoder is freed when it returns; the next one may reuse its ticket.
        _ = try db.fetchAll(Escaping.self, sql: "SELECT a, b FROM t", [], userInfo: [key: keeper])
        let rows = try db.fetchAll(ReadsKept.self, sql: "SELECT a, b FROM t", [], userInfo: [keptKey: keeper])
        #expect(rows.map(\.b) == [0, 10, 20])
        for row in rows {
            guard case .threw(let message) = row.kept else {
                Issue.record("expected an error, got \(row.kept)")
                continue
            }
            #expect(message.contains("used after its row was decoded"))
        }
    }

    /// A value read from one column through a single-value container, which keeps its decoder.
    struct Wrapped: Decodable {
        let value: Int64
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(Int64.self)
            (RowKeyedDecodingContainerTests.decoderKeeperKey.flatMap { decoder.userInfo[$0] } as? DecoderKeeper)?
                .decoder = decoder
        }
    }

    /// A row whose column `b` is a ``Wrapped``.
    struct HasWrapped: Decodable {
        let a: Int64
        let b: Wrapped
    }

    @Test("a single-value decoder kept past its row throws when used, for a row and for a property")
    func keptSingleValueDecoderThrows() throws {
        let db = try Self.database()
        let key = try #require(Self.decoderKeeperKey)
        let rowKeeper = DecoderKeeper()
        let propertyKeeper = DecoderKeeper()
        // A kept decoder holds the user info that holds its keeper: break that cycle at the end.
        defer {
            rowKeeper.decoder = nil
            propertyKeeper.decoder = nil
        }
        let values = try db.fetchAll(Wrapped.self, sql: "SELECT b FROM t", [], userInfo: [key: rowKeeper])
        #expect(values.map(\.value) == [0, 10, 20])
        let rows = try db.fetchAll(HasWrapped.self, sql: "SELECT a, b FROM t", [], userInfo: [key: propertyKeeper])
        #expect(rows.map(\.b.value) == [0, 10, 20])
        for keeper in [rowKeeper, propertyKeeper] {
            let kept = try #require(keeper.decoder)
            #expect(kept.userInfo.isEmpty)
            #expect(throws: DecodingError.self) { try kept.singleValueContainer() }
            #expect(throws: DecodingError.self) { try Int64(from: kept) }
            #expect(throws: DecodingError.self) { try Int64?(from: kept) }
            let onOtherThread = try Self.onOtherThread { [kept = Unchecked(value: kept)] in
                (try? Int64(from: kept.value)).map(Outcome.value) ?? .noValue
            }
            #expect(onOtherThread == .noValue)
        }
    }

    /// Whether a thread has finished, read by another while it runs.
    final class Done: @unchecked Sendable {
        private let lock = NSLock()
        private var done = false
        var isDone: Bool { lock.withLock { done } }
        func finish() { lock.withLock { done = true } }
    }

    @Test("a container kept on its thread throws there while other threads decode through its ticket")
    func keptContainerWhileOthersDecode() async throws {
        let db = try Self.database(rows: 50)
        let keeper = Keeper()
        let key = try #require(Self.keeperKey)
        // This fetch's decoder is freed when it returns: its ticket goes back to the pool, and
        // the decoders of the fetches below (on other threads) take it and write its state.
        _ = try db.fetchAll(Escaping.self, sql: "SELECT a, b FROM t", [], userInfo: [key: keeper])
        let kept = Unchecked(value: try #require(keeper.container))
        let done = Done()
        let expected = (0..<Int64(50)).reduce(0) { $0 + $1 * 11 }
        let decoding = Task.detached {
            var sums: Set<Int64> = []
            for _ in 0..<200 {
                let rows = try db.fetchAll(Pair.self, sql: "SELECT a, b FROM t", [])
                sums.insert(rows.reduce(0) { $0 + $1.a + $1.b })
            }
            done.finish()
            return sums
        }
        var reads = 0
        var values = 0
        repeat {
            if (try? kept.value.decode(Int64.self, forKey: .b)) != nil { values += 1 }
            reads += 1
        } while !done.isDone
        #expect(try await decoding.value == [expected])
        #expect(reads > 0)
        #expect(values == 0)
    }
}
