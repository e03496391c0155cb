#if canImport(Synchronization)
    import Synchronization
#endif

// The same APIs, each gated: nothing here may be reported.

/// Inside a declaration marked at the APIs' introduction.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public struct NewerTiming: Sendable {
    public var elapsed: Duration = .zero

    public static func now() -> ContinuousClock.Instant { ContinuousClock.now }

    public func oneLine(_ text: String) -> String { text.replacing("\n", with: " ") }
}

/// Marked in the long form, on a member of an extension.
extension String {
    @available(macOS, introduced: 13.0)
    @available(iOS, introduced: 16.0)
    @available(tvOS, introduced: 16.0)
    @available(watchOS, introduced: 9.0)
    public func withoutNewlines() -> String {
        replacing("\n", with: " ")
    }
}

/// Behind `if #available`, with a fallback at the floor.
public func seconds(_ work: () -> Void) -> Int64 {
    if #available(macOS 13, iOS 16, tvOS 16, watchOS 9, *) {
        let start = ContinuousClock.now
        work()
        return start.duration(to: .now).components.seconds
    } else {
        work()
        return 0
    }
}

/// After `guard #available`, to the end of the scope.
public func lockedCount() -> Int {
    guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return 0 }
    let count = Mutex(1)
    return count.withLock { $0 }
}

/// The `else` of `if #unavailable`.
public func joined(_ text: String) -> String {
    if #unavailable(macOS 13, iOS 16, tvOS 16, watchOS 9) {
        return text
    } else {
        return text.replacing("\n", with: " ")
    }
}

/// Code no Apple platform compiles is not checked.
#if os(Linux)
    public func linuxOnlyLock() -> Int {
        let count = Mutex(2)
        return count.withLock { $0 }
    }
#endif

#if canImport(Darwin)
#else
    public func notOnDarwin() -> Duration { .seconds(1) }
#endif

/// A package declaration marked for macOS 13, used where macOS 13 is known.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
public func newerCaller() -> Int { newerHelper() }

/// Strings and comments naming the APIs are not uses: "ContinuousClock.now", Duration.
public let documentation = "Mutex(0).withLock { $0 } and \(1 + 1) ContinuousClock"

/// Uses the compiler resolves to an older declaration at the floor: a `for await` loop calls
/// `next()` below macOS 15, `&*` is the protocol extension's, `Double(_:)` the generic one.
public func sum(_ numbers: AsyncStream<Int>) async -> Int {
    var total = 0
    for await number in numbers { total = total &* 31 &+ number }
    return total
}

public func parsed(_ text: Substring) -> Double? { Double(text) }
