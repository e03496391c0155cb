import SQLiteCore
import Testing

/// `Statement.run(named:)` and the name look-up it shares with the dictionary bindings: every
/// prefix, names with and without it, unknown and missing names, and statements re-prepared
/// after a schema change.
@Suite struct NamedBindingTests {
    let db: Connection

    init() throws {
        db = try Connection()
        try db.execute("CREATE TABLE t (a, b)")
    }

    private func rows() throws -> [[String]] {
        try db.prepare("SELECT a, b FROM t ORDER BY rowid").map { row in row.map { "\($0 ?? "NULL")" } }
    }

    @Test(arguments: [":", "@", "$"])
    func runNamedWithEachPrefix(prefix: String) throws {
        let sql = "INSERT INTO t (a, b) VALUES (\(prefix)a, \(prefix)b)"
        let insert = try db.prepare(sql)
        #expect(insert.parameterNames == ["\(prefix)a", "\(prefix)b"])
        // With the prefix, without it, and in another order than the parameters'.
        try insert.run(named: .init("\(prefix)a", 1), .init("\(prefix)b", "one"))
        try insert.run(named: .init("a", 2), .init("b", "two"))
        try insert.run(named: .init("b", "three"), .init("\(prefix)a", 3.5))
        #expect(try rows() == [["1", "one"], ["2", "two"], ["3.5", "three"]])
        #expect(try insert.parameterIndex(named: "\(prefix)b") == 2)
        #expect(try insert.parameterIndex(named: "b") == 2)
    }

    @Test func aNameUsedTwiceIsOneParameter() throws {
        let insert = try db.prepare("INSERT INTO t (a, b) VALUES (:a + :a * :b, :b)")
        #expect(insert.parameterCount == 2)
        try insert.run(named: .init(":a", 2), .init(":b", 10))
        #expect(try rows() == [["22", "10"]])
    }

    @Test func numberedParametersAreNamedToo() throws {
        let insert = try db.prepare("INSERT INTO t (a, b) VALUES (?2, ?1)")
        try insert.run(named: .init("?1", "first"), .init("?2", "second"))
        #expect(try rows() == [["second", "first"]])
    }

    @Test func unknownNameThrowsWithTheSQL() throws {
        let sql = "INSERT INTO t (a, b) VALUES (:a, :b)"
        let insert = try db.prepare(sql)
        let error = expectResult(code: SQLITE_RANGE) { try insert.run(named: .init(":a", 1), .init(":c", 2)) }
        #expect(error?.message == "no parameter named :c in the statement")
        #expect(error?.sql == sql)
        let bare = expectResult(code: SQLITE_RANGE) { try insert.run(named: .init("c", 1), .init(":a", 2)) }
        #expect(bare?.message == "no parameter named c in the statement")
        // A prefix other than the parameter's is another name.
        expectResult(code: SQLITE_RANGE) { try insert.run(named: .init("@a", 1), .init(":b", 2)) }
        // Nothing ran, with the values bound before the mistake or with none.
        expectResult(code: SQLITE_RANGE) { try insert.run() }
        #expect(try rows().isEmpty)
        try insert.run(named: .init(":a", 1), .init(":b", 2))
        #expect(try rows() == [["1", "2"]])
    }

    @Test func missingValuesThrowInsteadOfReusingTheLastOnes() throws {
        let sql = "INSERT INTO t (a, b) VALUES (:a, :b)"
        let insert = try db.prepare(sql)
        try insert.run(named: .init(":a", 1), .init(":b", 2))
        let missing = expectResult(code: SQLITE_RANGE) { try insert.run(named: .init(":a", 3)) }
        #expect(missing?.message == "2 value(s) expected, 1 given")
        #expect(missing?.sql == sql)
        // The same parameter twice is one value, the last one given.
        expectResult(code: SQLITE_RANGE) { try insert.run(named: .init(":a", 4), .init("a", 5)) }
        expectResult(code: SQLITE_RANGE) { try insert.run() }
        #expect(try rows() == [["1", "2"]])
        let single = try db.prepare("INSERT INTO t (a) VALUES (:a)")
        try single.run(named: .init(":a", 6), .init("a", 7))
        #expect(try rows() == [["1", "2"], ["7", "NULL"]])
    }

    @Test func aPositionalParameterCannotBeBoundByName() throws {
        let insert = try db.prepare("INSERT INTO t (a, b) VALUES (?, :b)")
        let error = expectResult(code: SQLITE_RANGE) { try insert.run(named: .init(":b", 1)) }
        #expect(error?.message == "2 value(s) expected, 1 given")
        #expect(try rows().isEmpty)
    }

    @Test func aValueThatCannotBeStoredThrowsAndNothingRuns() throws {
        let sql = "INSERT INTO t (a, b) VALUES (:a, :b)"
        let insert = try db.prepare(sql)
        try insert.run(named: .init(":a", 1), .init(":b", 2))
        let error = expectResult(code: SQLITE_RANGE) {
            try insert.run(named: .init(":a", 3), .init(":b", UInt64.max))
        }
        #expect(error?.sql == sql)
        expectResult(code: SQLITE_RANGE) { try insert.run() }
        #expect(try rows() == [["1", "2"]])
    }

    /// A full name is found before a name without its prefix that reads the same: `:$a` is
    /// also `$a` without its prefix, and `$a` is a parameter of its own.
    @Test func aFullNameWinsOverAPrefixlessOne() throws {
        let insert = try db.prepare("INSERT INTO t (a, b) VALUES (:$a, $a)")
        #expect(insert.parameterNames == [":$a", "$a"])
        #expect(try insert.parameterIndex(named: "$a") == 2)
        #expect(try insert.parameterIndex(named: "a") == 2)
        #expect(try insert.parameterIndex(named: ":$a") == 1)
        try insert.run(named: .init("$a", "dollar"), .init(":$a", "colon"))
        try insert.run(["$a": "dollar 2", ":$a": "colon 2"])
        #expect(try rows() == [["colon", "dollar"], ["colon 2", "dollar 2"]])
    }

    /// Names match byte for byte, as `sqlite3_bind_parameter_index` matches them: text that
    /// Swift counts equal in another Unicode form is another name.
    @Test func namesMatchByteForByte() throws {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        #expect(composed == decomposed)
        let insert = try db.prepare("INSERT INTO t (a) VALUES (:\(composed))")
        expectResult(code: SQLITE_RANGE) { try insert.run(named: .init(":\(decomposed)", 1)) }
        expectResult(code: SQLITE_RANGE) { try insert.run([decomposed: 1]) }
        try insert.run(named: .init(":\(composed)", 2))
        try insert.run(named: .init(composed, 3))
        #expect(try rows() == [["2", "NULL"], ["3", "NULL"]])
    }

    /// SQLite re-prepares a statement whose table changed at its next step; its parameters,
    /// which come from the SQL text, keep their names and indexes.
    @Test func bindingByNameAfterASchemaChange() throws {
        let insert = try db.prepare("INSERT INTO t (a, b) VALUES (:a, :b)")
        let select = try db.prepare("SELECT b FROM t WHERE a = :a")
        try insert.run(named: .init(":a", 1), .init(":b", "one"))
        #expect(try select.scalar([":a": 1]) as? String == "one")

        try db.execute(
            """
            ALTER TABLE t ADD COLUMN c DEFAULT 'c';
            CREATE TABLE rebuilt (c, b, a);
            INSERT INTO rebuilt (a, b) SELECT a, b FROM t;
            DROP TABLE t;
            ALTER TABLE rebuilt RENAME TO t;
            """)
        try insert.run(named: .init(":b", "two"), .init(":a", 2))
        try insert.run(["a": 3, "b": "three"])
        try insert.bind(4, named: "a")
        try insert.bind("four", named: ":b")
        try insert.run()
        #expect(try insert.parameterIndex(named: "b") == 2)
        #expect(try select.scalar([":a": 2]) as? String == "two")
        #expect(try select.scalar(["a": 4]) as? String == "four")
        #expect(try rows() == [["1", "one"], ["2", "two"], ["3", "three"], ["4", "four"]])
        let unknown = expectResult(code: SQLITE_RANGE) { try insert.run(named: .init(":c", 1), .init(":a", 2)) }
        #expect(unknown?.message == "no parameter named :c in the statement")
    }

    /// Past 64 parameters, the values bound are counted another way.
    @Test func moreThanSixtyFourNamedParameters() throws {
        let list = (1...66).map { ":p\($0)" }.joined(separator: " || ',' || ")
        let insert = try db.prepare("INSERT INTO t (a) VALUES (\(list))")
        #expect(insert.parameterCount == 66)
        try insert.run(
            named: .init(":p1", 1), .init(":p2", 2), .init(":p3", 3), .init(":p4", 4), .init(":p5", 5),
            .init(":p6", 6), .init(":p7", 7), .init(":p8", 8), .init(":p9", 9), .init(":p10", 10),
            .init(":p11", 11), .init(":p12", 12), .init(":p13", 13), .init(":p14", 14), .init(":p15", 15),
            .init(":p16", 16), .init(":p17", 17), .init(":p18", 18), .init(":p19", 19), .init(":p20", 20),
            .init(":p21", 21), .init(":p22", 22), .init(":p23", 23), .init(":p24", 24), .init(":p25", 25),
            .init(":p26", 26), .init(":p27", 27), .init(":p28", 28), .init(":p29", 29), .init(":p30", 30),
            .init(":p31", 31), .init(":p32", 32), .init(":p33", 33), .init(":p34", 34), .init(":p35", 35),
            .init(":p36", 36), .init(":p37", 37), .init(":p38", 38), .init(":p39", 39), .init(":p40", 40),
            .init(":p41", 41), .init(":p42", 42), .init(":p43", 43), .init(":p44", 44), .init(":p45", 45),
            .init(":p46", 46), .init(":p47", 47), .init(":p48", 48), .init(":p49", 49), .init(":p50", 50),
            .init(":p51", 51), .init(":p52", 52), .init(":p53", 53), .init(":p54", 54), .init(":p55", 55),
            .init(":p56", 56), .init(":p57", 57), .init(":p58", 58), .init(":p59", 59), .init(":p60", 60),
            .init(":p61", 61), .init(":p62", 62), .init(":p63", 63), .init(":p64", 64), .init(":p65", 65),
            .init(":p66", 66))
        #expect(try db.scalar("SELECT a FROM t") as? String == (1...66).map(String.init).joined(separator: ","))
        let missing = expectResult(code: SQLITE_RANGE) {
            try insert.run(named: .init(":p1", 1), .init(":p66", 66), .init("p66", 66))
        }
        #expect(missing?.message == "66 value(s) expected, 2 given")
    }
}
