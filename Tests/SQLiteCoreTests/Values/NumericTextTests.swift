import SQLiteCore
import Testing

/// Numbers stored as text read back exactly, and text that is not wholly a number does not.
@Suite struct NumericTextTests {
    @Test(arguments: [
        ("42", Int64?(42)), (" -7 ", -7), ("3.0", 3), ("1e3", 1000), ("9223372036854775807", .max),
        ("3.5", nil), ("abc", nil), ("12abc", nil), ("", nil), ("9223372036854775808", nil), ("inf", nil),
    ])
    func integers(text: String, expected: Int64?) {
        #expect(NumericText.integer(text) == expected)
    }

    @Test(arguments: [
        ("2.5", Double?(2.5)), ("7", 7), (" 1e3\n", 1000), ("-0.25", -0.25),
        ("nan", nil), ("inf", nil), ("2.5x", nil), ("", nil), ("  ", nil),
    ])
    func reals(text: String, expected: Double?) {
        #expect(NumericText.real(text) == expected)
    }
}
