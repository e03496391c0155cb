import Testing

@testable import SQLiteTyped

@Suite struct SQLTextTests {
    /// The piece-by-piece join that systems below macOS 11 / iOS 14 use (Linux and newer
    /// systems take the one-pass join) writes the same text.
    @Test(arguments: [
        (#""age""#, ">", "?", true), (#""name""#, "LIKE", "'a%'", false), ("", "=", "", true),
        (#""naïve é""#, "||", "'日本語 🙂'", true), (String(repeating: "x", count: 40), "AND", "1", false),
    ])
    func joinedByAppendingWritesWhatJoinedWrites(left: String, op: String, right: String, wrap: Bool) {
        let expected = (wrap ? "(" : "") + left + " " + op + " " + right + (wrap ? ")" : "")
        #expect(SQLText.joined(left, op, right, wrap: wrap) == expected)
        #expect(SQLText.joinedByAppending(left, op, right, wrap: wrap) == expected)
    }
}
