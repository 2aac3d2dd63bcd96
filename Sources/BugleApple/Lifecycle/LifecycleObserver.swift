import Foundation

#if canImport(UIKit) && !os(watchOS)
    import UIKit
#endif

/// Watches the system's notifications for the signals that change what should be pending,
/// and sends them to a ``LifecycleRefresher``.
///
/// It observes, on every platform, time-zone changes (`NSSystemTimeZoneDidChange`) and day
/// changes (`NSCalendarDayChanged`); on Apple's platforms, clock changes
/// (`NSSystemClockDidChange`); on iOS, significant time changes
/// (`UIApplication.significantTimeChangeNotification`), and, when asked, the app entering
/// the foreground and the background (for UIKit apps; a SwiftUI app forwards its scene
/// phase instead). ``start()`` sends ``LifecycleSignal/launch``.
public final class LifecycleObserver: @unchecked Sendable {
    private let center: NotificationCenter
    private let send: @Sendable (LifecycleSignal) -> Void
    private let observesApplicationState: Bool
    // Guards `tokens`.
    private let lock = NSLock()
    private var tokens: [any NSObjectProtocol] = []

    /// - Parameters:
    ///   - notificationCenter: Where the system posts its notifications (`.default`).
    ///   - observesApplicationState: Whether to watch the app entering the foreground and the
    ///     background; leave it off when the app forwards SwiftUI's scene phase.
    ///   - send: Receives each signal; pass the ``LifecycleRefresher``'s `send(_:)`.
    public init(notificationCenter: NotificationCenter = .default, observesApplicationState: Bool = false, send: @escaping @Sendable (LifecycleSignal) -> Void)
    {
        self.center = notificationCenter
        self.observesApplicationState = observesApplicationState
        self.send = send
    }

    /// An observer that sends to `refresher`.
    public convenience init<C: Clock>(
        refresher: LifecycleRefresher<C>, notificationCenter: NotificationCenter = .default, observesApplicationState: Bool = false
    ) {
        self.init(notificationCenter: notificationCenter, observesApplicationState: observesApplicationState) { refresher.send($0) }
    }

    deinit {
        for token in tokens { center.removeObserver(token) }
    }

    /// The notification names watched, and the signal each one sends.
    @MainActor
    private var observedNames: [(name: Notification.Name, signal: LifecycleSignal)] {
        var names: [(Notification.Name, LifecycleSignal)] = [
            (.NSSystemTimeZoneDidChange, .timeZoneChange),
            (.NSCalendarDayChanged, .dayChange),
        ]
        #if canImport(Darwin)
            names.append((.NSSystemClockDidChange, .clockChange))
        #endif
        #if canImport(UIKit) && !os(watchOS)
            names.append((UIApplication.significantTimeChangeNotification, .significantTimeChange))
            if observesApplicationState {
                names.append((UIApplication.willEnterForegroundNotification, .foreground))
                names.append((UIApplication.didEnterBackgroundNotification, .background))
            }
        #endif
        return names
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
        tokens = observedNames.map { name, signal in
            center.addObserver(forName: name, object: nil, queue: nil) { _ in
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
