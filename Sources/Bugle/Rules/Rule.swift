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
    /// What each learning rule has learned of its send time, by rule id
    /// (``PlanInput/learning``); a rule with none starts learning today.
    public var learning: [String: SendTimeState] = [:]
    /// Seeds the learners' draws (``PlanInput/learningSeed``).
    public var learningSeed: UInt64 = 0
    /// What each rule with several texts has learned of them, by rule id
    /// (``PlanInput/copyLearning``); a rule with none starts from its prior.
    public var copyLearning: [String: CopyState] = [:]

    /// The longest lookahead: 3,660 days, ten years. Apps plan days to months ahead; a
    /// longer one is planned as this long.
    public static let maximumLookahead: TimeInterval = 3_660 * 86_400

    /// A context at `now`, for rules asked up to `lookahead` ahead (0 to
    /// ``maximumLookahead``; outside, the nearest end of that range).
    public init(now: Date, calendar: Calendar, state: AppState = AppState(), lookahead: TimeInterval = 400 * 86_400) {
        let lookahead = lookahead.isNaN ? 0 : min(max(lookahead, 0), Self.maximumLookahead)
        self.now = now
        self.calendar = calendar
        self.zone = ZoneRules.cached(timeZone: calendar.timeZone, from: now.addingTimeInterval(-40 * 86_400), through: now.addingTimeInterval(lookahead))
        self.state = state
        self.lookaheadEnd = now.addingTimeInterval(lookahead)
    }

    /// The device's local date at `now`.
    public var today: LocalDate { zone.localDate(at: now) }
}

/// What a rule can tell of its first candidate without building it: enough for the planner
/// to put the rule in order among the others.
public enum FirstCandidate: Hashable, Sendable {
    /// The rule cannot tell without building its candidates.
    case unknown
    /// The rule proposes nothing.
    case nothing
    /// The first candidate fires at `fireDate` with `priority`.
    case at(fireDate: Date, priority: Int)
}

/// What a rule can tell of its first candidate once for every plan: enough for a planner to
/// order the rule among the others without asking it again at each plan.
public enum FixedFirstCandidate: Hashable, Sendable {
    /// It depends on the plan: the planner asks ``Rule/firstCandidate(in:)`` at each plan.
    case unknown
    /// The rule proposes nothing, whatever the plan.
    case nothing
    /// The first candidate fires when the device's wall clock shows `local`, with `priority`.
    case wallClock(LocalDateTime, priority: Int)
    /// The first candidate fires at the instant `date`, with `priority`.
    case instant(Date, priority: Int)
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
    /// The fire date and priority of the first element of ``candidates(in:)``, when the rule
    /// can tell them without building it.
    ///
    /// The planner orders rules by their first candidates. A rule that answers here is asked
    /// for ``candidates(in:)`` only when its first candidate's turn comes, so that thousands
    /// of rules cost no candidate (id, content, iterator) each when the budget takes a few.
    /// The answer must describe what ``candidates(in:)`` yields first; the planner orders the
    /// candidates themselves by what they say once built. The default is
    /// ``FirstCandidate/unknown``: the planner builds the candidates to see.
    func firstCandidate(in context: PlanningContext) -> FirstCandidate
    /// What ``firstCandidate(in:)`` answers in every plan, when the rule can tell once.
    ///
    /// A planner reads it when it is given its rules, together with the rule's ``condition``
    /// and ``reserve``. For a rule without either that answers here, a plan reads nothing of
    /// the rule until its first candidate's turn comes: with many one-shot rules, a plan
    /// walks a compact table instead of every rule. The answer must hold for every plan, and
    /// with it the rule's condition and reserve, while a planner holds the rule (a value
    /// type's do). The default is ``FixedFirstCandidate/unknown``.
    func fixedFirstCandidate() -> FixedFirstCandidate
    /// The elements of ``candidates(in:)`` that fire at or after `date`, when the rule can
    /// start there without drawing the earlier ones; `nil` when it cannot.
    ///
    /// The planner asks when a policy has closed everything before `date` to candidates like
    /// the one it dropped (``PolicyDecision/dropUntil(_:detail:until:)``: a full day, a
    /// spacing window): a rule that fires every second under a daily cap then costs a few
    /// candidates a day instead of 86,400. Answer only when every candidate of the rule has
    /// the same group and dedupe key, since the planner passes over the ones in between
    /// without asking the policies. The default is `nil`.
    func candidates(in context: PlanningContext, from date: Date) -> AnyIterator<Candidate>?
}

extension Rule {
    public var reserve: Int { 0 }
    public var condition: Condition? { nil }
    public func firstCandidate(in context: PlanningContext) -> FirstCandidate { .unknown }
    public func fixedFirstCandidate() -> FixedFirstCandidate { .unknown }
    public func candidates(in context: PlanningContext, from date: Date) -> AnyIterator<Candidate>? { nil }
}
