import Foundation

/// The app lifecycle notifications a ``DatabaseQueue`` or ``DatabasePool`` follows when
/// ``Configuration/observesSuspensionNotifications`` is on: suspended when the app enters the
/// background, resumed when it returns to the foreground. Owned by its queue or pool; the
/// observers end with it.
///
/// Only iOS (Mac Catalyst included), tvOS and visionOS post these notifications (UIKit's, named
/// here by their raw values so that no main-actor-isolated UIKit symbol is touched); on the
/// other platforms this observes nothing. The UIKit code is not built by this package's CI
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
                forName: Notification.Name("UIApplicationDidEnterBackgroundNotification"), object: nil, queue: nil
            ) { _ in suspend() }
            let foreground = center.addObserver(
                forName: Notification.Name("UIApplicationWillEnterForegroundNotification"), object: nil, queue: nil
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
