import Foundation

/// At least this long between two notifications, delivered or planned.
///
/// Candidates come in fire-time order, and at equal times the higher priority first, so
/// the one that survives a clash is the sooner, then the more important.
public struct MinimumSpacing: Policy, Hashable {
    /// The least time between two notifications, in seconds.
    public var interval: TimeInterval

    /// Spacing of at least `interval` seconds.
    public init(_ interval: TimeInterval) { self.interval = interval }

    /// Drops a candidate that fires less than `interval` after the latest delivery or kept
    /// candidate, and closes the time until then (``PolicyDecision/dropUntil(_:detail:until:)``).
    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        guard let last = ledger.lastDate else { return .keep(candidate) }
        let gap = candidate.fireDate.timeIntervalSince(last)
        if gap < interval {
            let interval = self.interval
            return .dropUntil(
                .spacing, detail: Explanation { "\(describe(max(gap, 0))) after the previous one (minimum \(describe(interval)))" },
                until: last.addingTimeInterval(interval))
        }
        return .keep(candidate)
    }

    public var movesCandidates: Bool { false }

    /// "spacing: at least 2 h apart".
    public var summary: String { "spacing: at least \(describe(interval)) apart" }
}
