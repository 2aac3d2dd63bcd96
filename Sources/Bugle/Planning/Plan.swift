import Foundation

/// One request the plan wants pending, with the candidate it came from.
public struct PlanEntry: Hashable, Sendable {
    /// The candidate as the policies kept it, moved or made quiet, with its adjustments.
    public var candidate: Candidate
    /// The request to keep pending for it, its id in the plan's namespace.
    public var request: NotificationRequest

    /// An entry for `candidate`, pending as `request`.
    public init(candidate: Candidate, request: NotificationRequest) {
        self.candidate = candidate
        self.request = request
    }
}

/// A candidate that did not make it into the plan.
public struct DroppedCandidate: Hashable, Sendable, CustomStringConvertible {
    /// The candidate as it was when it was dropped.
    public var candidate: Candidate
    /// The check that dropped it.
    public var reason: DropReason
    /// Why, written when read (see ``detail``).
    public var explanation: Explanation

    /// A sentence a person can read: "22:30 is inside quiet hours 22:00–07:00".
    public var detail: String {
        get { explanation.text }
        set { explanation = Explanation(newValue) }
    }

    /// A drop of `candidate` for `reason`, explained by the sentence `detail`.
    public init(candidate: Candidate, reason: DropReason, detail: String) {
        self.init(candidate: candidate, reason: reason, explanation: Explanation(detail))
    }

    /// A drop of `candidate` for `reason`, with an explanation that may write its sentence only
    /// when it is read.
    public init(candidate: Candidate, reason: DropReason, explanation: Explanation) {
        self.candidate = candidate
        self.reason = reason
        self.explanation = explanation
    }

    public var description: String { "\(candidate.id) \(reason.rawValue): \(detail)" }
}

/// Until when the plan is complete if the app is never opened again.
public struct Coverage: Hashable, Sendable {
    /// What stops the plan from covering more.
    public enum Limit: String, Hashable, Sendable {
        /// The budget is full: candidates from `horizon` on did not fit.
        case budget
        /// Rules propose more, but past the planner's lookahead.
        case lookahead
        /// No rule proposes anything more: the plan is complete for good.
        case exhausted
    }

    /// The plan holds every candidate that survives the policies and fires before this
    /// moment. `nil` when nothing is left to plan ever.
    public var horizon: Date?
    /// Why the coverage ends at ``Coverage/horizon``: the budget, the lookahead, or nothing left.
    public var limit: Limit

    /// A coverage complete until `horizon`, limited by `limit`.
    public init(horizon: Date?, limit: Limit) {
        self.horizon = horizon
        self.limit = limit
    }
}

/// A planned request that may arrive after its fire time.
public struct LateDelivery: Hashable, Sendable, CustomStringConvertible {
    /// The request's id.
    public var id: String
    /// When it is planned to fire.
    public var fireDate: Date
    /// How late it may arrive, and why.
    public var latitude: DeliveryLatitude

    /// The request `id`, planned for `fireDate`, may arrive as late as `latitude` says.
    public init(id: String, fireDate: Date, latitude: DeliveryLatitude) {
        self.id = id
        self.fireDate = fireDate
        self.latitude = latitude
    }

    /// "bugle.morning@2026-03-01 may arrive up to 10 min late: exact alarms are not allowed".
    public var description: String { "\(id) \(latitude)" }
}

/// Why the plan is what it is.
public struct PlanReport: Hashable, Sendable {
    /// The moment the plan was made for (``PlanInput/now``).
    public var now: Date
    /// How many requests the plan could hold.
    public var capacity: Int
    /// Every candidate the planner pulled from a rule, kept or dropped.
    public var considered: Int
    /// Every candidate considered and dropped, in fire-time order. Past the first
    /// `budget` drop, later candidates are not pulled at all: the coverage says so.
    public var dropped: [DroppedCandidate]
    /// Rules whose condition did not hold, with the condition: none of their candidates
    /// were planned (only the next one is listed in `dropped`).
    public var inactiveRules: [String: String] = [:]
    /// Rules the system would not show (``PlanInput/silencedRules``), with why: none of their
    /// candidates were planned (only the next one is listed in `dropped`).
    public var silencedRules: [String: String] = [:]
    /// Until when the plan is complete if the app is never opened again, and what limits it.
    public var coverage: Coverage
    /// The checks every candidate went through, in order; the first that does not keep a
    /// candidate decides (see ``Planner``): "delivered already", "time passed", "marks and
    /// conditions by day", then each policy's ``Policy/summary``, then the budget.
    public var checks: [String] = []
    /// The planned requests that may arrive after their fire time, and by up to how much, in
    /// plan order: every request when the center says it cannot deliver at the exact time
    /// (Android without exact alarms); empty when it can. The scheduler fills it from
    /// ``Center/deliveryLatitude()``; a plan made by the planner alone leaves it empty.
    public var mayArriveLate: [LateDelivery] = []

    /// The drops with `reason`.
    public func dropped(_ reason: DropReason) -> [DroppedCandidate] { dropped.filter { $0.reason == reason } }
}

/// The ordered, deterministic list of requests that should be pending, and its report.
public struct Plan: Hashable, Sendable {
    /// The namespace of its request ids: the planner's.
    public var namespace: Namespace
    /// In fire-time order, the more important first at equal times.
    public var entries: [PlanEntry]
    /// Why the plan is what it is: its capacity, its drops, its coverage, its checks.
    public var report: PlanReport

    /// The entries' requests, in the same order.
    public var requests: [NotificationRequest] { entries.map(\.request) }

    /// Fills ``PlanReport/mayArriveLate``: every entry may arrive as late as `latitude` says,
    /// or none when it is `nil`.
    public mutating func noteLatitude(_ latitude: DeliveryLatitude?) {
        report.mayArriveLate =
            latitude.map { latitude in
                entries.map { LateDelivery(id: $0.request.id, fireDate: $0.candidate.fireDate, latitude: latitude) }
            } ?? []
    }
}
