import Foundation

/// One-line rules for the common schedules: daily, weekly, every few days, once.
///
/// They build a ``ScheduledRule`` and are found wherever a rule is expected, so a planner's
/// rules read as a list:
///
/// ```swift
/// let rules: [any Rule] = [
///     .daily(id: "morning", at: "08:30", title: "Good morning", body: "Time for today's puzzle"),
///     .weekly(id: "gym", on: [.monday, .thursday], at: "18:00", title: "Gym", body: "Leg day", group: "fitness"),
///     .every(id: "plants", days: 3, at: "19:00", from: "2026-03-01", title: "Water the plants", body: "The ficus too"),
///     .once(id: "launch", at: "2026-03-01T09:00", title: "We're live", body: "Open the app to see what's new"),
/// ]
/// ```
///
/// Each shows a `title` and a `body`. The common options have defaults: no `group`,
/// `priority` 0, no `condition`, and a ``TimeBasis/wallClock`` basis ("08:30 wherever I
/// am"). For a whole ``NotificationContent`` (a sound, a thread, a category, a deep link), a
/// `start`, `end`, `count`, `dedupeKey`, `relevance` or `reserve`, set the property on the
/// returned rule or use
/// ``ScheduledRule/init(id:schedule:basis:content:priority:group:dedupeKey:relevance:start:end:count:condition:reserve:)``,
/// which reads as well with literals:
/// `ScheduledRule(id: "gym", schedule: .weekly([.monday, .thursday], "18:00"), content: content)`.
/// The ids of the candidates are the ones ``ScheduledRule`` gives: `id@YYYY-MM-DD` for a
/// repeating rule, `id` for a one-shot.
extension Rule where Self == ScheduledRule {
    /// Every day at `time`: `.daily(id: "morning", at: "08:30", title: "Good morning", body: "…")`.
    ///
    /// - Parameters:
    ///   - id: Unique among the planner's rules; the start of every candidate id.
    ///   - time: The time of day, on the device's wall clock (or in the `basis` zone).
    ///   - title: The notification's title.
    ///   - body: The notification's body.
    ///   - group: The group caps and quiet-hours overrides count by.
    ///   - priority: Higher wins at equal times and for budget slots; any `Int`, 0 by default.
    ///   - condition: When set, the rule proposes nothing unless it holds on the app's state.
    ///   - basis: Whether the time follows the device's zone (the default) or stays in a zone.
    public static func daily(
        id: String, at time: LocalTime, title: String, body: String,
        group: String? = nil, priority: Int = 0, condition: Condition? = nil, basis: TimeBasis = .wallClock
    ) -> ScheduledRule {
        titled(id, .daily(time), title, body, group, priority, condition, basis)
    }

    /// On the given days of the week at `time`:
    /// `.weekly(id: "gym", on: [.monday, .thursday], at: "08:30", title: "Gym", body: "…")`.
    ///
    /// - Parameters:
    ///   - id: Unique among the planner's rules; the start of every candidate id.
    ///   - weekdays: The days of the week, in the device's zone (or the `basis` zone); an
    ///     empty set never fires.
    ///   - time: The time of day on those days.
    ///   - title: The notification's title.
    ///   - body: The notification's body.
    ///   - group: The group caps and quiet-hours overrides count by.
    ///   - priority: Higher wins at equal times and for budget slots; any `Int`, 0 by default.
    ///   - condition: When set, the rule proposes nothing unless it holds on the app's state.
    ///   - basis: Whether the time follows the device's zone (the default) or stays in a zone.
    public static func weekly(
        id: String, on weekdays: Set<Weekday>, at time: LocalTime, title: String, body: String,
        group: String? = nil, priority: Int = 0, condition: Condition? = nil, basis: TimeBasis = .wallClock
    ) -> ScheduledRule {
        titled(id, .weekly(weekdays, time), title, body, group, priority, condition, basis)
    }

    /// Every `days` days at `time`, counted from `anchor`:
    /// `.every(id: "plants", days: 3, at: "19:00", from: "2026-03-01", title: "Water", body: "…")`
    /// fires on March 1, 4, 7, …
    ///
    /// - Parameters:
    ///   - id: Unique among the planner's rules; the start of every candidate id.
    ///   - days: The step, 1 or more (1 is daily); less than 1 counts as 1, and more than
    ///     2^22 (about 11,000 years) as 2^22.
    ///   - time: The time of day on those days.
    ///   - anchor: The first day, and the day the steps count from; days before it never fire.
    ///   - title: The notification's title.
    ///   - body: The notification's body.
    ///   - group: The group caps and quiet-hours overrides count by.
    ///   - priority: Higher wins at equal times and for budget slots; any `Int`, 0 by default.
    ///   - condition: When set, the rule proposes nothing unless it holds on the app's state.
    ///   - basis: Whether the time follows the device's zone (the default) or stays in a zone.
    public static func every(
        id: String, days: Int, at time: LocalTime, from anchor: LocalDate, title: String, body: String,
        group: String? = nil, priority: Int = 0, condition: Condition? = nil, basis: TimeBasis = .wallClock
    ) -> ScheduledRule {
        titled(id, .every(days: days, time: time, anchor: anchor), title, body, group, priority, condition, basis)
    }

    /// Once, when the wall clock shows `local`:
    /// `.once(id: "launch", at: "2026-03-01T09:00", title: "We're live", body: "…")`. The
    /// candidate's id is `id` itself.
    ///
    /// - Parameters:
    ///   - id: Unique among the planner's rules; the start of every candidate id.
    ///   - local: The date and time on the device's wall clock (or in the `basis` zone). A
    ///     time inside a daylight-saving gap moves forward by the gap; a time that occurs
    ///     twice fires at the first.
    ///   - title: The notification's title.
    ///   - body: The notification's body.
    ///   - group: The group caps and quiet-hours overrides count by.
    ///   - priority: Higher wins at equal times and for budget slots; any `Int`, 0 by default.
    ///   - condition: When set, the rule proposes nothing unless it holds on the app's state.
    ///   - basis: Whether the time follows the device's zone (the default) or stays in a zone.
    public static func once(
        id: String, at local: LocalDateTime, title: String, body: String,
        group: String? = nil, priority: Int = 0, condition: Condition? = nil, basis: TimeBasis = .wallClock
    ) -> ScheduledRule {
        titled(id, .once(local), title, body, group, priority, condition, basis)
    }

    /// Once, at the instant `date` wherever the device is (an event's start from a server):
    /// `.once(id: "kickoff", at: event.start, title: "Kick-off", body: "…")`. The candidate's
    /// id is `id` itself.
    ///
    /// There is no basis: an instant is the same in every zone.
    ///
    /// - Parameters:
    ///   - id: Unique among the planner's rules; the start of every candidate id.
    ///   - date: The moment it fires.
    ///   - title: The notification's title.
    ///   - body: The notification's body.
    ///   - group: The group caps and quiet-hours overrides count by.
    ///   - priority: Higher wins at equal times and for budget slots; any `Int`, 0 by default.
    ///   - condition: When set, the rule proposes nothing unless it holds on the app's state.
    public static func once(
        id: String, at date: Date, title: String, body: String,
        group: String? = nil, priority: Int = 0, condition: Condition? = nil
    ) -> ScheduledRule {
        titled(id, .onceAt(date), title, body, group, priority, condition, .wallClock)
    }

    /// The rule `id` on `schedule`, showing `title` and `body`: what every builder makes.
    /// The parameters are the builders'.
    private static func titled(
        _ id: String, _ schedule: Schedule, _ title: String, _ body: String, _ group: String?, _ priority: Int, _ condition: Condition?, _ basis: TimeBasis
    ) -> ScheduledRule {
        ScheduledRule(
            id: id, schedule: schedule, basis: basis, content: NotificationContent(title: title, body: body),
            priority: priority, group: group, condition: condition)
    }
}
