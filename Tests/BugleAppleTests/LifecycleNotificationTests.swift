import Bugle
import BugleApple
import Foundation
import Testing

/// Which of the system's notifications each kind of app watches, and what they send.
@Suite struct LifecycleNotificationTests {
    typealias Table = LifecycleNotificationTable

    func signals(_ entries: [Table.Entry]) -> [String: LifecycleSignal] {
        Dictionary(entries.map { ($0.name, $0.signal) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func everyPlatformWatchesTheTimeZoneTheDayTheClockAndTheLocale() throws {
        // The names Foundation posts under, as it spells them.
        let expected: [String: LifecycleSignal] = [
            Notification.Name.NSSystemTimeZoneDidChange.rawValue: .timeZoneChange,
            Notification.Name.NSCalendarDayChanged.rawValue: .dayChange,
            "NSSystemClockDidChangeNotification": .clockChange,
            NSLocale.currentLocaleDidChangeNotification.rawValue: .localeChange,
        ]
        for platform in Table.Platform.allCases {
            let watched = signals(try Table(platform: platform).entries(observesApplicationState: false))
            for (name, signal) in expected { #expect(watched[name] == signal, "\(platform) \(name)") }
        }
    }

    @Test func uiKitAppsWatchSignificantTimeChangesAndEnteringTheForegroundAndBackground() throws {
        let table = Table(platform: .uiKit)
        let watched = signals(try table.entries(observesApplicationState: true))
        #expect(watched["UIApplicationSignificantTimeChangeNotification"] == .significantTimeChange)
        #expect(watched["UIApplicationWillEnterForegroundNotification"] == .foreground)
        #expect(watched["UIApplicationDidEnterBackgroundNotification"] == .background)
        // A SwiftUI app forwards its scene phase: the application's own are not watched too.
        let quiet = signals(try table.entries(observesApplicationState: false))
        #expect(quiet["UIApplicationSignificantTimeChangeNotification"] == .significantTimeChange)
        #expect(quiet["UIApplicationWillEnterForegroundNotification"] == nil)
        #expect(quiet["UIApplicationDidEnterBackgroundNotification"] == nil)
    }

    @Test func macAppsRefreshWhenTheyBecomeAndResignActive() throws {
        let watched = signals(try Table(platform: .appKit).entries(observesApplicationState: true))
        #expect(watched["NSApplicationDidBecomeActiveNotification"] == .foreground)
        #expect(watched["NSApplicationDidResignActiveNotification"] == .background)
        #expect(!watched.keys.contains { $0.hasPrefix("UIApplication") || $0.hasPrefix("WK") })
    }

    @Test func watchAppsWatchWKApplication() throws {
        let watched = signals(try Table(platform: .watchKit).entries(observesApplicationState: true))
        #expect(watched["WKApplicationWillEnterForegroundNotification"] == .foreground)
        #expect(watched["WKApplicationDidEnterBackgroundNotification"] == .background)
        #expect(!watched.keys.contains { $0.hasPrefix("UIApplication") || $0.hasPrefix("NSApplication") })
    }

    @Test func askingForTheAppsStateWhereNothingPostsItFails() throws {
        let error = #expect(throws: Table.NoApplicationState.self) {
            try Table(platform: .none).entries(observesApplicationState: true)
        }
        #expect(error?.description.contains("send(.foreground)") == true)
        // Every platform with an application framework has both.
        for platform in Table.Platform.allCases where platform != .none {
            let state = try #require(Table(platform: platform).applicationState)
            #expect(Set(state.map(\.signal)) == [.foreground, .background], "\(platform)")
        }
    }

    @Test func everyPlatformHasATable() {
        #expect(Table.Platform.current == .none)  // These tests run on Linux.
        #expect(Table().signal(for: Notification.Name.NSSystemTimeZoneDidChange.rawValue) == .timeZoneChange)
        #expect(Table(platform: .uiKit).signal(for: "UIApplicationDidEnterBackgroundNotification") == .background)
        #expect(Table(platform: .appKit).signal(for: "UIApplicationDidEnterBackgroundNotification") == nil)
    }

    @Test @MainActor func observerOnUIKitSendsTheAppsState() throws {
        let center = NotificationCenter()
        let sent = SignalLog()
        let observer = try LifecycleObserver(notificationCenter: center, observesApplicationState: true, platform: .uiKit, send: sent.append)
        observer.start()
        center.post(name: Notification.Name("UIApplicationWillEnterForegroundNotification"), object: nil)
        center.post(name: Notification.Name("UIApplicationSignificantTimeChangeNotification"), object: nil)
        center.post(name: Notification.Name("UIApplicationDidEnterBackgroundNotification"), object: nil)
        center.post(name: Notification.Name("NSApplicationDidBecomeActiveNotification"), object: nil)
        observer.stop()
        #expect(sent.signals == [.launch, .foreground, .significantTimeChange, .background])
    }

    @Test func anObserverOfTheAppsStateWhereNothingPostsItThrows() {
        #expect(throws: Table.NoApplicationState.self) {
            _ = try LifecycleObserver(observesApplicationState: true, platform: .none) { _ in }
        }
        // Without the app's state it watches the system's changes on any platform.
        _ = LifecycleObserver(platform: .none) { _ in }
    }

    @Test @MainActor func observerOnAppKitAndWatchKitSendsTheAppsState() throws {
        for (platform, foreground, background) in [
            (Table.Platform.appKit, "NSApplicationDidBecomeActiveNotification", "NSApplicationDidResignActiveNotification"),
            (.watchKit, "WKApplicationWillEnterForegroundNotification", "WKApplicationDidEnterBackgroundNotification"),
        ] {
            let center = NotificationCenter()
            let sent = SignalLog()
            let observer = try LifecycleObserver(notificationCenter: center, observesApplicationState: true, platform: platform, send: sent.append)
            observer.start()
            center.post(name: Notification.Name(foreground), object: nil)
            center.post(name: Notification.Name(background), object: nil)
            observer.stop()
            #expect(sent.signals == [.launch, .foreground, .background], "\(platform)")
        }
    }

    @Test @MainActor func aLocaleChangeRefreshesAsAZoneChange() {
        let center = NotificationCenter()
        let sent = SignalLog()
        let observer = LifecycleObserver(notificationCenter: center, send: sent.append)
        observer.start()
        center.post(name: NSLocale.currentLocaleDidChangeNotification, object: nil)
        observer.stop()
        #expect(sent.signals == [.launch, .localeChange])
        #expect(LifecycleSignal.localeChange.reason == .timeZoneChanged)
    }
}

/// The device's zone: these tests change `NSTimeZone.default`, the process's, so they run one
/// at a time and put it back.
@Suite(.serialized) struct DeviceZoneTests {
    @Test func systemEnvironmentPlansInTheDevicesZone() {
        let environment = SchedulerEnvironment.system
        #expect(environment.calendar().timeZone == NSTimeZone.default)
        #expect(environment.calendar().identifier == .gregorian)
        #expect(abs(environment.now().timeIntervalSinceNow) < 5)
    }

    @Test func aChangedZoneIsSeenWithoutRebuildingTheEnvironment() throws {
        let environment = SchedulerEnvironment.system
        let before = environment.calendar().timeZone
        let original = NSTimeZone.default
        defer { NSTimeZone.default = original }
        // A zone with the same rules under another name where there is one (UTC and GMT), so
        // that tests running meanwhile compute the same; Kiritimati (UTC+14) otherwise.
        let twin: TimeZone? =
            before.nextDaylightSavingTimeTransition == nil && before.secondsFromGMT() == 0
            ? TimeZone(identifier: before.identifier == "GMT" ? "UTC" : "GMT") : nil
        let other = try #require(twin ?? TimeZone(identifier: before.identifier == "Pacific/Kiritimati" ? "Pacific/Chatham" : "Pacific/Kiritimati"))
        NSTimeZone.default = other
        let after = environment.calendar()
        NSTimeZone.default = original
        #expect(after.timeZone.identifier == other.identifier)
        #expect(environment.calendar().timeZone.identifier == original.identifier)
    }
}
