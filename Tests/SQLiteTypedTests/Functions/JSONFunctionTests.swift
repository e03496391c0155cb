import SQLiteTyped
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Foundation has its own `Expression`; this file means SQLiteTyped's.
private typealias Expression = SQLiteTyped.Expression

@Suite(.enabled(if: SQLiteFeature.json.isAvailable, "JSON functions compiled out"))
struct JSONFunctionTests {
    let json = Expression<String>("json")

    @Test func sqlAndValues() throws {
        let n: Expression<Int64?> = json.jsonExtract("$.n")
        #expect(n.asSQL() == #"json_extract("json", '$.n')"#)
        #expect(json.jsonPath("$.a").asSQL() == #"("json" -> '$.a')"#)
        #expect(json.jsonType().asSQL() == #"json_type("json")"#)
        #expect(json.jsonSet(("$.n", 2)).asSQL() == #"json_set("json", '$.n', 2)"#)
        #expect(JSONFunctions.object(("a", 1), ("b", "x")).asSQL() == "json_object('a', 1, 'b', 'x')")
        let db = try Connection()
        let docs = Table("docs")
        try db.run(docs.create { t in t.column(json) })
        try db.run(docs.insert(json <- #"{"n": 3, "tags": ["a", "b"], "name": "it's"}"#))
        #expect(try db.scalar(docs.select(n)) == 3)
        let name: Expression<String?> = json.jsonValue("$.name")
        #expect(try db.scalar(docs.select(name)) == "it's")
        #expect(try db.scalar(docs.select(json.jsonArrayLength("$.tags"))) == 2)
        #expect(try db.scalar(docs.select(json.jsonValid)) == true)
        #expect(try db.scalar(JSONFunctions.array(1, "two")) == #"[1,"two"]"#)
        try db.run(docs.update(json <- json.jsonSet(("$.n", 4)).jsonRemove("$.tags")))
        #expect(try db.scalar(docs.select(n)) == 4)
    }
}
