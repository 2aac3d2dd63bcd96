import Foundation

/// Recognises a pending request left by an older id scheme (an app's own scheduler before
/// it used Bugle) and says which of Bugle's requests it stands for now.
///
/// A recipe supplies it to ``Scheduler/recover(adopting:)``:
///
/// ```swift
/// let matcher = LegacyMatcher { old in
///     guard old.id.hasPrefix("fact-") else { return nil }
///     return NotificationRequest(id: "bugle.facts@" + old.id.dropFirst(5), fireTime: old.fireTime, content: old.content, ruleID: "facts")
/// }
/// ```
///
/// Recovery removes the old request and adds the returned one, which must be in the
/// scheduler's namespace; the ledger records both steps first, so a stop between them
/// loses nothing.
public struct LegacyMatcher: Sendable {
    private let match: @Sendable (NotificationRequest) -> NotificationRequest?

    /// `match` returns the request `old` stands for, or `nil` when `old` is not the app's.
    public init(_ match: @escaping @Sendable (NotificationRequest) -> NotificationRequest?) { self.match = match }

    /// Adopts nothing.
    public static let none = LegacyMatcher { _ in nil }

    /// The request `old` stands for, if any.
    public func adoption(of old: NotificationRequest) -> NotificationRequest? { match(old) }
}

/// The repairs recovery makes, computed without touching the center or the journal.
public struct RecoveryPlan: Hashable, Sendable {
    /// Written before any center call: entries settled without a call, then the intent of
    /// every call below.
    public var intent: [JournalUpdate] = []
    /// Requests to remove, in one call, before the additions.
    public var removals: [Removal] = []
    /// Requests to add, in this order: the soonest last.
    public var additions: [JournalEntry] = []
    /// Legacy request id → the id it was adopted as.
    public var adoptions: [String: String] = [:]
}

/// Settles disagreements between the journal and the center.
///
/// A refresh trusts the center (``sync(open:pending:delivered:namespace:now:zone:)``): the
/// plan decides what comes next. Recovery trusts the journal
/// (``recovery(open:pending:delivered:namespace:adopting:now:zone:)``): it finishes what a
/// stop interrupted. Both are pure.
public enum LedgerRepair {
    /// Brings the open entries of the namespace in line with the center: confirmed what the
    /// center holds, delivered what it showed, closed what it no longer holds, and recorded
    /// what it holds that the journal did not know.
    ///
    /// The center holds one request per id, as every center does; the open entries may have
    /// any ids.
    ///
    /// - Complexity: O(*e* + *p* + *d*) for *e* open entries, *p* pending requests and *d*
    ///   deliveries: no id is hashed when the center lists its requests in the order of the
    ///   open entries, as after a refresh that changed nothing but what was delivered.
    public static func sync(
        open: [JournalEntry], pending: [NotificationRequest], delivered: [DeliveredNotification], namespace: Namespace, now: Date, zone: ZoneRules
    ) -> [JournalUpdate] {
        let pairing = Pairing(inOrder: open, pending: pending, namespace: namespace) ?? Pairing(byID: open, pending: pending, namespace: namespace)
        let (first, held, known, gone) = (pairing.first, pairing.held, pairing.known, pairing.gone)
        // Only the deliveries of the open entries the center no longer holds are looked up:
        // few (those delivered since the last refresh) by reading the deliveries, many by an index.
        let deliveries = gone.count > 8 ? DeliveryIndex(delivered, ids: Set(gone.map { open[$0].request.id })) : nil
        var updates: [JournalUpdate] = []
        for index in open.indices where namespace.owns(open[index].request.id) {
            if held[index] >= 0 {
                let slot = held[index]
                if pending[slot].fingerprint != open[index].request.fingerprint {
                    let request = pending[slot]
                    updates.append(
                        .entry(
                            JournalEntry(
                                request: request, fireDate: request.fireTime.resolve(in: zone), state: .pending,
                                reason: Note.otherContent, askedAt: open[index].askedAt)))
                } else if open[index].state != .pending {
                    updates.append(.state(id: open[index].request.id, .pending, reason: nil))
                }
                continue
            }
            let entry = open[index]
            let id = entry.request.id
            if let delivery = deliveries.map({ $0.latest(for: entry) }) ?? DeliveryIndex.latest(for: entry, in: delivered) {
                updates.append(.delivered(delivery))
            } else {
                switch entry.state {
                case .adding: updates.append(.state(id: id, .failed, reason: Note.notHeld))
                case .removing: updates.append(.state(id: id, .cancelled, reason: entry.reason))
                default: updates.append(.state(id: id, .cancelled, reason: Note.gone(entry, now: now, zone: zone)))
                }
            }
        }
        for index in pending.indices where first[index] >= 0 && !known[first[index]] {
            let request = pending[index]
            updates.append(
                .entry(
                    JournalEntry(
                        request: request, fireDate: request.fireTime.resolve(in: zone), state: .pending,
                        reason: Note.foundInCenter, askedAt: now)))
        }
        return updates
    }

    /// What recovery does so that the center holds what the journal says it should:
    ///
    /// - an open entry the center lost is added again while its time is ahead (and marked
    ///   delivered when the center showed it);
    /// - an entry the center holds with other content is added again as the journal has it;
    /// - a removal a stop interrupted is finished;
    /// - a request of the namespace the journal does not know is removed;
    /// - a request outside the namespace that `matcher` recognises is removed and added
    ///   again under the id the matcher gives.
    ///
    /// - Complexity: O(*e* + *p* + *d* + *a* log *a*) for *e* open entries, *p* pending
    ///   requests, *d* deliveries and *a* additions.
    public static func recovery(
        open: [JournalEntry], pending: [NotificationRequest], delivered: [DeliveredNotification], namespace: Namespace,
        adopting matcher: LegacyMatcher, now: Date, zone: ZoneRules
    ) -> RecoveryPlan {
        let pendingByID = Dictionary(pending.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let deliveries = DeliveryIndex(delivered)
        var plan = RecoveryPlan()
        var journaled = Set<String>()
        func readd(_ request: NotificationRequest, reason: String) {
            let entry = JournalEntry(request: request, fireDate: request.fireTime.resolve(in: zone), state: .adding, reason: reason, askedAt: now)
            plan.intent.append(.entry(entry))
            plan.additions.append(entry)
        }
        for entry in open.sorted(by: { $0.request.id < $1.request.id }) {
            let id = entry.request.id
            journaled.insert(id)
            let held = pendingByID[id]
            if entry.state == .removing || !namespace.owns(id) {
                // Only removals are ever journaled outside the namespace.
                if held != nil {
                    if entry.state != .removing { plan.intent.append(.state(id: id, .removing, reason: entry.reason)) }
                    plan.removals.append(Removal(id: id, reason: .interrupted(entry.reason ?? CancelReason.obsolete.description)))
                } else {
                    plan.intent.append(.state(id: id, .cancelled, reason: entry.reason))
                }
            } else if let held {
                if held.fingerprint != entry.request.fingerprint {
                    readd(entry.request, reason: Note.restored)
                } else if entry.state != .pending {
                    plan.intent.append(.state(id: id, .pending, reason: nil))
                }
            } else if let delivery = deliveries.latest(for: entry) {
                plan.intent.append(.delivered(delivery))
            } else if entry.request.fireTime.resolve(in: zone) > now {
                readd(entry.request, reason: Note.lost)
            } else {
                plan.intent.append(.state(id: id, .cancelled, reason: Note.gone(entry, now: now, zone: zone)))
            }
        }

        var adoptedIDs = Set<String>()
        var unknown: [NotificationRequest] = []
        for request in pending.sorted(by: { $0.id < $1.id }) where !journaled.contains(request.id) {
            if namespace.owns(request.id) {
                unknown.append(request)
                continue
            }
            guard let adopted = matcher.adoption(of: request), namespace.owns(adopted.id) else { continue }
            let reason = CancelReason.adopted(as: adopted.id)
            plan.intent.append(
                .entry(
                    JournalEntry(
                        request: request, fireDate: request.fireTime.resolve(in: zone), state: .removing,
                        reason: reason.description, askedAt: now)))
            plan.removals.append(Removal(id: request.id, reason: reason))
            plan.adoptions[request.id] = adopted.id
            // The reminder is already there when the new id is journaled or pending.
            if !journaled.contains(adopted.id), pendingByID[adopted.id] == nil, adoptedIDs.insert(adopted.id).inserted {
                readd(adopted, reason: Note.adopted(from: request.id))
            }
        }
        let adoptedTargets = Set(plan.adoptions.values)
        for request in unknown {
            if adoptedTargets.contains(request.id) {
                // A request adopted before the journal learnt of it: keep it.
                plan.intent.append(
                    .entry(
                        JournalEntry(
                            request: request, fireDate: request.fireTime.resolve(in: zone), state: .pending,
                            reason: Note.foundInCenter, askedAt: now)))
                continue
            }
            plan.intent.append(
                .entry(
                    JournalEntry(
                        request: request, fireDate: request.fireTime.resolve(in: zone), state: .removing,
                        reason: CancelReason.unknown.description, askedAt: now)))
            plan.removals.append(Removal(id: request.id, reason: .unknown))
        }
        plan.additions.sort { ($0.fireDate, $0.request.id) > ($1.fireDate, $1.request.id) }
        return plan
    }

    /// The ledger's words for what repairs found.
    enum Note {
        static let otherContent = "found in the center with other content"
        static let foundInCenter = "found in the center, not in the ledger"
        static let notHeld = "the center does not hold it"
        static let restored = "added again: the center held other content"
        static let lost = "added again: the center lost it"
        static func adopted(from id: String) -> String { "adopted from \(id)" }

        static func gone(_ entry: JournalEntry, now: Date, zone: ZoneRules) -> String {
            entry.request.fireTime.resolve(in: zone) <= now
                ? "left the center at its time, with no delivery seen"
                : "the center dropped it before its time"
        }
    }
}

/// How the open entries of the namespace pair with the center's pending requests of the
/// namespace, by id: the pairing ``LedgerRepair/sync(open:pending:delivered:namespace:now:zone:)`` settles.
struct Pairing: Equatable {
    /// By pending request: the index of the first request with its id, or -1 outside the namespace.
    var first: [Int]
    /// By open entry: the index of the first request the center holds with its id, or -1.
    var held: [Int]
    /// By pending request: whether an open entry of the namespace has its id.
    var known: [Bool]
    /// The open entries of the namespace whose id the center does not hold, in order.
    var gone: [Int]

    /// The pairing found by hashing every id.
    init(byID open: [JournalEntry], pending: [NotificationRequest], namespace: Namespace) {
        // Fields are read through indices: binding whole requests and entries would copy
        // every field of each one. Each pending id of the namespace maps to the index of its
        // first request, and every request to that of the first with its id.
        var firstByID: [String: Int] = [:]
        firstByID.reserveCapacity(pending.count)
        first = [Int](repeating: -1, count: pending.count)
        for index in pending.indices where namespace.owns(pending[index].id) {
            let existing = firstByID.updateValue(index, forKey: pending[index].id)
            if let existing { firstByID[pending[index].id] = existing }
            first[index] = existing ?? index
        }
        held = [Int](repeating: -1, count: open.count)
        known = [Bool](repeating: false, count: pending.count)
        gone = []
        for index in open.indices where namespace.owns(open[index].request.id) {
            if let slot = firstByID[open[index].request.id] {
                held[index] = slot
                known[slot] = true
            } else {
                gone.append(index)
            }
        }
    }

    /// The pairing found by reading both lists side by side, when every pending request of
    /// the namespace pairs with the next open entry of the namespace that has its id, and at
    /// most `Namespace.unpairedLimit` open entries are left over; `nil` otherwise.
    ///
    /// The steady state of a refresh: the center lists what the journal holds open, in the
    /// same order (soonest first), but for what was delivered since. Two requests of the
    /// center with the same id, which no center holds, may pair otherwise than by hashing.
    init?(inOrder open: [JournalEntry], pending: [NotificationRequest], namespace: Namespace) {
        first = [Int](repeating: -1, count: pending.count)
        held = [Int](repeating: -1, count: open.count)
        known = [Bool](repeating: false, count: pending.count)
        gone = []
        var slot = namespace.firstOwned(in: pending, from: 0)
        for index in open.indices where namespace.owns(open[index].request.id) {
            // The journal's copy of a request the scheduler added is the center's: the same box.
            if slot < pending.endIndex, pending[slot].hasSameID(as: open[index].request) {
                (held[index], known[slot], first[slot]) = (slot, true, slot)
                slot = namespace.firstOwned(in: pending, from: slot + 1)
            } else {
                guard gone.count < Namespace.unpairedLimit else { return nil }
                gone.append(index)
            }
        }
        guard slot == pending.endIndex else { return nil }
        // An entry left over is gone only if the center holds no request with its id
        // elsewhere in its list (an entry of the journal listed twice, say).
        for index in gone where pending.contains(where: { $0.hasSameID(as: open[index].request) }) { return nil }
    }
}

/// Deliveries by id, to find the one of an entry's version.
private struct DeliveryIndex {
    private var byID: [String: [DeliveredNotification]] = [:]

    /// The deliveries among `deliveries` of the requests `ids`, or of every request when `nil`.
    init(_ deliveries: [DeliveredNotification], ids: Set<String>? = nil) {
        if ids?.isEmpty == true { return }
        for delivery in deliveries where ids?.contains(delivery.id) ?? true { byID[delivery.id, default: []].append(delivery) }
    }

    /// The latest delivery of `entry`'s id made after the entry was asked for.
    func latest(for entry: JournalEntry) -> DeliveredNotification? {
        byID[entry.request.id]?.filter { $0.date >= entry.askedAt }.max { $0.date < $1.date }
    }

    /// What `latest(for:)` answers from an index of `deliveries`, by reading them all: the
    /// first of the latest, as `max(by:)` keeps it.
    static func latest(for entry: JournalEntry, in deliveries: [DeliveredNotification]) -> DeliveredNotification? {
        var best: Int?
        for index in deliveries.indices where deliveries[index].date >= entry.askedAt && deliveries[index].id == entry.request.id {
            if let best, !(deliveries[best].date < deliveries[index].date) { continue }
            best = index
        }
        return best.map { deliveries[$0] }
    }
}
