import SQLiteTyped
import Testing

@Suite struct CommonTableExpressionTests {
    let managers = Table("managers")
    let chain = Table("chain")
    let id = Expression<Int64>("id")
    let managerId = Expression<Int64>("manager_id")
    let level = Expression<Int64>("level")

    func database() throws -> Connection {
        let db = try Connection()
        try db.execute(
            """
            CREATE TABLE managers (id INTEGER PRIMARY KEY, manager_id INTEGER);
            INSERT INTO managers VALUES (1, NULL), (2, 1), (5, 2), (8, 5);
            """)
        return db
    }

    @Test func documentedRecursiveQueryFailsAsSQLiteSays() throws {
        let query = managers.where(id == 8).union(chain.join(managers, on: chain[managerId] == managers[id]))
        let cte = chain.with(chain, recursive: true, as: query)
        #expect(
            cte.asSQL()
                == #"WITH RECURSIVE "chain" AS (SELECT * FROM "managers" WHERE ("id" = 8) UNION SELECT * FROM "chain" INNER JOIN "managers" ON ("chain"."manager_id" = "managers"."id")) SELECT * FROM "chain""#
        )
        let db = try database()
        #expect(throws: Result.self) { try db.prepare(cte) }
    }

    @Test func recursiveQueryWithColumnsAndHint() throws {
        let queryWithLevel = managers.select(id, managerId, 0).where(id == 8)
            .union(
                chain.select(managers[id], managers[managerId], level + 1)
                    .join(managers, on: chain[managerId] == managers[id]))
        let cte = chain.with(
            chain, columns: [id, managerId, level], recursive: true, hint: .materialized, as: queryWithLevel)
        #expect(
            cte.asSQL()
                == #"WITH RECURSIVE "chain" ("id", "manager_id", "level") AS MATERIALIZED (SELECT "id", "manager_id", 0 FROM "managers" WHERE ("id" = 8) UNION SELECT "managers"."id", "managers"."manager_id", ("level" + 1) FROM "chain" INNER JOIN "managers" ON ("chain"."manager_id" = "managers"."id")) SELECT * FROM "chain""#
        )
        #expect(MaterializationHint.materialize == .materialized)
        let db = try database()
        let rows = try db.prepareRowIterator(cte.order(level)).map { ($0[id], $0[level]) }
        #expect(rows.map(\.0) == [8, 5, 2, 1])
        #expect(rows.map(\.1) == [0, 1, 2, 3])
    }

    /// Several `WITH` tables are separated by a comma and a space.
    @Test func severalCommonTables() throws {
        let first = Table("first")
        let second = Table("second")
        let query = second.with(first, as: managers.filter(id > 1)).with(second, as: first.select(id).filter(id < 8))
        #expect(
            query.asSQL()
                == #"WITH "first" AS (SELECT * FROM "managers" WHERE ("id" > 1)), "second" AS (SELECT "id" FROM "first" WHERE ("id" < 8)) SELECT * FROM "second""#
        )
        let recursive = second.with(first, as: managers).with(second, recursive: true, as: first.select(id))
        #expect(recursive.asSQL().hasPrefix(#"WITH RECURSIVE "first" AS (SELECT * FROM "managers"), "second" AS ("#))
        let db = try database()
        #expect(try db.prepareRowIterator(query.order(id)).map { $0[id] } == [2, 5])
        #expect(try db.scalar(recursive.count) == 4)
    }

    @Test func nonRecursiveWith() {
        let recent = Table("recent")
        let query = recent.with(recent, as: managers.filter(id > 2))
        #expect(
            query.asSQL() == #"WITH "recent" AS (SELECT * FROM "managers" WHERE ("id" > 2)) SELECT * FROM "recent""#)
        let hinted = recent.with(recent, hint: .notMaterialized, as: managers)
        #expect(
            hinted.asSQL() == #"WITH "recent" AS NOT MATERIALIZED (SELECT * FROM "managers") SELECT * FROM "recent""#)
    }
}
