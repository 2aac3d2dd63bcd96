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

    /// Its deterministic id.
    public var id: NotificationID
    /// The mode it is for.
    public var mode: ActivityMode
    /// On the device's wall clock.
    public var fireTime: LocalDateTime
    /// What it announces, with the windows it speaks of.
    public var kind: Kind

    /// A notification of `mode` firing at `fireTime` (wall clock) to announce `kind`.
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
/// - The day's *announcement slot* is 06:30. When 06:30 is inside quiet hours, the slot
///   is the end of quiet hours instead (07:00 for 22:00–07:00), as long as they end the
///   same day; the seed moves the 06:30 notification there, and everything that fires at
///   06:30 shares it.
/// - The best window of the day is announced in the slot. A window that is over by then
///   is not announced; the next one takes its place.
/// - The second window is bundled into the announcement, except when both windows are in
///   the afternoon: then the second gets its own backup notification at 12:00 (bundled
///   after all when the slot is 12:00 or later).
/// - Tomorrow's best window, when the forecast covers tomorrow to its end (48 hours from
///   today's midnight), gets a heads-up in the slot the day before, if the mode has not
///   used both of today's slots already.
/// - Run with the dog, on a day the heat gate left without a window: a heat warning in
///   the slot.
///
/// Any other time inside quiet hours (a 12:00 backup inside them, or 06:30 when quiet
/// hours run on into the next day) is not moved: the quiet-hours policy suppresses it.
public struct NotificationTiming: Sendable {
    /// 06:30: the seed's time for the day's announcement (best window or heat warning) and
    /// tomorrow's heads-up.
    public static let announcement: LocalTime = "06:30"
    /// 12:00: the seed's time for the backup of a second afternoon window.
    public static let backup: LocalTime = "12:00"

    /// The user's quiet hours, `nil` when off: when 06:30 falls inside them and they end that
    /// day, the announcement moves to their end.
    public var quietHours: QuietHours?
    /// The device's zone rules, to tell fire times and window starts on the wall clock.
    public var zone: ZoneRules

    /// Timing under `quietHours` (`nil`: none) on `zone`'s wall clock.
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
        let slot = announcementTime(day.date)
        let announced = zone.date(for: slot)
        let windows = day.windows.filter { $0.end > announced }
        func planned(_ id: NotificationID, at time: LocalDateTime, _ kind: PlannedNotification.Kind) -> PlannedNotification {
            PlannedNotification(id: id, mode: mode, fireTime: time, kind: kind)
        }
        let best = NotificationID(mode: mode, date: day.date, windowIndex: 0)
        var result: [PlannedNotification] = []
        if let first = windows.first {
            let second = windows.dropFirst().first
            let backup = LocalDateTime(date: day.date, time: Self.backup)
            if let second, isAfternoon(first), isAfternoon(second), backup > slot {
                result.append(planned(best, at: slot, .best(first, bundled: nil)))
                result.append(planned(NotificationID(mode: mode, date: day.date, windowIndex: 1), at: backup, .backup(second, best: first)))
            } else {
                result.append(planned(best, at: slot, .best(first, bundled: second)))
            }
        } else if mode == .runDog, day.closedByHeat, let hot = day.hours.first(where: { $0.gate == .heat }) {
            result.append(planned(best, at: slot, .heatWarning(firstHotHour: hot.time)))
        }
        if result.count < NotificationPreferences.perModeCap, let tomorrow, tomorrow.complete, let window = tomorrow.windows.first {
            result.append(planned(NotificationID(mode: mode, date: tomorrow.date, windowIndex: 0, headsUp: true), at: slot, .tomorrow(window)))
        }
        return result
    }

    /// The announcement slot of `date`: 06:30, or the end of quiet hours when 06:30 is
    /// inside them and they end that day.
    public func announcementTime(_ date: LocalDate) -> LocalDateTime {
        let usual = LocalDateTime(date: date, time: Self.announcement)
        guard let quietHours, quietHours.contains(Self.announcement) else { return usual }
        let end = quietHours.windowEnd(containing: usual)
        return end.date == date ? end : usual
    }
}
