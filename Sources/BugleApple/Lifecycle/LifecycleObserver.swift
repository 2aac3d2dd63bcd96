import Foundation

/// Watches the system's notifications for the signals that change what should be pending,
/// and sends them to a ``LifecycleRefresher``.
///
/// It watches what ``LifecycleNotificationTable`` gives for the platform: on every platform,
/// time-zone, day, clock and locale changes; on iOS, significant time changes; and, when
/// asked, the app's state: entering the foreground and the background on iOS and watchOS,
/// becoming and resigning active on macOS (for apps on `UIApplicationDelegate`,
/// `NSApplicationDelegate` or `WKApplicationDelegate`; a SwiftUI app forwards its scene phase
/// instead). Asking for the app's state where no framework posts it (Linux) stops the
/// program with a message rather than watching nothing. ``start()`` sends
/// ``LifecycleSignal/launch``.
public final class LifecycleObserver: @unchecked Sendable {
    private let center: NotificationCenter
    private let send: @Sendable (LifecycleSignal) -> Void
    private let entries: [LifecycleNotificationTable.Entry]
    // Guards `tokens`.
    private let lock = NSLock()
    private var tokens: [any NSObjectProtocol] = []

    /// - Parameters:
    ///   - notificationCenter: Where the system posts its notifications (`.default`).
    ///   - observesApplicationState: Whether to watch the app entering the foreground and the
    ///     background; leave it off when the app forwards SwiftUI's scene phase. On a
    ///     platform with no such notifications, `true` stops the program
    ///     (``LifecycleNotificationTable/NoApplicationState``).
    ///   - platform: Whose notifications to watch: the platform the app was built for.
    ///   - send: Receives each signal; pass the ``LifecycleRefresher``'s `send(_:)`.
    public init(
        notificationCenter: NotificationCenter = .default, observesApplicationState: Bool = false,
        platform: LifecycleNotificationTable.Platform = .current, send: @escaping @Sendable (LifecycleSignal) -> Void
    ) {
        self.center = notificationCenter
        self.send = send
        do {
            entries = try LifecycleNotificationTable(platform: platform).entries(observesApplicationState: observesApplicationState)
        } catch {
            preconditionFailure(String(describing: error))
        }
    }

    /// An observer that sends to `refresher`.
    ///
    /// - Parameters:
    ///   - refresher: Receives each signal.
    ///   - notificationCenter: Where the system posts its notifications (`.default`).
    ///   - observesApplicationState: Whether to watch the app entering the foreground and the
    ///     background (see ``init(notificationCenter:observesApplicationState:platform:send:)``).
    ///   - platform: Whose notifications to watch: the platform the app was built for.
    public convenience init<C: Clock>(
        refresher: LifecycleRefresher<C>, notificationCenter: NotificationCenter = .default, observesApplicationState: Bool = false,
        platform: LifecycleNotificationTable.Platform = .current
    ) {
        self.init(notificationCenter: notificationCenter, observesApplicationState: observesApplicationState, platform: platform) {
            refresher.send($0)
        }
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
    }

    /// Starts watching, and sends ``LifecycleSignal/launch``. Calling it again does nothing.
    ///
    /// Call it while the app launches (in the `App`'s initializer, or
    /// `application(_:didFinishLaunchingWithOptions:)`).
    @MainActor
    public func start() {
        lock.lock()
        guard tokens.isEmpty else {
            lock.unlock()
            return
        }
        let send = self.send
        tokens = entries.map { entry in
            let signal = entry.signal
            return center.addObserver(forName: Notification.Name(entry.name), object: nil, queue: nil) { _ in
                // The zone `TimeZone.current` caches is the old one until reset.
                if signal == .timeZoneChange { NSTimeZone.resetSystemTimeZone() }
                send(signal)
            }
        }
        lock.unlock()
        send(.launch)
    }

    /// Stops watching.
    public func stop() {
        lock.lock()
        let stopped = tokens
        tokens = []
        lock.unlock()
        for token in stopped { center.removeObserver(token) }
    }
}
