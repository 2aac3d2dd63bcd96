import Bugle
import Foundation

/// The pure part of scheduling: which day comes first, how many facts to add, and what
/// the rule reads.
public enum FactSchedule {
    /// The most notifications a platform keeps pending (iOS and macOS): never more.
    public static let limit = 64

    /// How many facts to keep scheduled with `budget`: ``limit`` (64) on Apple's systems; on
    /// Android, whose limit the seed says is higher (500 alarms an app may hold), the plan's
    /// room: 450 with the default margin.
    public static func limit(for budget: Budget) -> Int {
        budget.platform.name == Platform.android.name ? budget.capacity() : limit
    }

    /// How far ahead the planner must look to plan every one of the ``limit(for:)`` facts
    /// `budget` holds: one day per fact, the first of them tomorrow at the latest, and a day
    /// more for the time of day and a daylight-saving shift. 66 days on Apple's systems, 452
    /// on Android (450 facts); the planner's default of 400 days covers the first, not the
    /// second. With a shorter lookahead the facts past it are planned as the days come.
    public static func lookahead(for budget: Budget) -> TimeInterval {
        TimeInterval(limit(for: budget) + 2) * 86_400
    }
    /// The app state key that holds the scheduled facts.
    public static let scheduleKey = "factsADay.schedule"
    /// The app state key that holds the notification time (`HH:MM`).
    public static let timeKey = "factsADay.time"

    /// The first day a new fact may fire: today when `time` is still ahead at `now`, else
    /// tomorrow.
    public static func firstDay(now: Date, zone: ZoneRules, time: LocalTime) -> LocalDate {
        let local = zone.localDateTime(at: now)
        let today = LocalDateTime(date: local.date, time: time)
        return zone.date(for: today) > now ? local.date : local.date.adding(days: 1)
    }

    /// The candidate id of the fact on `date`.
    public static func candidateID(for date: LocalDate) -> String { candidatePrefix + date.description }

    private static let candidatePrefix = "fact."

    /// The day of the fact whose candidate id is `candidateID` (``candidateID(for:)``), or
    /// `nil` when it is not one.
    public static func day(ofCandidateID candidateID: String) -> LocalDate? {
        guard candidateID.hasPrefix(candidatePrefix) else { return nil }
        return TimeParsing.localDate(String(candidateID.dropFirst(candidatePrefix.count)))
    }

    /// Days for `count` new facts after the upcoming ones: from `firstDay`, or the day after
    /// the last scheduled day when that is later.
    public static func days(count: Int, firstDay: LocalDate, lastScheduled: LocalDate?) -> [LocalDate] {
        let start = lastScheduled.map { max(firstDay, $0.adding(days: 1)) } ?? firstDay
        return (0..<max(0, count)).map { start.adding(days: $0) }
    }

    /// The first `count` days from `firstDay` that are not `taken`, in order: the days for new
    /// facts around those that already have theirs.
    ///
    /// - Complexity: O(*count* + *taken*).
    public static func days(count: Int, from firstDay: LocalDate, skipping taken: Set<LocalDate>) -> [LocalDate] {
        var days: [LocalDate] = []
        var day = firstDay
        while days.count < count {
            if !taken.contains(day) { days.append(day) }
            day = day.adding(days: 1)
        }
        return days
    }

    /// The app state the ``FactRule`` reads: `scheduled` and the time of day.
    public static func stateValues(for scheduled: [ScheduledFact], time: LocalTime) -> [String: JSONValue] {
        let entries: [JSONValue] = scheduled.map { item in
            var fields: [String: JSONValue] = [
                "date": .string(item.date.description), "factID": .int(item.fact.id), "body": .string(notificationBody(item.fact)),
            ]
            if let title = item.fact.title { fields["title"] = .string(title) }
            return .object(fields)
        }
        return [scheduleKey: .array(entries), timeKey: .string(time.description)]
    }

    /// What the notification says: the summary when the fact has one, else the whole text.
    public static func notificationBody(_ fact: Fact) -> String { fact.summary ?? fact.content }
}
