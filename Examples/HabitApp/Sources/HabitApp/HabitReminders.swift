import Bugle

/// A habit app's reminders, written as an adopting developer writes them, with Bugle's public
/// API only: one reminder a day at the time the user picked, gone for the day once the habit
/// is done, none during a vacation. The app gives ``rule(at:)`` to its `Scheduler` at launch
/// and calls the rest from its screens; each call refreshes the pending notifications.
public struct HabitReminders: Sendable {
    /// The habit rule's id: ``HabitReminders/rule(at:)`` gives it, the other calls name it.
    public static let ruleID = "habit"
    /// The app's scheduler; every call goes through it and refreshes.
    public let scheduler: Scheduler

    /// The reminders on the app's `scheduler`.
    public init(scheduler: Scheduler) { self.scheduler = scheduler }

    /// The daily reminder at `time`.
    public static func rule(at time: LocalTime) -> ScheduledRule {
        .daily(id: ruleID, at: time, title: "Time for your habit", body: "Two minutes keeps the streak going.")
    }

    /// The user picks another time. A reminder already shown today is not shown again.
    public func remind(at time: LocalTime) async throws { try await scheduler.setRule(Self.rule(at: time)) }

    /// The user did the habit on `day`: that day's reminder goes, the next days' stay.
    public func done(on day: LocalDate) async throws { try await scheduler.complete(Self.ruleID, on: day) }

    /// A vacation: no reminders from `first` through `last`.
    public func vacation(from first: LocalDate, through last: LocalDate) async throws {
        try await scheduler.pause(.all, from: first, through: last)
    }
}
