import Synchronization

// Uses of APIs newer than iOS 13 / macOS 10.15 / tvOS 13 / watchOS 6, none gated: each must be
// reported, on its line, by the symbol that `// expect:` names.

/// A statement's duration, kept as the standard library's `Duration` (macOS 13, iOS 16).
public struct Timing: Sendable {
    public var elapsed: Duration  // expect: Duration

    public init() {
        elapsed = .zero  // expect: zero
    }
}

/// Reads the clock (macOS 13, iOS 16), inferred types and all.
public func measure(_ work: () -> Void) -> Int64 {
    let start = ContinuousClock.now  // expect: ContinuousClock, now
    work()
    let elapsed = start.duration(to: .now)  // expect: duration(to:), now
    return elapsed.components.seconds  // expect: components
}

/// `String.replacing(_:with:)` (macOS 13, iOS 16) where `replacingOccurrences` would do.
public func oneLine(_ text: String) -> String {
    text.replacing("\n", with: " ")  // expect: replacing(_:with:maxReplacements:)
}

/// `Synchronization.Mutex` (macOS 15, iOS 18).
public final class Counter: Sendable {
    private let count = Mutex(0)  // expect: Mutex, init(_:)

    public init() {}

    public func increment() -> Int {
        count.withLock { value in  // expect: withLock(_:)
            value += 1
            return value
        }
    }
}

/// A declaration of this package marked for macOS 13, used from code at the floor.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public func newerHelper() -> Int { 1 }

public func callsNewerHelper() -> Int {
    newerHelper()  // expect: newerHelper()
}

/// A gate for the wrong platforms only: iOS, tvOS and watchOS stay at the floor.
public func gatedOnMacOSOnly() -> Int64 {
    if #available(macOS 13, *) {
        return ContinuousClock.now.duration(to: .now).components.seconds  // expect: ContinuousClock, now, duration(to:), components
    }
    return 0
}

/// `next(isolation:)` called by name (macOS 15): no older overload stands in for it.
public func first(_ numbers: AsyncStream<Int>) async -> Int? {
    var iterator = numbers.makeAsyncIterator()
    return await iterator.next(isolation: nil)  // expect: next(isolation:)
}
