import Foundation

/// Holds notifications built on data that has grown old.
///
/// The data's age is `now` minus the date stored in the state under `timestampKey`. Past
/// `holdAfter`, nothing new is planned but what is already pending stays; past
/// `cancelAfter`, everything it covers is dropped. Missing data counts as past `cancelAfter`:
/// nothing it covers is planned, and what is pending goes.
public struct Staleness: Policy, Hashable {
    /// The state key holding when the data was fetched: a date ``AppState/date(_:)`` reads
    /// (seconds since 1970, or ISO 8601 with an offset).
    public var timestampKey: String
    /// The age past which nothing new is planned, in seconds; what is pending stays.
    public var holdAfter: TimeInterval
    /// The age past which every candidate it covers is dropped, pending ones too, in seconds.
    public var cancelAfter: TimeInterval
    /// The rules it covers; `nil` for all.
    public var rules: Set<String>?

    /// Staleness of the data stamped under `timestampKey`, for `rules` (every rule by default).
    public init(timestampKey: String, holdAfter: TimeInterval, cancelAfter: TimeInterval, rules: Set<String>? = nil) {
        self.timestampKey = timestampKey
        self.holdAfter = holdAfter
        self.cancelAfter = cancelAfter
        self.rules = rules
    }

    /// Keeps the candidates of rules it does not cover. For the others: drops every one when the
    /// stamp is missing or older than `cancelAfter`, and those not pending when it is older than
    /// `holdAfter`.
    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        if let rules, !rules.contains(candidate.ruleID) { return .keep(candidate) }
        guard let stamp = context.state.date(timestampKey) else {
            let key = timestampKey
            // Without new data nothing of the rule can be planned: it closes for the plan.
            return .dropUntil(.stale, detail: Explanation { "no data: \(key) is not set" }, until: .distantFuture)
        }
        let age = context.now.timeIntervalSince(stamp)
        if age > cancelAfter {
            let limit = cancelAfter
            return .dropUntil(.stale, detail: Explanation { "data is \(describe(age)) old (cancel after \(describe(limit)))" }, until: .distantFuture)
        }
        if age > holdAfter, !context.isPending(candidate.id) {
            let limit = holdAfter
            return .drop(.stale, detail: Explanation { "data is \(describe(age)) old (nothing new after \(describe(limit)))" })
        }
        return .keep(candidate)
    }

    public var movesCandidates: Bool { false }

    /// "staleness of fetchedAt: hold after 3 h, cancel after 6 h".
    public var summary: String {
        let cancel = cancelAfter.isFinite ? ", cancel after \(describe(cancelAfter))" : ""
        return "staleness of \(timestampKey): hold after \(describe(holdAfter))\(cancel)"
    }
}
