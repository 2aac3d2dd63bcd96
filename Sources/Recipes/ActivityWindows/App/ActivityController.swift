import Bugle
import Foundation

/// The app's notification logic as a state machine: feed it what happened, perform the
/// actions it returns.
///
/// It keeps the profile, the latest forecast and whether notifications are paused for stale
/// data (and hands the planner their snapshot), the stored app version and the last seen UTC
/// offset (to tell an app update and a DST change), and the permission flow. The shell, an
/// app or the simulator, switches over the ``Action``s: write the snapshot, refresh the
/// scheduler, cancel everything, show a banner, log an event.
///
/// ```swift
/// var controller = ActivityController()
/// for action in controller.handle(.appOpened(version: "1.1.0", offset: 10_800), now: now) {
///     switch action {
///     case .replan(let trigger):
///         let result = try await scheduler.refresh(reason: trigger.refreshReason)
///         AnalyticsEvent.events(for: result, offsetChange: trigger.offsetChange, zone: zone, at: now).forEach(log)
///     …
///     }
/// }
/// ```
public struct ActivityController: Sendable {
    /// What the app keeps between launches.
    public struct Memory: Hashable, Sendable, Codable {
        /// The app version of the last launch: a different one is an update.
        public var storedVersion: String?
        /// The device zone's UTC offset at the last replan, in seconds.
        public var lastOffset: Int?
        /// What the permission flow remembers: whether the user declined the explanation and
        /// whether the system prompt was shown.
        public var permission = PermissionFlow.Memory()

        /// Nothing stored yet: a first launch.
        public init() {}
    }

    /// Why the notifications are planned again.
    public enum ReplanTrigger: Hashable, Sendable {
        /// Onboarding was completed.
        case onboardingCompleted
        /// The preset, a mode toggle, the master switch or quiet hours changed in Settings.
        case settingsChanged
        /// The app was launched or came back to the foreground (a cold or warm start), with the
        /// same UTC offset as the last replan.
        case appOpened
        /// A new forecast was fetched.
        case forecastFetched
        /// The zone's offset changed (a DST change): logged as `notif_dst_reschedule`.
        case offsetChanged(OffsetChange)
        /// The first launch of a new version, after everything pending was cancelled; with
        /// the offset change when the zone's offset changed since the last replan too (an
        /// update installed across a DST change), logged as `notif_dst_reschedule` as well.
        case appUpdated(offsetChange: OffsetChange?)
        /// The device restarted, with the same UTC offset as the last replan.
        case deviceRestarted
        /// The background refresh task ran, with the same UTC offset as the last replan.
        case backgroundTask
        /// The system answered an authorization request.
        case permissionChanged

        /// The scheduler's word for it.
        public var refreshReason: RefreshReason {
            switch self {
            case .onboardingCompleted, .settingsChanged, .forecastFetched: .dataChanged
            case .appOpened: .foreground
            case .offsetChanged: .timeZoneChanged
            case .appUpdated: .appUpdated
            case .deviceRestarted, .backgroundTask: .backgroundTask
            case .permissionChanged: .permissionChanged
            }
        }

        /// The change of the zone's offset this replan answers, when there is one: the
        /// replan's `notif_dst_reschedule` counts what it changed.
        public var offsetChange: OffsetChange? {
            switch self {
            case .offsetChanged(let change): change
            case .appUpdated(let change): change
            default: nil
            }
        }
    }

    /// What happened.
    public enum Input: Hashable, Sendable {
        /// Onboarding is done: the profile, the app version and the zone's offset now.
        case onboardingCompleted(UserProfile, version: String, offset: Int)
        /// The user answered the app's own explanation before the system prompt.
        case explanationAnswered(accepted: Bool)
        /// The system answered an authorization request.
        case authorizationAnswered(AuthorizationStatus)
        /// The app read the system's authorization status (at a start, or back from Settings,
        /// where the user may have allowed notifications): the banner shows only while denied.
        case authorizationRead(AuthorizationStatus)
        /// The app was launched (a cold start): a new session.
        case appOpened(version: String, offset: Int)
        /// The app came back to the foreground (a warm start): the same session.
        case appResumed(offset: Int)
        /// The background refresh task ran.
        case backgroundTask(offset: Int)
        /// The device restarted and the background task was registered again.
        case deviceRestarted(offset: Int)
        /// A forecast was fetched: it replaces the previous one, and the freshness check pauses
        /// notifications if it is older than 6 hours or lifts the pause if it is not.
        case forecastFetched(Forecast)
        /// The user picked a preset in Settings: its thresholds replace the profile's.
        case presetChanged(Preset)
        /// The user turned a mode's toggle on or off in Settings; turning one on without
        /// permission may ask for it or offer the Settings banner.
        case modeToggled(ActivityMode, on: Bool)
        /// The user turned the master switch (`notification_preferences.enabled`) on or off;
        /// turning it on without permission may ask for it or offer the Settings banner.
        case masterSwitchChanged(on: Bool)
        /// The user changed quiet hours in Settings.
        case quietHoursChanged(NotificationPreferences.QuietHoursSetting)
        /// The user tapped "Open Settings" on the banner.
        case settingsBannerTapped
        /// The system showed a notification.
        case notificationFired(DeliveredNotification)
        /// The user tapped a notification; `openedAt` is the device's wall clock then.
        case notificationOpened(DeliveredNotification, openedAt: LocalDateTime)
        /// The user swiped a notification away (Android).
        case notificationDismissed(DeliveredNotification)
        /// A replan's plan was applied: `candidateIDs` are its candidates. They join those
        /// planned from the current forecast (``ActivityState/plannedFromForecast``), which a
        /// restart plans again even from a forecast older than 3 hours.
        case planned(candidateIDs: Set<String>)
    }

    /// What the shell should do, in order.
    public enum Action: Hashable, Sendable {
        /// Replace the planner's state snapshot with this one.
        case setState(AppState)
        /// Remove every pending notification of the app (an app update), logging each as cancelled.
        case cancelAll
        /// Refresh the scheduler; when the trigger has an ``ReplanTrigger/offsetChange``, log
        /// `notif_dst_reschedule` with the number of notifications the refresh scheduled
        /// again (``AnalyticsEvent/events(for:offsetChange:zone:at:)``).
        case replan(ReplanTrigger)
        /// Show the app's explanation of why it wants notifications.
        case showExplanation
        /// Ask the system for authorization, full or provisional.
        case requestAuthorization(provisional: Bool)
        /// Show the banner (at most once per session: from one cold start to the next).
        case showBanner(SettingsBanner)
        /// Open the system's notification settings for the app.
        case openSettings
        /// Show the stale-data warning: notifications are paused. It comes each time the app
        /// comes to the foreground while they are, never from the background.
        case showStaleWarning(String)
        /// Open the Today tab on the link's mode and hour, with its label (`07:00 (past)`).
        case showToday(DeepLink, label: String)
        /// Log an event (and pass it on when the user opted in).
        case log(AnalyticsEvent)
    }

    /// The warning shown while notifications are paused because the forecast is too old.
    public static let staleWarning = "Forecast data is stale. Notifications paused until data refreshes."

    /// The profile, the latest forecast and the pause: what the planner's snapshot is made of.
    public private(set) var state: ActivityState
    /// What the app keeps between launches; store it after each handled input.
    public private(set) var memory: Memory
    /// The permission flow: the authorization status and when to ask or offer Settings.
    public private(set) var permission: PermissionFlow
    /// `ios` or `android`, for the permission events.
    public var platform: String

    /// Starts from `state`, the stored `memory` (a fresh ``ActivityController/Memory`` on a first
    /// launch), the system's authorization `status`, and the `platform` (`ios` or `android`).
    public init(state: ActivityState = ActivityState(), memory: Memory = Memory(), status: AuthorizationStatus = .notDetermined, platform: String = "ios") {
        self.state = state
        self.memory = memory
        self.platform = platform
        // Ask after onboarding's notifications screen, after the app's own explanation; a
        // user who declines it gets provisional (quiet) notifications instead on iOS. Android
        // has no provisional notifications: a declined explanation is never asked again, and
        // the Settings banner shows while notifications are denied.
        self.permission = PermissionFlow(
            policy: .afterValueMoment(delay: 0, explanation: true), onExplanationDeclined: platform == "android" ? .neverAskAgain : .requestProvisional,
            status: status, memory: memory.permission)
    }

    /// Whether events go on to the analytics backend.
    public var analyticsOptIn: Bool { state.profile?.privacy.analyticsOptIn ?? false }

    /// Advances the machine; returns what to do, in order.
    public mutating func handle(_ input: Input, now: Date) -> [Action] {
        defer { memory.permission = permission.memory }
        switch input {
        case .onboardingCompleted(let profile, let version, let offset):
            state.profile = profile
            memory.storedVersion = version
            memory.lastOffset = offset
            var actions: [Action] = [.setState(state.appState), .replan(.onboardingCompleted)]
            for step in permission.handle(.valueMoment, now: now) + permission.handle(.promptDue, now: now) {
                actions += permissionActions(step)
            }
            return actions
        case .explanationAnswered(let accepted):
            return permission.handle(accepted ? .explanationAccepted : .explanationDeclined, now: now).flatMap(permissionActions)
        case .authorizationAnswered(let status):
            _ = permission.handle(.systemAnswered(status), now: now)
            var actions: [Action] =
                status.allowsDelivery
                ? [.log(.permissionGranted(platform: platform, provisional: status == .provisional, at: now))]
                : [.log(.permissionDenied(platform: platform, at: now))]
            actions.append(.replan(.permissionChanged))
            return actions + offerSettingsIfDenied(now: now)
        case .authorizationRead(let status):
            _ = permission.handle(.statusRead(status), now: now)
            return []
        case .appOpened(let version, let offset):
            _ = permission.handle(.sessionStarted, now: now)
            var actions: [Action] = checkFreshness(now: now) ? [.setState(state.appState)] : []
            if let stored = memory.storedVersion, stored != version {
                actions += [.cancelAll, .replan(.appUpdated(offsetChange: offsetChange(to: offset)))]
            } else {
                actions.append(.replan(trigger(offset: offset, otherwise: .appOpened)))
            }
            memory.storedVersion = version
            return actions + staleWarning() + offerSettingsIfDenied(now: now)
        case .appResumed(let offset):
            let actions: [Action] = checkFreshness(now: now) ? [.setState(state.appState)] : []
            return actions + [.replan(trigger(offset: offset, otherwise: .appOpened))] + staleWarning()
        case .backgroundTask(let offset):
            return [.replan(trigger(offset: offset, otherwise: .backgroundTask))]
        case .deviceRestarted(let offset):
            return [.replan(trigger(offset: offset, otherwise: .deviceRestarted))]
        case .forecastFetched(let forecast):
            state.forecast = forecast
            state.plannedFromForecast = []
            checkFreshness(now: now)
            return [.setState(state.appState), .replan(.forecastFetched)] + staleWarning()
        case .presetChanged(let preset):
            state.profile?.apply(preset)
            return settingsChanged()
        case .modeToggled(let mode, let on):
            state.profile?.notificationPreferences.modeToggles[mode] = on
            return settingsChanged() + (on ? settingTurnedOn(mode.rawValue, now: now) : [])
        case .masterSwitchChanged(let on):
            state.profile?.notificationPreferences.enabled = on
            return settingsChanged() + (on ? settingTurnedOn("notifications", now: now) : [])
        case .quietHoursChanged(let setting):
            state.profile?.notificationPreferences.quietHours = setting
            return settingsChanged()
        case .settingsBannerTapped:
            return [.openSettings, .log(.settingsDeepLink(at: now))]
        case .notificationFired(let delivery):
            return [.log(.fired(delivery))]
        case .notificationOpened(let delivery, let local):
            guard let text = delivery.content.deepLink, let link = DeepLink(url: text) else { return [] }
            return [
                .showToday(link, label: link.label(openedAt: local)),
                .log(.opened(mode: link.mode, notificationID: delivery.id, deepLink: text, at: now)),
            ]
        case .notificationDismissed(let delivery):
            guard let mode = NotificationID(delivery.id)?.mode else { return [] }
            return [.log(.dismissed(mode: mode, notificationID: delivery.id, at: now))]
        case .planned(let candidateIDs):
            guard state.forecast != nil, !candidateIDs.isSubset(of: state.plannedFromForecast) else { return [] }
            state.plannedFromForecast.formUnion(candidateIDs)
            return [.setState(state.appState)]
        }
    }

    private func settingsChanged() -> [Action] {
        [.setState(state.appState), .replan(.settingsChanged)]
    }

    /// A DST reschedule when the offset changed since the last replan, else `otherwise`.
    private mutating func trigger(offset: Int, otherwise: ReplanTrigger) -> ReplanTrigger {
        offsetChange(to: offset).map(ReplanTrigger.offsetChanged) ?? otherwise
    }

    /// The change from the offset of the last replan to `offset`, if any; `offset` is the
    /// last one from now on.
    private mutating func offsetChange(to offset: Int) -> OffsetChange? {
        defer { memory.lastOffset = offset }
        guard let last = memory.lastOffset, last != offset else { return nil }
        return OffsetChange(old: last, new: offset)
    }

    /// The app's freshness check, in the foreground or with a new forecast: notifications
    /// are paused while the forecast is older than 6 hours. Returns whether that changed.
    @discardableResult
    private mutating func checkFreshness(now: Date) -> Bool {
        let stale = state.forecast.map { $0.age(at: now) > ForecastStaleness.pauseAfter } ?? false
        defer { state.notificationsPaused = stale }
        return stale != state.notificationsPaused
    }

    /// The warning, while notifications are paused.
    private func staleWarning() -> [Action] {
        state.notificationsPaused ? [.showStaleWarning(Self.staleWarning)] : []
    }

    private mutating func offerSettingsIfDenied(now: Date) -> [Action] {
        guard permission.status == .denied else { return [] }
        return settingTurnedOn("notifications", now: now)
    }

    private mutating func settingTurnedOn(_ setting: String, now: Date) -> [Action] {
        permission.handle(.settingTurnedOn(setting), now: now).flatMap(permissionActions)
    }

    private func permissionActions(_ action: PermissionFlow.Action) -> [Action] {
        switch action {
        case .showExplanation: [.showExplanation]
        case .requestAuthorization(let provisional): [.requestAuthorization(provisional: provisional)]
        case .offerSettings: [.showBanner(.enableNotifications)]
        case .schedulePrompt, .enableSetting, .keepSettingOff, .proceed, .blockProceeding: []
        }
    }
}
