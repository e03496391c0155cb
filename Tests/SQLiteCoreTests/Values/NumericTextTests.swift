import SQLiteCore
import Testing

/// Numbers stored as text read as SQLite's conversion reads them, and text that is not wholly a
/// number in SQLite's grammar does not read (`SQLiteTests.NumericTextReadTests` checks every
/// tier against SQLite itself).
@Suite struct NumericTextTests {
    @Test(arguments: [
        ("42", Int64?(42)), (" -7 ", -7), ("3.0", 3), ("1e3", 1), ("9223372036854775807", .max), ("3.5", 3),
        ("abc", nil), ("12abc", nil), ("0x10", nil), ("", nil), ("9223372036854775808", .max),
        ("-9223372036854775809", .min), ("inf", nil),
    ])
    func integers(text: String, expected: Int64?) {
        #expect(NumericText.integer(text) == expected)
    }

    @Test(arguments: [
        ("2.5", Double?(2.5)), ("7", 7), (" 1e3\n", 1000), ("-0.25", -0.25),
        ("nan", nil), ("inf", nil), ("2.5x", nil), ("", nil), ("  ", nil), ("0x10", nil), ("1e400", .infinity),
    ])
    func reals(text: String, expected: Double?) {
        #expect(NumericText.real(text) == expected)
    }
}
