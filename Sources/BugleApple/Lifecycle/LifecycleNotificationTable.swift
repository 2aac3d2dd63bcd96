import Foundation

/// Which of the system's notifications (`NotificationCenter.default`) mean which
/// ``LifecycleSignal``, on each kind of app; ``LifecycleObserver`` watches what it gives.
///
/// | notification | signal | where |
/// | --- | --- | --- |
/// | `NSSystemTimeZoneDidChange` | ``LifecycleSignal/timeZoneChange`` | everywhere |
/// | `NSCalendarDayChanged` | ``LifecycleSignal/dayChange`` | everywhere |
/// | `NSSystemClockDidChange` | ``LifecycleSignal/clockChange`` | everywhere |
/// | `NSLocale.currentLocaleDidChangeNotification` | ``LifecycleSignal/localeChange`` | everywhere |
/// | `UIApplication.significantTimeChangeNotification` | ``LifecycleSignal/significantTimeChange`` | UIKit |
/// | `UIApplication.willEnterForegroundNotification` | ``LifecycleSignal/foreground`` | UIKit, application state |
/// | `UIApplication.didEnterBackgroundNotification` | ``LifecycleSignal/background`` | UIKit, application state |
/// | `NSApplication.didBecomeActiveNotification` | ``LifecycleSignal/foreground`` | AppKit, application state |
/// | `NSApplication.didResignActiveNotification` | ``LifecycleSignal/background`` | AppKit, application state |
/// | `WKApplication.willEnterForegroundNotification` | ``LifecycleSignal/foreground`` | WatchKit, application state |
/// | `WKApplication.didEnterBackgroundNotification` | ``LifecycleSignal/background`` | WatchKit, application state |
///
/// A Mac app is never suspended, so it has no background; it refreshes when the user
/// switches to it and away from it. On watchOS the table names `WKApplication`'s
/// notifications (watchOS 7 and later), which replace `WKExtension`'s from watchOS 9.
public struct LifecycleNotificationTable: Hashable, Sendable {
    /// The application framework whose notifications tell the app's state.
    public enum Platform: String, Hashable, Sendable, CaseIterable {
        /// `UIApplication`: iOS, iPadOS, Mac Catalyst, tvOS, visionOS.
        case uiKit
        /// `NSApplication`: macOS.
        case appKit
        /// `WKApplication`: watchOS.
        case watchKit
        /// No application framework (Linux, a command-line tool): only the system's time
        /// notifications.
        case none

        /// The platform this code was built for.
        public static var current: Platform {
            #if os(watchOS)
                .watchKit
            #elseif os(iOS) || os(tvOS) || os(visionOS)
                .uiKit
            #elseif os(macOS)
                .appKit
            #else
                .none
            #endif
        }
    }

    /// One notification to watch.
    public struct Entry: Hashable, Sendable {
        /// The notification's name (`Notification.Name.rawValue`).
        public var name: String
        /// The signal it sends.
        public var signal: LifecycleSignal
    }

    /// The observer was asked to watch the app's state where no framework posts it.
    public struct NoApplicationState: Error, Hashable, Sendable, CustomStringConvertible {
        /// The platform that has none.
        public var platform: Platform

        /// What went wrong, and what to do instead.
        public var description: String {
            "LifecycleObserver: observesApplicationState is true, but \(platform.rawValue) posts no foreground or background notification; "
                + "forward the app's state with LifecycleRefresher.send(.foreground) and send(.background) instead"
        }
    }

    /// The platform whose notifications the table gives.
    public var platform: Platform

    /// The table for `platform`.
    public init(platform: Platform = .current) {
        self.platform = platform
    }

    /// The system's notifications, posted on every platform, under the names this
    /// platform's Foundation gives them (Linux's spells the zone change
    /// `kCFTimeZoneSystemTimeZoneDidChangeNotification`).
    public static let system: [Entry] = [
        Entry(name: Notification.Name.NSSystemTimeZoneDidChange.rawValue, signal: .timeZoneChange),
        Entry(name: Notification.Name.NSCalendarDayChanged.rawValue, signal: .dayChange),
        Entry(name: clockDidChange, signal: .clockChange),
        Entry(name: NSLocale.currentLocaleDidChangeNotification.rawValue, signal: .localeChange),
    ]

    /// `NSSystemClockDidChange`, which Foundation names only on Apple's platforms.
    private static var clockDidChange: String {
        #if canImport(Darwin)
            Notification.Name.NSSystemClockDidChange.rawValue
        #else
            "NSSystemClockDidChangeNotification"
        #endif
    }

    /// The application framework's notifications that are not about the app's state.
    public var application: [Entry] {
        switch platform {
        case .uiKit: [Entry(name: "UIApplicationSignificantTimeChangeNotification", signal: .significantTimeChange)]
        case .appKit, .watchKit, .none: []
        }
    }

    /// The application framework's foreground and background notifications; `nil` where
    /// there are none.
    public var applicationState: [Entry]? {
        switch platform {
        case .uiKit:
            [
                Entry(name: "UIApplicationWillEnterForegroundNotification", signal: .foreground),
                Entry(name: "UIApplicationDidEnterBackgroundNotification", signal: .background),
            ]
        case .appKit:
            [
                Entry(name: "NSApplicationDidBecomeActiveNotification", signal: .foreground),
                Entry(name: "NSApplicationDidResignActiveNotification", signal: .background),
            ]
        case .watchKit:
            [
                Entry(name: "WKApplicationWillEnterForegroundNotification", signal: .foreground),
                Entry(name: "WKApplicationDidEnterBackgroundNotification", signal: .background),
            ]
        case .none:
            nil
        }
    }

    /// Every notification to watch; the app's state too when `observesApplicationState`.
    /// Throws ``NoApplicationState`` when the app's state is asked for where no framework
    /// posts it, rather than watching nothing.
    public func entries(observesApplicationState: Bool) throws -> [Entry] {
        guard observesApplicationState else { return Self.system + application }
        guard let state = applicationState else { throw NoApplicationState(platform: platform) }
        return Self.system + application + state
    }

    /// The signal the notification named `name` sends, when the app's state is watched.
    public func signal(for name: String) -> LifecycleSignal? {
        (Self.system + application + (applicationState ?? [])).first { $0.name == name }?.signal
    }
}
