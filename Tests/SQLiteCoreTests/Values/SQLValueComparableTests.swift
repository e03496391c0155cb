import SQLiteCore
import Testing

@Suite("SQLValue: Comparable in SQLite's order of storage classes")
struct SQLValueComparableTests {
    @Test(
        "pairs in increasing order",
        arguments: [
            (SQLValue.null, SQLValue.integer(Int64.min)),
            (.integer(-1), .integer(0)),
            (.integer(2), .real(2.5)),
            (.real(-0.5), .integer(0)),
            (.integer(1), .real(1.0)),
            (.integer(Int64.max), .real(9_223_372_036_854_775_808.0)),
            (.real(-9_223_372_036_854_775_809.0 * 2), .integer(Int64.min)),
            (.real(1e300), .text("")),
            (.text("Z"), .text("a")),
            (.text("a"), .text("ab")),
            (.text("zzz"), .blob(Blob(bytes: []))),
            (.blob(Blob(bytes: [1])), .blob(Blob(bytes: [1, 0]))),
            (.real(.nan), .integer(0)),
        ])
    func ordered(lower: SQLValue, higher: SQLValue) {
        #expect(lower < higher)
        #expect(!(higher < lower))
    }

    @Test("equal values are not less than each other")
    func equalValues() {
        for value: SQLValue in [.null, .integer(3), .real(2.5), .text("x"), .blob(Blob(bytes: [9]))] {
            #expect(!(value < value))
        }
    }

    @Test("sorting mixed values puts NULL, numbers, text, blobs in that order")
    func sorting() {
        let values: [SQLValue] = [.text("b"), .blob(Blob(bytes: [0])), .real(1.5), .null, .integer(1), .text("a")]
        #expect(values.sorted() == [.null, .integer(1), .real(1.5), .text("a"), .text("b"), .blob(Blob(bytes: [0]))])
    }
}
