import Foundation
import Testing

@testable import SQLiteCodable

/// Kept encoders are freed with what keeps them: a plan dropped from the process-wide plans of
/// `Encodable` queries, a connection's record plans with the connection. (An encoder once kept
/// its keyed container, which referred back to it: a cycle that outlived its owner.)
@Suite("Encoder lifetimes")
struct EncoderLifetimeTests {
    /// A value of a type of its own for each `Tag`.
    struct Probe<Tag>: Encodable {
        var value = 1
    }

    /// Inserts a `Probe` of `count` new types, each wrapping the previous one's.
    static func insertProbes<Tag>(_ tag: Tag.Type, count: Int) throws {
        guard count > 0 else { return }
        #expect(try Table("t").insert(Probe<Tag>()).asSQL() == #"INSERT INTO "t" ("value") VALUES (1)"#)
        try insertProbes(Probe<Tag>.self, count: count - 1)
    }

    /// The plan of `Probe<Tag>`, held weakly.
    final class Watched {
        weak var plan: EncodingPlan?
    }

    static func watch<Tag>(_ tag: Tag.Type) -> Watched {
        let watched = Watched()
        watched.plan = EncodingPlan.of(Probe<Tag>.self, options: CodingOptions(), omitsNil: true)
        return watched
    }

    @Test("a plan dropped from the plans of Encodable queries is freed")
    func droppedPlanIsFreed() throws {
        enum First {}
        #expect(try Table("t").insert(Probe<First>()).asSQL() == #"INSERT INTO "t" ("value") VALUES (1)"#)
        let watched = Self.watch(First.self)
        #expect(watched.plan != nil)
        // More plans than are kept: every plan is dropped at least once meanwhile.
        enum Others {}
        try Self.insertProbes(Others.self, count: EncodingPlan.capacity + 1)
        #expect(watched.plan == nil)
        // And a value of the first type gets a new plan.
        #expect(try Table("t").insert(Probe<First>()).asSQL() == #"INSERT INTO "t" ("value") VALUES (1)"#)
    }

    @Test("a connection's record plans, with their encoders and lookups, go with the connection")
    func recordPlansGoWithTheConnection() throws {
        weak var plan: RecordPlan?
        weak var encoder: RowEncoder?
        try {
            let db = try Connection()
            try db.createTable(for: Item.self)
            let id = try db.insert(Item(name: "Pen", price: 1.5))
            #expect(try Item.find(id, in: db)?.name == "Pen")
            db.withLock {
                let kept = db.recordPlan(Item.self)
                plan = kept
                let taken = kept.takeEncoder()
                encoder = taken
                kept.giveBack(taken)
            }
            #expect(plan != nil)
            #expect(encoder != nil)
        }()
        #expect(plan == nil)
        #expect(encoder == nil)
    }
}
