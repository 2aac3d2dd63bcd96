import ActivityWindows
import Bugle
import Foundation
import Testing

@Suite struct ControllerTests {
    let now = instant("2026-03-22T06:05+02:00")
    let winter = 7200
    let summer = 10_800

    func logged(_ actions: [ActivityController.Action]) -> [AnalyticsEvent.Name] {
        actions.compactMap { if case .log(let event) = $0 { event.name } else { nil } }
    }

    func onboarded(answer status: AuthorizationStatus) -> ActivityController {
        var controller = ActivityController()
        _ = controller.handle(.onboardingCompleted(luna, version: "1.0.0", offset: winter), now: now)
        _ = controller.handle(.explanationAnswered(accepted: true), now: now)
        _ = controller.handle(.authorizationAnswered(status), now: now)
        return controller
    }

    @Test func onboardingSetsDefaultsPlansAndExplainsBeforeAsking() {
        var controller = ActivityController()
        let actions = controller.handle(.onboardingCompleted(luna, version: "1.0.0", offset: winter), now: now)
        #expect(actions == [.setState(ActivityState(profile: luna).appState), .replan(.onboardingCompleted), .showExplanation])
        #expect(controller.handle(.explanationAnswered(accepted: true), now: now) == [.requestAuthorization(provisional: false)])
        let answered = controller.handle(.authorizationAnswered(.authorized), now: now)
        #expect(answered == [.log(.permissionGranted(platform: "ios", provisional: false, at: now)), .replan(.permissionChanged)])
        #expect(controller.memory.storedVersion == "1.0.0")
        // Defaults from the activities and the dog: all four modes.
        #expect(luna.notificationPreferences.enabledModes == ActivityMode.allCases)
        let swimmer = NotificationPreferences.defaults(activities: [.swim], hasDog: false)
        #expect(swimmer.modeToggles == .init(swimSolo: true, swimDog: false, runSolo: false, runDog: false))
    }

    @Test func decliningTheExplanationGivesProvisional() {
        var controller = ActivityController()
        _ = controller.handle(.onboardingCompleted(luna, version: "1.0.0", offset: winter), now: now)
        #expect(controller.handle(.explanationAnswered(accepted: false), now: now) == [.requestAuthorization(provisional: true)])
        let answered = controller.handle(.authorizationAnswered(.provisional), now: now)
        #expect(logged(answered) == [.permissionGranted])
        #expect(answered.first == .log(.permissionGranted(platform: "ios", provisional: true, at: now)))
    }

    @Test func deniedIsNeverAskedAgainAndTheBannerShowsOncePerSession() {
        var controller = ActivityController()
        _ = controller.handle(.onboardingCompleted(luna, version: "1.0.0", offset: winter), now: now)
        _ = controller.handle(.explanationAnswered(accepted: true), now: now)
        let denied = controller.handle(.authorizationAnswered(.denied), now: now)
        #expect(logged(denied) == [.permissionDenied])
        #expect(denied.contains(.showBanner(.enableNotifications)))
        #expect(SettingsBanner.enableNotifications.text == "Enable notifications to get swim/run alerts")
        #expect(SettingsBanner.enableNotifications.action == "Open Settings")
        // Same session: turning a mode on neither asks nor shows the banner again.
        let toggled = controller.handle(.modeToggled(.runSolo, on: true), now: now)
        #expect(!toggled.contains { if case .requestAuthorization = $0 { true } else { false } })
        #expect(!toggled.contains(.showBanner(.enableNotifications)))
        // A warm start is the same session: no banner.
        #expect(controller.handle(.appResumed(offset: winter), now: now) == [.replan(.appOpened)])
        // A new session (a cold start) shows it once more.
        let opened = controller.handle(.appOpened(version: "1.0.0", offset: winter), now: now)
        #expect(opened.filter { $0 == .showBanner(.enableNotifications) }.count == 1)
        #expect(!controller.handle(.appResumed(offset: winter), now: now).contains(.showBanner(.enableNotifications)))
        #expect(!controller.handle(.modeToggled(.swimDog, on: true), now: now).contains(.showBanner(.enableNotifications)))
        #expect(controller.handle(.settingsBannerTapped, now: now) == [.openSettings, .log(.settingsDeepLink(at: now))])
        #expect(!controller.permission.mayAsk)
    }

    @Test func anAppUpdateCancelsAllAndReplansOnce() {
        var controller = onboarded(answer: .authorized)
        #expect(controller.handle(.appOpened(version: "1.0.0", offset: winter), now: now) == [.replan(.appOpened)])
        #expect(controller.handle(.appOpened(version: "1.1.0", offset: winter), now: now) == [.cancelAll, .replan(.appUpdated(offsetChange: nil))])
        #expect(controller.memory.storedVersion == "1.1.0")
        #expect(controller.handle(.appOpened(version: "1.1.0", offset: winter), now: now) == [.replan(.appOpened)])
        // An update installed across a DST change is both: one replan, with the offset change.
        let change = OffsetChange(old: winter, new: summer)
        #expect(controller.handle(.appOpened(version: "1.2.0", offset: summer), now: now) == [.cancelAll, .replan(.appUpdated(offsetChange: change))])
        #expect(ActivityController.ReplanTrigger.appUpdated(offsetChange: change).offsetChange == change)
        #expect(controller.handle(.appOpened(version: "1.2.0", offset: summer), now: now) == [.replan(.appOpened)])
    }

    @Test func anOffsetChangeIsADSTReschedule() {
        var controller = onboarded(answer: .authorized)
        let change = OffsetChange(old: winter, new: summer)
        #expect(controller.handle(.backgroundTask(offset: summer), now: now) == [.replan(.offsetChanged(change))])
        #expect(controller.handle(.deviceRestarted(offset: summer), now: now) == [.replan(.deviceRestarted)])
        #expect(controller.handle(.appResumed(offset: winter), now: now) == [.replan(.offsetChanged(OffsetChange(old: summer, new: winter)))])
        #expect(ActivityController.ReplanTrigger.offsetChanged(change).refreshReason == .timeZoneChanged)
        let event = AnalyticsEvent.dstReschedule(change, count: 5, at: now)
        #expect(event.fields["old_offset"] == "+02:00")
        #expect(event.fields["new_offset"] == "+03:00")
        #expect(event.fields["count_rescheduled"] == 5)
    }

    @Test func settingsChangesReplanWithTheNewSnapshot() {
        var controller = onboarded(answer: .authorized)
        let off = controller.handle(.modeToggled(.runSolo, on: false), now: now)
        var expected = luna
        expected.notificationPreferences.modeToggles[.runSolo] = false
        #expect(off == [.setState(ActivityState(profile: expected).appState), .replan(.settingsChanged)])
        #expect(controller.state.appState[ActivityState.Key.notify(.runSolo)] == false)
        _ = controller.handle(.masterSwitchChanged(on: false), now: now)
        #expect(ActivityMode.allCases.allSatisfy { controller.state.appState[ActivityState.Key.notify($0)] == false })
        _ = controller.handle(.presetChanged(.hardy), now: now)
        #expect(controller.state.profile?.thresholds["swim_solo"] == Preset.hardy.thresholds(for: .swimSolo))
        _ = controller.handle(.quietHoursChanged(.init(enabled: true, start: "23:00", end: "06:00")), now: now)
        #expect(controller.state.appState[ActivityState.Key.quietHours] == .object(["enabled": true, "start": "23:00", "end": "06:00"]))
    }

    func isWarning(_ action: ActivityController.Action) -> Bool {
        if case .showStaleWarning = action { true } else { false }
    }

    @Test func notificationsPauseWhenTheAppFindsTheForecastStaleAndTheWarningShowsAtEveryOpen() {
        var controller = onboarded(answer: .authorized)
        let place = Forecast.Location(id: "tel-aviv", name: "Tel Aviv", latitude: 32.08, longitude: 34.77, timezone: "Asia/Jerusalem")
        // Fetched fresh: nothing paused. Seven hours later a background task finds it old,
        // and holds: no pause, no warning nobody would see.
        _ = controller.handle(.forecastFetched(Forecast(location: place, fetchedAt: now, hourly: [])), now: now)
        let later = now.addingTimeInterval(7 * 3600)
        #expect(controller.handle(.backgroundTask(offset: winter), now: later) == [.replan(.backgroundTask)])
        #expect(!controller.state.notificationsPaused)
        // The user opens the app: notifications pause, and the warning says so.
        var paused = controller.state
        paused.notificationsPaused = true
        #expect(
            controller.handle(.appOpened(version: "1.0.0", offset: winter), now: later)
                == [.setState(paused.appState), .replan(.appOpened), .showStaleWarning("Forecast data is stale. Notifications paused until data refreshes.")])
        // Every time the app comes back while they are paused, the warning is there again.
        #expect(controller.handle(.appResumed(offset: winter), now: later).filter(isWarning).count == 1)
        #expect(controller.handle(.appOpened(version: "1.0.0", offset: winter), now: later).filter(isWarning).count == 1)
        // A forecast that is stale already keeps them paused; a fresh one lifts the pause.
        let old = Forecast(location: place, fetchedAt: later.addingTimeInterval(-8 * 3600), hourly: [])
        #expect(controller.handle(.forecastFetched(old), now: later).filter(isWarning).count == 1)
        #expect(controller.state.notificationsPaused)
        let fresh = Forecast(location: place, fetchedAt: later, hourly: [])
        let resumed = ActivityState(profile: luna, forecast: fresh)
        #expect(controller.handle(.forecastFetched(fresh), now: later) == [.setState(resumed.appState), .replan(.forecastFetched)])
        #expect(!controller.handle(.appOpened(version: "1.0.0", offset: winter), now: later).contains(where: isWarning))
    }

    @Test func tapsAndDismissalsAreLoggedAndLateTapsShowPast() {
        var controller = onboarded(answer: .authorized)
        let content = NotificationContent(
            title: "Swim window", body: "", userInfo: ["mode": "swim_solo", "window_start": "2026-03-24T07:00:00+02:00"],
            deepLink: "gonow://today?hour=2026-03-24T07:00&mode=swim_solo")
        let delivery = DeliveredNotification(id: "bugle.swim_solo.2026-03-24.0", date: instant("2026-03-24T06:30+02:00"), content: content)
        let late = instant("2026-03-24T09:00+02:00")
        let opened = controller.handle(.notificationOpened(delivery, openedAt: local("2026-03-24T09:00")), now: late)
        #expect(opened.first == .showToday(DeepLink(hour: local("2026-03-24T07:00"), mode: .swimSolo), label: "07:00 (past)"))
        #expect(opened.last == .log(.opened(mode: .swimSolo, notificationID: delivery.id, deepLink: content.deepLink!, at: late)))
        #expect(controller.handle(.notificationDismissed(delivery), now: late) == [.log(.dismissed(mode: .swimSolo, notificationID: delivery.id, at: late))])
        let fired = controller.handle(.notificationFired(delivery), now: late)
        #expect(fired == [.log(.fired(delivery))])
        if case .log(let event) = fired[0] {
            #expect(event.fields["window_start"] == "2026-03-24T07:00:00+02:00")
            #expect(event.timestamp == delivery.date)
        }
    }
}
