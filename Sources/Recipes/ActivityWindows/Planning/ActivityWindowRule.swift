import Bugle
import Foundation

/// The rule of one mode: from the forecast in the state snapshot to scored windows to the
/// notifications that announce them.
///
/// It proposes nothing unless the mode is on (`notify.<mode>` in the snapshot), so turning a
/// mode or the master switch off cancels its pending notifications at the next refresh. It
/// plans the days whose notifications fire within ``horizon`` (the next 48 hours), and only
/// days the forecast covers to their end.
public struct ActivityWindowRule: Rule {
    /// The mode it plans; also the rule's id and the candidates' group.
    public var mode: ActivityMode
    /// How far ahead notifications are planned.
    public var horizon: TimeInterval
    /// How the day's windows are found; by default spec v1's (average 70 or more, the top 2 a day).
    public var finder: WindowFinder

    /// The rule of `mode`, planning `horizon` seconds ahead (48 hours by default) with `finder`.
    public init(mode: ActivityMode, horizon: TimeInterval = 48 * 3600, finder: WindowFinder = WindowFinder()) {
        self.mode = mode
        self.horizon = horizon
        self.finder = finder
    }

    public var id: String { mode.rawValue }

    public var condition: Condition? { .equals(key: ActivityState.Key.notify(mode), value: true) }

    public func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        AnyIterator(candidateList(in: context).makeIterator())
    }

    /// The notifications that fire after `context.now` and within the horizon; none when the
    /// snapshot has no profile or no forecast.
    func notifications(_ state: ActivityState, in context: PlanningContext) -> [PlannedNotification] {
        guard let profile = state.profile, let forecast = state.forecast else { return [] }
        let outlook = ModeOutlook(mode: mode, forecast: forecast, thresholds: profile.thresholds(for: mode), zone: context.zone, finder: finder)
        let timing = NotificationTiming(quietHours: profile.notificationPreferences.quietHours.policy, zone: context.zone)
        let today = context.today
        let last = context.now.addingTimeInterval(horizon)
        var planned: [PlannedNotification] = []
        for offset in 0...Int(horizon / 86_400) {
            let date = today.adding(days: offset)
            guard let day = outlook.days[date], day.complete else { continue }
            for notification in timing.notifications(mode: mode, day: day, tomorrow: outlook.days[date.adding(days: 1)]) {
                let fire = context.zone.date(for: notification.fireTime)
                if fire > context.now, fire <= last { planned.append(notification) }
            }
        }
        return planned
    }

    func candidateList(in context: PlanningContext) -> [Candidate] {
        guard let state = try? ActivityState(appState: context.state), let profile = state.profile else { return [] }
        let templates = Templates(dogName: profile.dogName, zone: context.zone)
        return notifications(state, in: context).map { notification in
            let key = Self.dedupeKey(notification, zone: context.zone)
            // The occurrence is the window itself (its mode and start), heads-up apart: ids
            // count windows, so a new forecast or a moved quiet hour can give the same window
            // another id, but it is still the window the user was told about.
            return Candidate(
                id: notification.id.description, ruleID: id, fireTime: .wallClock(notification.fireTime),
                fireDate: context.zone.date(for: notification.fireTime),
                content: Self.content(notification, templates: templates), priority: notification.priority,
                group: mode.rawValue, dedupeKey: key, occurrence: notification.id.headsUp ? key + "/heads-up" : key)
        }.sorted { ($0.fireDate, -$0.priority, $0.id) < ($1.fireDate, -$1.priority, $1.id) }
    }

    /// The same window keeps the same key across forecasts and days: the mode and its start.
    static func dedupeKey(_ notification: PlannedNotification, zone: ZoneRules) -> String {
        guard let window = notification.window else { return "\(notification.mode.rawValue)@\(notification.id.date).heat" }
        return "\(notification.mode.rawValue)@\(zone.localDateTime(at: window.start))"
    }

    /// The notification's content: the template's words, the deep link, badge 0, the
    /// default sound, the `activity_window` category and what analytics log.
    static func content(_ notification: PlannedNotification, templates: Templates) -> NotificationContent {
        let zone = templates.zone
        let mode = notification.mode
        var info: [String: JSONValue] = [
            "mode": .string(mode.rawValue),
            "context": .string(notification.context.rawValue),
            "scoring_version": .string(Scorer.scoringVersion),
            "channel_id": .string(AndroidChannel.channel(for: mode).id),
            "android_id": .int(Int(notification.id.numeric)),
        ]
        let hour: LocalDateTime
        switch notification.kind {
        case .best(let window, _), .backup(let window, _), .tomorrow(let window):
            info["window_start"] = .string(ISO8601.string(from: window.start, rules: zone))
            info["window_end"] = .string(ISO8601.string(from: window.end, rules: zone))
            info["avg_score"] = .double((window.average * 10).rounded() / 10)
            hour = zone.localDateTime(at: window.start)
        case .heatWarning(let firstHotHour):
            hour = zone.localDateTime(at: firstHotHour)
        }
        return NotificationContent(
            title: templates.title(mode), body: templates.body(notification), sound: .default, badge: 0,
            threadID: mode.rawValue, categoryID: NotificationCategory.activityWindow.id, userInfo: info,
            deepLink: DeepLink(hour: hour, mode: mode).url)
    }
}
