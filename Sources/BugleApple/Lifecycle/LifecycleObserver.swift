import Foundation

/// Watches the system's notifications for the signals that change what should be pending,
/// and sends them to a ``LifecycleRefresher``.
///
/// It watches what ``LifecycleNotificationTable`` gives for the platform: on every platform,
/// time-zone, day, clock and locale changes; on iOS, significant time changes; and, when
/// asked, the app's state: entering the foreground and the background on iOS and watchOS,
/// becoming and resigning active on macOS (for apps on `UIApplicationDelegate`,
/// `NSApplicationDelegate` or `WKApplicationDelegate`; a SwiftUI app forwards its scene phase
/// instead). Asking for the app's state where no framework posts it (Linux) throws rather
/// than watching nothing. ``start()`` sends
/// ``LifecycleSignal/launch``.
public final class LifecycleObserver: @unchecked Sendable {
    private let center: NotificationCenter
    private let send: @Sendable (LifecycleSignal) -> Void
    private let entries: [LifecycleNotificationTable.Entry]
    // Guards `tokens`.
    private let lock = NSLock()
    private var tokens: [any NSObjectProtocol] = []

    /// An observer of the system's changes (time zone, day, clock, locale), not of the
    /// app's state: for a SwiftUI app, which forwards its scene phase.
    ///
    /// - Parameters:
    ///   - notificationCenter: Where the system posts its notifications (`.default`).
    ///   - platform: Whose notifications to watch: the platform the app was built for.
    ///   - send: Receives each signal; pass the ``LifecycleRefresher``'s `send(_:)`.
    public convenience init(
        notificationCenter: NotificationCenter = .default, platform: LifecycleNotificationTable.Platform = .current,
        send: @escaping @Sendable (LifecycleSignal) -> Void
    ) {
        let table = LifecycleNotificationTable(platform: platform)
        self.init(center: notificationCenter, entries: LifecycleNotificationTable.system + table.application, send: send)
    }

    /// An observer that also watches the app entering the foreground and the background,
    /// when `observesApplicationState` is `true` (for an app on `UIApplicationDelegate`,
    /// `NSApplicationDelegate` or `WKApplicationDelegate`).
    ///
    /// - Parameters:
    ///   - notificationCenter: Where the system posts its notifications (`.default`).
    ///   - observesApplicationState: Whether to watch the app's state too.
    ///   - platform: Whose notifications to watch: the platform the app was built for.
    ///   - send: Receives each signal; pass the ``LifecycleRefresher``'s `send(_:)`.
    /// - Throws: ``LifecycleNotificationTable/NoApplicationState`` when
    ///   `observesApplicationState` is `true` on a platform that posts no such notifications.
    public convenience init(
        notificationCenter: NotificationCenter = .default, observesApplicationState: Bool,
        platform: LifecycleNotificationTable.Platform = .current, send: @escaping @Sendable (LifecycleSignal) -> Void
    ) throws {
        let entries = try LifecycleNotificationTable(platform: platform).entries(observesApplicationState: observesApplicationState)
        self.init(center: notificationCenter, entries: entries, send: send)
    }

    private init(center: NotificationCenter, entries: [LifecycleNotificationTable.Entry], send: @escaping @Sendable (LifecycleSignal) -> Void) {
        self.center = center
        self.entries = entries
        self.send = send
    }

    /// An observer of the system's changes that sends to `refresher` (see
    /// ``init(notificationCenter:platform:send:)``).
    ///
    /// - Parameters:
    ///   - refresher: Receives each signal.
    ///   - notificationCenter: Where the system posts its notifications (`.default`).
    ///   - platform: Whose notifications to watch: the platform the app was built for.
    public convenience init<C: Clock>(
        refresher: LifecycleRefresher<C>, notificationCenter: NotificationCenter = .default,
        platform: LifecycleNotificationTable.Platform = .current
    ) {
        self.init(notificationCenter: notificationCenter, platform: platform) { refresher.send($0) }
    }

    /// An observer that sends to `refresher`, watching the app's state too when
    /// `observesApplicationState` is `true` (see
    /// ``init(notificationCenter:observesApplicationState:platform:send:)``).
    ///
    /// - Parameters:
    ///   - refresher: Receives each signal.
    ///   - notificationCenter: Where the system posts its notifications (`.default`).
    ///   - observesApplicationState: Whether to watch the app's state too.
    ///   - platform: Whose notifications to watch: the platform the app was built for.
    /// - Throws: ``LifecycleNotificationTable/NoApplicationState``, as the other initializer.
    public convenience init<C: Clock>(
        refresher: LifecycleRefresher<C>, notificationCenter: NotificationCenter = .default, observesApplicationState: Bool,
        platform: LifecycleNotificationTable.Platform = .current
    ) throws {
        try self.init(notificationCenter: notificationCenter, observesApplicationState: observesApplicationState, platform: platform) {
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
