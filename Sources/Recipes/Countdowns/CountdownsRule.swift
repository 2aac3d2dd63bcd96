import Bugle
import Foundation

/// The one rule of the recipe: the reminders of every event's next occurrence, read from
/// the app's state under ``Countdowns/stateKey``.
///
/// The scheduler's reconcile keeps the center equal to it: a reminder of a deleted or
/// changed event is an orphan and is cancelled, a new one is scheduled, an unchanged one is
/// left alone. Its candidates are zoned instants, each in its event's zone.
public struct CountdownsRule: Rule {
    /// The rule's id and the start of every candidate id.
    public static let ruleID = "countdowns"

    /// ``ruleID``.
    public var id: String { Self.ruleID }

    /// The candidate id of the reminder `reminderID`: `countdowns@<reminder id>`.
    static func candidateID(forReminder reminderID: String) -> String { ruleID + "@" + reminderID }

    /// The rule.
    public init() {}

    /// Every event's reminders after `context.now`, soonest first (ties by id), for the
    /// entitlements the state holds (``Countdowns/entitlements(in:)``): checked again at
    /// every sync, so a lapsed subscription's Pro reminders are cancelled at the next
    /// refresh even before the app rebuilds its events. State that does not hold events in
    /// the stored shape (never the case when it comes from ``Countdowns/state()``) proposes
    /// nothing.
    ///
    /// - Complexity: O(*n* log *n*) for *n* reminders, after reading the events.
    public func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        let events = (try? Countdowns.events(in: context.state)) ?? []
        let entitlements = Countdowns.entitlements(in: context.state)
        let candidates = events.flatMap { $0.reminders(at: context.now, entitlements: entitlements) }
            .map(\.candidate)
            .sorted { ($0.fireDate, $0.id) < ($1.fireDate, $1.id) }
        return AnyIterator(candidates.makeIterator())
    }
}
