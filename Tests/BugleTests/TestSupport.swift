import Bugle
import Foundation
import Testing

// Helpers shared by the core tests. Expected instants are built with Foundation's
// `Calendar` in UTC (or written as epoch seconds checked against Python's zoneinfo), never
// with Bugle's own time code, so that a test can catch a bug in that code.

/// The zones the requirements name: two northern zones on different rules, two southern
/// zones (one with a 30-minute shift), and a zone whose DST starts on a Friday.
let dstZones = ["America/New_York", "Europe/London", "Australia/Sydney", "Asia/Jerusalem", "Australia/Lord_Howe"]

func zone(_ identifier: String) -> TimeZone {
    guard let zone = TimeZone(identifier: identifier) else { fatalError("unknown zone \(identifier)") }
    return zone
}

func gregorian(_ identifier: String) -> Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone(identifier)
    return calendar
}

func day(_ year: Int, _ month: Int, _ day: Int) -> LocalDate {
    do { return try LocalDate(year: year, month: month, day: day) } catch { fatalError("\(error)") }
}

func time(_ hour: Int, _ minute: Int, _ second: Int = 0) -> LocalTime {
    do { return try LocalTime(hour: hour, minute: minute, second: second) } catch { fatalError("\(error)") }
}

func wall(_ year: Int, _ month: Int, _ dayOfMonth: Int, _ hour: Int, _ minute: Int, _ second: Int = 0) -> LocalDateTime {
    LocalDateTime(date: day(year, month, dayOfMonth), time: time(hour, minute, second))
}

/// The instant with these UTC components, computed by Foundation.
func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    return gregorian("UTC").date(from: components)!
}

/// The instant a wall clock in `zoneID` shows these components, computed by Foundation.
/// Only for wall times that exist exactly once (Foundation's own gap rules are not under test).
func at(_ zoneID: String, _ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> Date {
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
    return gregorian(zoneID).date(from: components)!
}

/// What a wall clock in `zoneID` shows at `date`, according to Foundation.
struct Wall: Hashable, CustomStringConvertible {
    var year, month, day, hour, minute, second: Int
    var description: String { String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second) }
}

func wallClock(_ date: Date, in zoneID: String) -> Wall {
    let c = gregorian(zoneID).dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return Wall(year: c.year!, month: c.month!, day: c.day!, hour: c.hour!, minute: c.minute!, second: c.second!)
}

func content(_ title: String = "Reminder", body: String = "Body") -> NotificationContent {
    NotificationContent(title: title, body: body)
}

/// A budget with room for `capacity` requests and no safety margin.
func budget(_ capacity: Int) -> Budget { Budget(platform: .custom(capacity), safetyMargin: 0) }

func daily(
    _ id: String, _ hour: Int, _ minute: Int, priority: Int = 0, group: String? = nil, dedupeKey: String? = nil, relevance: TimeInterval? = nil,
    title: String? = nil, condition: Condition? = nil, reserve: Int = 0
) -> ScheduledRule {
    ScheduledRule(
        id: id, schedule: .daily(time(hour, minute)), content: content(title ?? id), priority: priority, group: group, dedupeKey: dedupeKey,
        relevance: relevance, condition: condition, reserve: reserve)
}

func once(
    _ id: String, _ local: LocalDateTime, priority: Int = 0, group: String? = nil, dedupeKey: String? = nil, relevance: TimeInterval? = nil,
    condition: Condition? = nil, reserve: Int = 0
) -> ScheduledRule {
    ScheduledRule(
        id: id, schedule: .once(local), content: content(id), priority: priority, group: group, dedupeKey: dedupeKey, relevance: relevance,
        condition: condition, reserve: reserve)
}

/// Every candidate a rule proposes, up to `limit`.
func allCandidates(_ rule: some Rule, _ context: PlanningContext, limit: Int = 10_000) -> [Candidate] {
    var result: [Candidate] = []
    let iterator = rule.candidates(in: context)
    while result.count < limit, let next = iterator.next() { result.append(next) }
    return result
}

extension Plan {
    /// Candidate ids of the plan, in plan order.
    var candidateIDs: [String] { entries.map(\.candidate.id) }
    func entry(_ candidateID: String) -> PlanEntry? { entries.first { $0.candidate.id == candidateID } }
    func drop(_ candidateID: String) -> DroppedCandidate? { report.dropped.first { $0.candidate.id == candidateID } }
}

func delivery(_ id: String, at date: Date, group: String? = nil, dedupeKey: String? = nil, ruleID: String? = nil) -> DeliveredNotification {
    DeliveredNotification(id: id, date: date, content: content(id), ruleID: ruleID, group: group, dedupeKey: dedupeKey)
}
