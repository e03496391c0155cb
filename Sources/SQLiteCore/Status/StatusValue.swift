/// A reading of one of SQLite's status counters: its current value and its high-water mark,
/// the largest value since the counter was last reset.
///
/// ```swift
/// let cache = try db.status(.cacheUsed)
/// print(cache.current, cache.highWater)
/// ```
///
/// Some counters have only one of the two: the other then reads 0 (each counter's
/// documentation says which).
public struct StatusValue: Sendable, Hashable {
    /// The counter's value now.
    public var current: Int
    /// The largest value since the counter was last reset.
    public var highWater: Int

    /// A reading with these values.
    public init(current: Int, highWater: Int) {
        self.current = current
        self.highWater = highWater
    }
}
