import Bugle
import Foundation

/// One notification the timing rules call for, before it becomes a candidate.
public struct PlannedNotification: Hashable, Sendable {
    /// What it announces.
    public enum Kind: Hashable, Sendable {
        /// The day's best window, with the second one bundled in when there is one and it
        /// gets no 12:00 backup of its own.
        case best(ActivityWindow, bundled: ActivityWindow?)
        /// The second of two afternoon windows, at 12:00.
        case backup(ActivityWindow, best: ActivityWindow)
        /// Tomorrow's best window, the day before.
        case tomorrow(ActivityWindow)
        /// No window today because of the dog heat gate (run with the dog); the Today tab
        /// opens at the first hour the heat closed.
        case heatWarning(firstHotHour: Date)
    }

    public var id: NotificationID
    public var mode: ActivityMode
    /// On the device's wall clock.
    public var fireTime: LocalDateTime
    public var kind: Kind

    public init(id: NotificationID, mode: ActivityMode, fireTime: LocalDateTime, kind: Kind) {
        self.id = id
        self.mode = mode
        self.fireTime = fireTime
        self.kind = kind
    }

    /// The template context it uses.
    public var context: TemplateContext {
        switch kind {
        case .best(let window, _): window.average >= 85 ? .perfect : .good
        case .backup: .backup
        case .tomorrow: .tomorrow
        case .heatWarning: .heatWarning
        }
    }

    /// The window it is about, when it is about one.
    public var window: ActivityWindow? {
        switch kind {
        case .best(let window, _), .backup(let window, _), .tomorrow(let window): window
        case .heatWarning: nil
        }
    }

    /// Higher wins at equal fire times: the day's own notifications before the heads-up.
    public var priority: Int {
        switch kind {
        case .best, .heatWarning: 3
        case .backup: 2
        case .tomorrow: 1
        }
    }
}

/// When each notification fires: timing spec v1.
///
/// - The best window of the day is announced at 06:30. When the announcement covers a
///   morning window (one that starts before 12:00) and 06:30 is inside quiet hours, it
///   fires when quiet hours end instead, if that is still before the window ends.
/// - The second window is bundled into the 06:30 notification, except when both windows
///   are in the afternoon: then the second gets its own backup notification at 12:00.
/// - Tomorrow's best window, when the forecast covers tomorrow to its end (48 hours from
///   today's midnight), gets a heads-up at 06:30 the day before, if the mode has not used
///   both of today's slots already.
/// - Run with the dog, on a day the heat gate left without a window: a heat warning at 06:30.
///
/// Any other time inside quiet hours is not moved: the quiet-hours policy suppresses it.
public struct NotificationTiming: Sendable {
    public static let announcement = LocalTime(hour: 6, minute: 30)!
    public static let backup = LocalTime(hour: 12, minute: 0)!

    public var quietHours: QuietHours?
    public var zone: ZoneRules

    public init(quietHours: QuietHours?, zone: ZoneRules) {
        self.quietHours = quietHours
        self.zone = zone
    }

    /// Whether `window` starts at 12:00 or later on the device's clock.
    public func isAfternoon(_ window: ActivityWindow) -> Bool {
        zone.localDateTime(at: window.start).time >= Self.backup
    }

    /// The notifications that fire on `day.date`, in fire-time order.
    public func notifications(mode: ActivityMode, day: DayOutlook, tomorrow: DayOutlook?) -> [PlannedNotification] {
        var planned: [PlannedNotification] = []
        let windows = day.windows
        if let best = windows.first {
            let second = windows.count > 1 ? windows[1] : nil
            if let second, isAfternoon(best), isAfternoon(second) {
                planned.append(PlannedNotification(id: NotificationID(mode: mode, date: day.date, windowIndex: 0), mode: mode,
                                                   fireTime: announcementTime(day.date, morning: []), kind: .best(best, bundled: nil)))
                planned.append(PlannedNotification(id: NotificationID(mode: mode, date: day.date, windowIndex: 1), mode: mode,
                                                   fireTime: LocalDateTime(date: day.date, time: Self.backup), kind: .backup(second, best: best)))
            } else {
                let morning = [best, second].compactMap { $0 }.filter { !isAfternoon($0) }
                planned.append(PlannedNotification(id: NotificationID(mode: mode, date: day.date, windowIndex: 0), mode: mode,
                                                   fireTime: announcementTime(day.date, morning: morning), kind: .best(best, bundled: second)))
            }
        } else if mode == .runDog, day.closedByHeat, let hot = day.hours.first(where: { $0.gate == .heat }) {
            planned.append(PlannedNotification(id: NotificationID(mode: mode, date: day.date, windowIndex: 0), mode: mode,
                                               fireTime: announcementTime(day.date, morning: []), kind: .heatWarning(firstHotHour: hot.time)))
        }
        if planned.count < NotificationPreferences.perModeCap, let tomorrow, tomorrow.complete, let best = tomorrow.windows.first {
            planned.append(PlannedNotification(id: NotificationID(mode: mode, date: tomorrow.date, windowIndex: 0, headsUp: true), mode: mode,
                                               fireTime: announcementTime(day.date, morning: []), kind: .tomorrow(best)))
        }
        return planned
    }

    /// 06:30, or the end of quiet hours when 06:30 is inside them and the notification
    /// covers morning windows that are still on by then.
    func announcementTime(_ date: LocalDate, morning: [ActivityWindow]) -> LocalDateTime {
        let usual = LocalDateTime(date: date, time: Self.announcement)
        guard !morning.isEmpty, let quietHours, quietHours.contains(Self.announcement) else { return usual }
        let end = quietHours.windowEnd(containing: usual)
        let firstEnd = morning.map(\.end).min()!
        return zone.date(for: end) < firstEnd ? end : usual
    }
}
