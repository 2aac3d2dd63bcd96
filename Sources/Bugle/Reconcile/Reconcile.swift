import Foundation

/// Why reconcile removes a pending request.
public enum CancelReason: Hashable, Sendable, CustomStringConvertible {
    /// The planner considered it and dropped it.
    case dropped(DropReason, detail: String)
    /// No rule proposes it any more (its rule is gone, or the occurrence moved).
    case obsolete
    /// In the namespace, but the journal never asked for it: left by a lost database or
    /// another process. Recovery removes it.
    case unknown
    /// Left by an older id scheme; recovery added it again as the request `id`.
    case adopted(as: String)
    /// A removal recorded before a stop and finished by recovery, with the recorded reason.
    case interrupted(String)

    public var description: String {
        switch self {
        case .dropped(let reason, let detail): "\(reason.rawValue): \(detail)"
        case .obsolete: "no longer planned"
        case .unknown: "in the namespace but not in the ledger"
        case .adopted(let id): "adopted as \(id)"
        case .interrupted(let reason): "\(reason) (finished after a stop)"
        }
    }
}

/// A pending request reconcile removes, and why.
public struct Removal: Hashable, Sendable {
    /// The id of the request in the center, with the namespace's prefix.
    public var id: String
    /// Why it is removed.
    public var reason: CancelReason
}

/// What to do to the center so that its pending list equals the plan.
public struct ChangeSet: Hashable, Sendable {
    /// Removed first, so that additions never meet a full center.
    public var removals: [Removal]
    /// In the order to add them: the least important first, the soonest and most important
    /// last, because iOS keeps the *last* requests added when it has too many.
    public var additions: [NotificationRequest]
    /// Pending requests left alone because they already match the plan.
    public var unchanged: Int

    /// No call is needed.
    public var isEmpty: Bool { removals.isEmpty && additions.isEmpty }
    /// The number of center operations: one per request added or removed.
    public var callCount: Int { removals.count + additions.count }
}

/// Diffs a plan against the center's pending requests by id and fingerprint.
public enum Reconcile {
    /// The changes that make `pending` equal `plan`, touching only the plan's namespace.
    ///
    /// A request whose id is planned with a different fingerprint is added again (adding
    /// an existing id replaces it), not removed first.
    ///
    /// The center holds one request per id, as every center does.
    ///
    /// - Complexity: O(*p* + *n*) for *p* pending and *n* planned requests: one hash of each
    ///   id, plus O(*s* log *s* + *d*) for *s* stale requests and *d* dropped candidates when
    ///   something is stale. No id is hashed when the center lists every pending request of
    ///   the namespace in the plan's order and the plan adds a few, as in a steady state.
    public static func changes(plan: Plan, pending: [NotificationRequest]) -> ChangeSet {
        inOrder(plan: plan, pending: pending) ?? byID(plan: plan, pending: pending)
    }

    /// The changes found by hashing every id.
    static func byID(plan: Plan, pending: [NotificationRequest]) -> ChangeSet {
        // Loops read fields through indices: binding whole requests and entries would copy
        // every field of each one. Each pending id of the namespace maps to its (last) index;
        // a planned id claims it, which leaves exactly the stale ones unclaimed.
        var pendingByID: [String: Int] = [:]
        pendingByID.reserveCapacity(pending.count)
        for index in pending.indices where plan.namespace.owns(pending[index].id) {
            pendingByID[pending[index].id] = index
        }
        var claimed = [Bool](repeating: false, count: pending.count)
        var claimedCount = 0
        var additions: [NotificationRequest] = []
        var unchanged = 0
        for index in plan.entries.indices.reversed() {
            if let slot = pendingByID[plan.entries[index].request.id], !claimed[slot] {
                claimed[slot] = true
                claimedCount += 1
                if pending[slot].fingerprint == plan.entries[index].request.fingerprint {
                    unchanged += 1
                    continue
                }
            }
            additions.append(plan.entries[index].request)
        }
        guard claimedCount < pendingByID.count else { return ChangeSet(removals: [], additions: additions, unchanged: unchanged) }

        var stale: [(id: String, rule: String?)] = []
        for (id, slot) in pendingByID where !claimed[slot] { stale.append((id, pending[slot].ruleID)) }
        stale.sort { $0.id < $1.id }
        var reasons: [String: DroppedCandidate] = [:]
        for drop in plan.report.dropped { reasons[plan.namespace.requestID(for: drop.candidate.id)] = drop }
        var removals: [Removal] = []
        removals.reserveCapacity(stale.count)
        for (id, rule) in stale {
            let reason: CancelReason
            if let drop = reasons[id] {
                reason = .dropped(drop.reason, detail: drop.detail)
            } else if let rule, let detail = plan.report.silencedRules[rule] {
                reason = .dropped(.silenced, detail: detail)
            } else if let rule, let detail = plan.report.inactiveRules[rule] {
                reason = .dropped(.condition, detail: detail)
            } else {
                reason = .obsolete
            }
            removals.append(Removal(id: id, reason: reason))
        }
        return ChangeSet(removals: removals, additions: additions, unchanged: unchanged)
    }

    /// The changes found by reading the plan and the pending list side by side: when every
    /// pending request of the namespace pairs with the next planned request that has its id,
    /// and at most `Namespace.unpairedLimit` planned requests are left over, which the center holds
    /// nowhere else; `nil` otherwise. Nothing is removed then, and it is what the hashing
    /// finds, as long as the center holds one request per id.
    static func inOrder(plan: Plan, pending: [NotificationRequest]) -> ChangeSet? {
        let namespace = plan.namespace
        var slot = namespace.firstOwned(in: pending, from: 0)
        var unpaired: [Int] = []
        var changed: [Int] = []
        for index in plan.entries.indices {
            // A request kept from the previous plan is the one the center holds: the same box.
            if slot < pending.endIndex, pending[slot].hasSameID(as: plan.entries[index].request) {
                if pending[slot].fingerprint != plan.entries[index].request.fingerprint { changed.append(index) }
                slot = namespace.firstOwned(in: pending, from: slot + 1)
            } else {
                guard unpaired.count < Namespace.unpairedLimit else { return nil }
                unpaired.append(index)
            }
        }
        guard slot == pending.endIndex else { return nil }
        for index in unpaired where pending.contains(where: { $0.hasSameID(as: plan.entries[index].request) }) { return nil }
        // Soonest last, as the hashing adds them.
        var added = unpaired + changed
        added.sort(by: >)
        return ChangeSet(
            removals: [], additions: added.map { plan.entries[$0].request }, unchanged: plan.entries.count - added.count)
    }
}
