#if os(iOS) || os(tvOS) || os(visionOS)
    import UIKit
#endif

/// The app lifecycle notifications a ``DatabaseQueue`` or ``DatabasePool`` follows when
/// ``Configuration/observesSuspensionNotifications`` is on: suspended when the app enters the
/// background, resumed when it returns to the foreground. Owned by its queue or pool; the
/// observers end with it.
///
/// Only iOS (Mac Catalyst included), tvOS and visionOS have these notifications (UIKit's); on
/// the other platforms this observes nothing. The UIKit code is not built by this package's CI
/// (Linux): Documentation/Build.md lists it with the other Apple-only code.
final class SuspensionNotifications: @unchecked Sendable {
    #if os(iOS) || os(tvOS) || os(visionOS)
        private let lock = PlainLock()
        /// NotificationCenter's observer tokens, under `lock`.
        private var tokens: [any NSObjectProtocol] = []
    #endif

    /// Starts observing: `suspend` runs when the app enters the background, `resume` when it
    /// is about to enter the foreground.
    func start(suspend: @escaping @Sendable () -> Void, resume: @escaping @Sendable () -> Void) {
        #if os(iOS) || os(tvOS) || os(visionOS)
            let center = NotificationCenter.default
            let background = center.addObserver(
                forName: UIApplication.didEnterBackgroundNotification, object: nil, queue: nil
            ) { _ in suspend() }
            let foreground = center.addObserver(
                forName: UIApplication.willEnterForegroundNotification, object: nil, queue: nil
            ) { _ in resume() }
            lock.withLock { tokens = [background, foreground] }
        #endif
    }

    deinit {
        #if os(iOS) || os(tvOS) || os(visionOS)
            for token in lock.withLock({ tokens }) { NotificationCenter.default.removeObserver(token) }
        #endif
    }
}
