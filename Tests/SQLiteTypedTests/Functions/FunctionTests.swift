import SQLiteTyped
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Foundation has its own `Expression`; this file means SQLiteTyped's.
private typealias Expression = SQLiteTyped.Expression

@Suite struct CoreFunctionTests {
    static let name = Doc.name
    static let email = Doc.email
    static let balance = Doc.balance
    static let data = Expression<Blob>("data")

    static let cases: [(Expressible, String)] = [
        (balance.absoluteValue, #"abs("balance")"#),
        (balance.round(), #"round("balance")"#),
        (balance.round(2), #"round("balance", 2)"#),
        (Expression<Int64>.random(), "random()"),
        (Expression<Blob>.random(16), "randomblob(16)"),
        (Expression<Blob>.allZeros(4), "zeroblob(4)"),
        (data.length, #"length("data")"#),
        (email.length, #"length("email")"#),
        (name.length, #"length("name")"#),
        (email.lowercaseString, #"lower("email")"#),
        (email.uppercaseString, #"upper("email")"#),
        (email.ltrim(), #"ltrim("email")"#),
        (email.rtrim(["x"]), #"rtrim("email", 'x')"#),
        (email.trim(), #"trim("email")"#),
        (email.replace("@", with: " at "), #"replace("email", '@', ' at ')"#),
        (email.substring(1, length: 3), #"substr("email", 1, 3)"#),
        (email[0..<3], #"substr("email", 1, 3)"#),
        (email.instr("@"), #"instr("email", '@')"#),
        (email.typeof, #"typeof("email")"#),
        (coalesce(name, Expression<String?>("nickname")), #"coalesce("name", "nickname")"#),
        (nullif(email, "x"), #"nullif("email", 'x')"#),
        (
            iif(balance > 0, then: email, else: Expression<String>(value: "broke")),
            #"iif(("balance" > 0.0), "email", 'broke')"#
        ),
        (
            caseWhen([(balance > 100, "rich")], else: "poor"),
            #"CASE WHEN ("balance" > 100.0) THEN 'rich' ELSE 'poor' END"#
        ),
        (email.groupConcat(), #"group_concat("email", ',')"#),
    ]

    @Test(arguments: cases)
    func rendersSQL(_ expression: Expressible, _ sql: String) {
        #expect(expression.asSQL() == sql)
    }

    @Test func evaluate() throws {
        let db = try Doc.populated()
        let alice = Doc.users.filter(Doc.id == 1)
        #expect(try db.scalar(alice.select(Self.email.uppercaseString)) == "ALICE@MAC.COM")
        #expect(try db.scalar(alice.select(Self.email[0..<5])) == "alice")
        #expect(try db.scalar(alice.select(Self.email.replace("@", with: " at "))) == "alice at mac.com")
        #expect(try db.scalar(alice.select(Self.name.length)) == 5)
        #expect(try db.scalar(alice.select((-Self.balance).absoluteValue)) == 100)
        #expect(try db.scalar(alice.select(caseWhen([(Self.balance > 50, "rich")], else: "poor"))) == "rich")
        #expect(try db.scalar(Doc.users.select(Self.email.groupConcat("|"))) != nil)
        #expect(try db.scalar(Expression<Blob>.random(8)).bytes.count == 8)
    }
}

@Suite struct WindowAndDateFunctionTests {
    let id = Doc.id
    let balance = Doc.balance
    let managerId = Doc.managerId

    @Test func windowSQL() {
        #expect(rowNumber(id.desc).asSQL() == #"row_number() OVER (ORDER BY "id" DESC)"#)
        #expect(rank(balance).asSQL() == #"rank() OVER (ORDER BY "balance")"#)
        #expect(denseRank(balance).asSQL() == #"dense_rank() OVER (ORDER BY "balance")"#)
        #expect(percentRank(balance).asSQL() == #"percent_rank() OVER (ORDER BY "balance")"#)
        #expect(cumeDist(balance).asSQL() == #"cume_dist() OVER (ORDER BY "balance")"#)
        #expect(ntile(2, id).asSQL() == #"ntile(2) OVER (ORDER BY "id")"#)
        #expect(balance.lag(offset: 1, id).asSQL() == #"lag("balance", 1) OVER (ORDER BY "id")"#)
        #expect(balance.lead(offset: 1, default: 0.0, id).asSQL() == #"lead("balance", 1, 0.0) OVER (ORDER BY "id")"#)
        #expect(balance.firstValue(id).asSQL() == #"first_value("balance") OVER (ORDER BY "id")"#)
        #expect(balance.lastValue(id).asSQL() == #"last_value("balance") OVER (ORDER BY "id")"#)
        #expect(balance.value(2, id).asSQL() == #"nth_value("balance", 2) OVER (ORDER BY "id")"#)
        #expect(
            rowNumber(partitionBy: [managerId], orderBy: [id]).asSQL()
                == #"row_number() OVER (PARTITION BY "manager_id" ORDER BY "id")"#)
        #expect(
            balance.sum.over(partitionBy: [managerId], orderBy: [id]).asSQL()
                == #"sum("balance") OVER (PARTITION BY "manager_id" ORDER BY "id")"#)
    }

    @Test func windowValues() throws {
        let db = try Doc.populated()
        let number = rowNumber(id.desc)
        let rows = try db.prepareRowIterator(Doc.users.select(id, number).order(id)).map { $0[number] }
        #expect(rows == [3, 2, 1])
        let running = balance.total.over(orderBy: [id])
        let totals = try db.prepareRowIterator(Doc.users.select(id, running).order(id)).map { $0[running] }
        #expect(totals == [100, 10_100, 10_100])
        let previous = balance.lag(offset: 1, id)
        let lagged = try db.prepareRowIterator(Doc.users.select(previous).order(id)).map { $0[previous] }
        #expect(lagged == [nil, 100, 10_000])
    }

    @Test func dateSQL() throws {
        #expect(DateFunctions.date("now").asSQL() == "date('now')")
        #expect(DateFunctions.datetime("now", "-1 day").asSQL() == "datetime('now', '-1 day')")
        #expect(DateFunctions.strftime("%Y", "now").asSQL() == "strftime('%Y', 'now')")
        let when = Date(timeIntervalSince1970: 1_168_335_660)
        #expect(when.date.asSQL() == "date('2007-01-09T09:41:00.000')")
        #expect(Expression<Date>("date").date.asSQL() == #"date("date")"#)
        let db = try Connection()
        #expect(try db.scalar(when.date) == Date(timeIntervalSince1970: 1_168_300_800))
        #expect(try db.scalar(DateFunctions.strftime("%Y", "2007-01-09")) == "2007")
        #expect(try db.scalar(DateFunctions.julianday("2000-01-01")) == 2_451_544.5)
        #expect(try db.scalar(DateFunctions.unixepoch("1970-01-02")) == 86_400)
    }
}

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

@Suite(.enabled(if: SQLiteFeature.mathFunctions.isAvailable, "math functions compiled out"))
struct MathFunctionTests {
    @Test func values() throws {
        #if MathFunctions
            let db = try Connection()
            let x = Expression<Double>(value: 16)
            #expect(x.squareRoot.asSQL() == "sqrt(16.0)")
            #expect(try db.scalar(x.squareRoot) == 4)
            #expect(try db.scalar(x.pow(0.5)) == 4)
            #expect(try db.scalar(x.log2) == 4)
            #expect(try db.scalar(pi()) == Double.pi)
        #endif
    }
}

@Suite struct CustomFunctionTests {
    @Test func typedFunctions() throws {
        let db = try Connection()
        let attachments = Table("attachments")
        let uti = Expression<String>("UTI")
        try db.run(attachments.create { t in t.column(uti) })
        try db.run(attachments.insert(uti <- "public.image"))
        try db.run(attachments.insert(uti <- "public.text"))
        let typeConformsTo: (Expression<String>, Expression<String>) -> Expression<Bool> = try db.createFunction(
            "typeConformsTo", deterministic: true
        ) { uti, conformsTo in uti == conformsTo }
        let images = attachments.filter(typeConformsTo(uti, Expression(value: "public.image")))
        #expect(images.asSQL() == #"SELECT * FROM "attachments" WHERE "typeConformsTo"("UTI", 'public.image')"#)
        #expect(try db.scalar(images.count) == 1)

        let answer: () -> Expression<Int64> = try db.createFunction("answer") { 42 }
        #expect(try db.scalar(answer()) == 42)
        let greet: (Expression<String?>) -> Expression<String> = try db.createFunction("greet") { name in
            "hello \(name ?? "you")"
        }
        #expect(try db.scalar(greet(Expression<String?>.null)) == "hello you")
        let add3: (Expression<Int>, Expression<Int>, Expression<Int>) -> Expression<Int> = try db.createFunction("add3")
        {
            $0 + $1 + $2
        }
        #expect(try db.scalar(add3(Expression(value: 1), Expression(value: 2), Expression(value: 3))) == 6)
        let join5:
            (Expression<String>, Expression<String>, Expression<String>, Expression<String>, Expression<String>) ->
                Expression<String> = try db.createFunction("join5") { [$0, $1, $2, $3, $4].joined() }
        let a = Expression<String>(value: "a")
        #expect(try db.scalar(join5(a, a, a, a, a)) == "aaaaa")
        // A NULL for a non-optional argument is an SQL error, not a crash.
        let twice: (Expression<Int64>) -> Expression<Int64> = try db.createFunction("twice") { $0 * 2 }
        #expect(throws: Result.self) { try db.scalar(twice(Expression<Int64>(literal: "NULL"))) }
    }

    @Test func untypedFunctionReturningBool() throws {
        let db = try Connection()
        try db.createFunction("isEven", argumentCount: 1, deterministic: true) { args in
            guard let value = args[0] as? Int64 else { return nil }
            return value % 2 == 0
        }
        #expect(try db.scalar("SELECT isEven(4)") as? Int64 == 1)
    }

    @Test func customCollation() throws {
        let db = try Doc.populated()
        try db.createCollation("REVERSE") { lhs, rhs in
            lhs == rhs ? .orderedSame : (lhs > rhs ? .orderedAscending : .orderedDescending)
        }
        let query = Doc.users.select(Doc.email).order(Doc.email.collate(.custom("REVERSE")))
        #expect(query.asSQL() == #"SELECT "email" FROM "users" ORDER BY ("email" COLLATE "REVERSE")"#)
        #expect(
            Doc.users.order(collate(.custom("NODIACRITIC"), Doc.name)).asSQL()
                == #"SELECT * FROM "users" ORDER BY ("name" COLLATE "NODIACRITIC")"#)
        let emails = try db.prepareRowIterator(query).map { $0[Doc.email] }
        #expect(emails == ["cathy@mac.com", "betty@icloud.com", "alice@mac.com"])
        #expect(try db.scalar(Doc.users.filter(Doc.email.collate(.nocase) == "ALICE@MAC.COM").count) == 1)
    }
}

/// A custom value type stored as REAL.
struct Celsius: Value, Equatable, FunctionValue {
    var degrees: Double
    static let declaredDatatype = Double.declaredDatatype
    static func fromDatatypeValue(_ value: Double) -> Celsius { Celsius(degrees: value) }
    var datatypeValue: Double { degrees }
}

@Suite struct CustomTypeTests {
    @Test func customValuesStoreAndCompare() throws {
        let db = try Connection()
        let readings = Table("readings")
        let temperature = Expression<Celsius>("temperature")
        try db.run(readings.create { t in t.column(temperature) })
        #expect(
            readings.create { t in t.column(temperature) } == #"CREATE TABLE "readings" ("temperature" REAL NOT NULL)"#)
        try db.run(readings.insert(temperature <- Celsius(degrees: 21.5)))
        try db.run(readings.insert(temperature <- Celsius(degrees: 30)))
        #expect(try db.scalar(readings.filter(temperature > Celsius(degrees: 25)).count) == 1)
        let row = try #require(try db.pluck(readings.order(temperature)))
        #expect(row[temperature] == Celsius(degrees: 21.5))
        let warmer: (Expression<Celsius>) -> Expression<Celsius> = try db.createFunction("warmer") {
            Celsius(degrees: $0.degrees + 1)
        }
        #expect(try db.scalar(readings.select(warmer(temperature).max)) == Celsius(degrees: 31))
    }
}
