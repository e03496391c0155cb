import SQLiteTyped
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Foundation has its own `Expression`; this file means SQLiteTyped's.
private typealias Expression = SQLiteTyped.Expression

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
