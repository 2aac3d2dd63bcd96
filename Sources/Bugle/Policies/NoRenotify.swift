import Foundation

/// No second notification with the same dedupe key within a window of the last one.
public struct NoRenotify: Policy, Hashable {
    /// How long after a notification no other with its dedupe key is planned, in seconds.
    public var window: TimeInterval

    /// No re-notification within `window` seconds.
    public init(within window: TimeInterval) { self.window = window }

    /// Drops a candidate that fires less than `window` after the latest delivery or kept
    /// candidate with its dedupe key, and closes the time until then; a candidate without a
    /// dedupe key is kept.
    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        guard let key = candidate.dedupeKey, let last = ledger.lastDate(dedupeKey: key) else { return .keep(candidate) }
        let gap = candidate.fireDate.timeIntervalSince(last)
        if gap < window {
            let window = self.window
            return .dropUntil(
                .renotify, detail: Explanation { "\"\(key)\" was notified \(describe(max(gap, 0))) before (window \(describe(window)))" },
                until: last.addingTimeInterval(window))
        }
        return .keep(candidate)
    }

    public var movesCandidates: Bool { false }

    /// "no re-notify within 1 d".
    public var summary: String { "no re-notify within \(describe(window))" }
}
