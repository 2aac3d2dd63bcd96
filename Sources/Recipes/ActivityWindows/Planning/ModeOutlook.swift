import Bugle
import Foundation

/// One mode's day: its ranked windows and what closed it.
public struct DayOutlook: Hashable, Sendable {
    /// The local day, on the device's clock.
    public var date: LocalDate
    /// The top windows, best first (at most ``WindowFinder/perDay``).
    public var windows: [ActivityWindow]
    /// Every scored hour of the day inside the mode's active hours.
    public var hours: [HourScore]
    /// Whether the forecast reaches the end of the day: only then are its windows known.
    public var complete: Bool

    /// The outlook of `date`: its ranked `windows`, its scored `hours`, and whether the
    /// forecast covers it to its end.
    public init(date: LocalDate, windows: [ActivityWindow], hours: [HourScore] = [], complete: Bool = true) {
        self.date = date
        self.windows = windows
        self.hours = hours
        self.complete = complete
    }

    /// The heat gate closed at least one active hour and no window is left: the day of a
    /// heat warning (run with the dog).
    public var closedByHeat: Bool { windows.isEmpty && hours.contains { $0.gate == .heat } }
}

/// A mode's days across a forecast, on the device's wall clock.
public struct ModeOutlook: Sendable {
    /// The mode scored.
    public var mode: ActivityMode
    /// Each local day with at least one forecast hour inside the mode's active hours.
    public var days: [LocalDate: DayOutlook]

    /// Scores every hour of `forecast` for `mode` and finds each local day's windows.
    public init(mode: ActivityMode, forecast: Forecast, thresholds: Thresholds, zone: ZoneRules, finder: WindowFinder = WindowFinder()) {
        self.mode = mode
        let scorer = Scorer(mode: mode, thresholds: thresholds)
        var byDay: [LocalDate: [HourScore]] = [:]
        for hour in forecast.hourly {
            let local = zone.localDateTime(at: hour.time)
            guard thresholds.activeHours.contains(local.time) else { continue }
            byDay[local.date, default: []].append(scorer.score(hour))
        }
        let end = forecast.end ?? forecast.fetchedAt
        var days: [LocalDate: DayOutlook] = [:]
        for (date, hours) in byDay {
            let nextMidnight = zone.date(for: LocalDateTime(date: date.adding(days: 1), time: .midnight))
            days[date] = DayOutlook(date: date, windows: finder.windows(in: hours), hours: hours, complete: end >= nextMidnight)
        }
        self.days = days
    }
}
