import Foundation

/// What a rule sees when it proposes candidates.
public struct PlanningContext: Sendable {
    /// The moment of planning; candidates at or before it are past.
    public var now: Date
    /// The device's calendar; its time zone is the device's zone.
    public var calendar: Calendar
    /// The device's zone rules, read once per plan.
    public var zone: ZoneRules
    /// The app's state snapshot.
    public var state: AppState
    /// Rules stop proposing candidates after this moment.
    public var lookaheadEnd: Date

    public init(now: Date, calendar: Calendar, state: AppState = AppState(), lookahead: TimeInterval = 400 * 86_400) {
        self.now = now
        self.calendar = calendar
        self.zone = ZoneRules(timeZone: calendar.timeZone, from: now.addingTimeInterval(-40 * 86_400), through: now.addingTimeInterval(lookahead))
        self.state = state
        self.lookaheadEnd = now.addingTimeInterval(lookahead)
    }

    /// The device's local date at `now`.
    public var today: LocalDate { zone.localDate(at: now) }
}

/// A value that yields notification candidates, lazily and in fire-time order.
///
/// Conform to add app-specific logic: a recipe's domain is just more rules. The planner
/// pulls from every rule's iterator through a heap, so a rule is asked only for as many
/// candidates as the budget can take.
public protocol Rule: Sendable {
    /// Unique among the scheduler's rules; part of every candidate id.
    var id: String { get }
    /// Slots this rule keeps in the budget even when other rules' candidates come sooner.
    var reserve: Int { get }
    /// When set, the rule proposes nothing unless the condition holds on the state snapshot.
    var condition: Condition? { get }
    /// The rule's candidates that fire after `context.now`, in ascending `fireDate` order.
    /// Past candidates (a one-shot whose time has gone) may be included: the planner
    /// reports them as `past`.
    func candidates(in context: PlanningContext) -> AnyIterator<Candidate>
}

extension Rule {
    public var reserve: Int { 0 }
    public var condition: Condition? { nil }
}
