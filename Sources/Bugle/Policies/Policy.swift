import Foundation

/// Why a candidate was not planned (or, for an ``Adjustment``, which policy changed it).
public enum DropReason: String, Hashable, Sendable, CaseIterable, Codable {
    /// Quiet hours (``QuietHours``) held it back; for an ``Adjustment``, deferred it or made it quiet.
    case quietHours
    /// A daily cap was full (``Caps``), or a candidate of higher priority took its slot.
    case cap
    /// It fires too soon after the previous notification (``MinimumSpacing``).
    case spacing
    /// A notification with its dedupe key came too recently (``NoRenotify``).
    case renotify
    /// The data it is built on is missing or too old (``Staleness``).
    case stale
    /// The plan was full: sooner candidates took every request the budget allows.
    case budget
    /// Its rule's condition does not hold, for the whole rule or on the candidate's day.
    case condition
    /// Its fire time is at or before the moment of planning.
    case past
    /// The user has seen this occurrence already (``Candidate/occurrence``).
    case delivered
    /// The app marked the rule's occurrence on that day done (``Scheduler/complete(_:on:refresh:)``).
    case completed
    /// The app marked the rule's occurrence on that day skipped (``Scheduler/skip(_:on:refresh:)``).
    case skipped
    /// The rule, or every rule, is paused on that day (``Scheduler/pause(_:from:through:refresh:)``).
    case paused
    /// The system would not show its rule's notifications now: the user turned off the Android
    /// channel they post to (``PlanInput/silencedRules``, ``Center/silencedRules(among:)``).
    case silenced
    /// The user ignored the rule's notifications too many times in a row: it is sent less
    /// often, or paused until the user engages again (``FatigueBackoff``).
    case fatigue
    /// A randomized holdout kept it back to measure what the rule's notifications change
    /// (``RandomizedHoldout``).
    case holdout
}

/// What a policy decides for one candidate.
public enum PolicyDecision: Sendable {
    /// Keep it, possibly changed (content made quiet); the adjustment says how.
    case keep(Candidate)
    /// Drop it, with the reason and a sentence a person can read (a string literal, or an
    /// ``Explanation`` that writes the sentence only when the report is read).
    case drop(DropReason, detail: Explanation)
    /// Drop it, and say that the policy is closed to candidates like it until `until` (a day
    /// whose cap is full, a spacing window). The planner records the drop as for
    /// ``drop(_:detail:)``; other rules' candidates are still judged one by one, but it may
    /// let this candidate's rule jump to `until` (``Rule/candidates(in:from:)``) instead of
    /// drawing what lies between, so a rule that fires every second under a cap of three a
    /// day costs three candidates a day.
    ///
    /// Return it only when it holds whatever is planned next: the policy reads a ledger that
    /// only grows (counts rise, last dates move later), so a candidate it drops now it drops
    /// later too. (A candidate a higher priority displaces under a cap leaves the ledger, but
    /// the one that takes its slot keeps the day's count; see ``Planner``.)
    case dropUntil(DropReason, detail: Explanation, until: Date)
    /// Move it to a later fire time; it is considered again there by every policy.
    case move(to: FireTime, date: Date, reason: DropReason, detail: Explanation)
}

extension PolicyDecision {
    /// What a cap said when it dropped the candidate; `nil` for any other decision.
    var capDetail: Explanation? {
        switch self {
        case .drop(.cap, let detail), .dropUntil(.cap, let detail, _): detail
        default: nil
        }
    }
}

/// What policies see besides the candidate.
public struct PolicyContext: Sendable {
    /// The moment of planning.
    public var now: Date
    /// The device's zone rules.
    public var zone: ZoneRules
    /// The app's state snapshot.
    public var state: AppState
    /// How the user answered each rule's recent notifications, by rule id
    /// (``PlanInput/engagement``).
    public var engagement: [String: RuleEngagement] = [:]
    /// Seeds the draws of a ``RandomizedHoldout`` (``PlanInput/learningSeed``): the same seed
    /// holds out the same occurrences.
    public var learningSeed: UInt64 = 0
    private var pending: Pending

    /// What is pending in the center, as the context was given it.
    private enum Pending: Sendable {
        /// Candidate ids, without namespace.
        case candidateIDs(Set<String>)
        /// The center's request ids, all namespaces, and the namespace that marks ours.
        case requestIDs(Set<String>, Namespace)
    }

    /// Candidate ids (without namespace) already pending in the center.
    ///
    /// In a context the planner made, this is derived from the center's request ids at
    /// each read, in O(*p*) for *p* pending requests; ``isPending(_:)`` answers for one id
    /// in O(1).
    public var pendingIDs: Set<String> {
        get {
            switch pending {
            case .candidateIDs(let ids): ids
            case .requestIDs(let ids, let namespace): Set(ids.compactMap(namespace.candidateID(from:)))
            }
        }
        set { pending = .candidateIDs(newValue) }
    }

    /// A context at `now` in the device's `zone`, where `pendingIDs` are the candidate ids
    /// (without the namespace) pending in the center.
    public init(now: Date, zone: ZoneRules, state: AppState, pendingIDs: Set<String>) {
        self.now = now
        self.zone = zone
        self.state = state
        self.pending = .candidateIDs(pendingIDs)
    }

    /// A context whose pending candidates are the requests of `namespace` among
    /// `pendingRequestIDs` (all namespaces), without taking them apart up front.
    init(now: Date, zone: ZoneRules, state: AppState, pendingRequestIDs: Set<String>, namespace: Namespace) {
        self.now = now
        self.zone = zone
        self.state = state
        self.pending = .requestIDs(pendingRequestIDs, namespace)
    }

    /// Whether the candidate with id `candidateID` (without namespace) is pending in the center.
    ///
    /// - Complexity: O(1): one hash of the id.
    public func isPending(_ candidateID: String) -> Bool {
        switch pending {
        case .candidateIDs(let ids): ids.contains(candidateID)
        case .requestIDs(let ids, let namespace): ids.contains(namespace.requestID(for: candidateID))
        }
    }
}

/// A pure step over candidates that keeps, moves or drops each one, with a reason.
///
/// Policies are asked in fire-time order. What they need to know of the candidates kept
/// before (counts per day, the last fire time) and of past deliveries is in the ledger.
public protocol Policy: Sendable {
    /// Keeps, moves or drops `candidate`, from `context` and what the ledger holds of the
    /// deliveries and the candidates kept before it. The same arguments must give the same
    /// decision.
    func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision
    /// Whether the policy can move a candidate to a later time (quiet hours that defer).
    ///
    /// A moved candidate could survive where the candidate would not, so the planner lets a
    /// rule jump past what a policy closed (``PolicyDecision/dropUntil(_:detail:until:)``)
    /// only when no policy before that one moves candidates. The default is `true`.
    var movesCandidates: Bool { get }
    /// The policy as the plan report lists it among the checks, in order
    /// (``PlanReport/checks``): "quiet hours 22:00–07:00 (defer)". The default is the type's name.
    var summary: String { get }
    /// Whether the policy reads how many candidates of a rule were kept before
    /// (``PlanLedger/keptCount(rule:)``); the planner counts them only then. `false` by default.
    var readsRuleCounts: Bool { get }
}

extension Policy {
    public var movesCandidates: Bool { true }
    public var summary: String { String(describing: Self.self) }
    public var readsRuleCounts: Bool { false }
}

/// Deliveries and kept candidates so far, as the policies count them.
///
/// Counts are kept by day number in dense tables and groups are looked up among the few
/// seen so far, so that the planner's record and the policies' reads for each candidate
/// hash nothing but a dedupe key.
public struct PlanLedger: Sendable {
    private var perDay = DayCounts()
    /// The groups seen so far, and their counts by day, at the same index.
    private var groups: [String] = []
    private var perGroup: [DayCounts] = []
    /// The index of each group in `groups`, once there are too many to search.
    private var groupIndex: [String: Int] = [:]
    private var lastByDedupeKey: [String: Date] = [:]
    /// The latest delivery or kept candidate.
    public private(set) var lastDate: Date?
    /// The latest delivery, in all and by dedupe key: what ``lastDate`` and
    /// ``lastDate(dedupeKey:)`` fall back to when a kept candidate is taken out.
    private var lastDelivered: Date?
    private var lastDeliveredByDedupeKey: [String: Date] = [:]
    /// Whether kept candidates are counted by rule: only when a policy reads it.
    var countsRules = false
    private var perRule: [String: Int] = [:]

    /// Beyond so many groups, they are hashed instead of searched.
    private static let searchedGroups = 8

    /// An empty ledger: no deliveries, nothing kept.
    public init() {}

    /// Counts past deliveries; only their local day, group and dedupe key matter.
    public init(history: DeliveryHistory, zone: ZoneRules) {
        for delivery in history.deliveries {
            record(date: delivery.date, group: delivery.group, dedupeKey: delivery.dedupeKey, zone: zone)
        }
        (lastDelivered, lastDeliveredByDedupeKey) = (lastDate, lastByDedupeKey)
    }

    /// Takes a kept candidate out again (one a higher priority displaced under a cap).
    /// `latest` and `latestWithKey` are the latest of the candidates still kept, in all and
    /// with the candidate's dedupe key, so that the last dates move back.
    mutating func remove(_ candidate: Candidate, zone: ZoneRules, latest: Date?, latestWithKey: Date?) {
        if countsRules, let count = perRule[candidate.ruleID] { perRule[candidate.ruleID] = count > 1 ? count - 1 : nil }
        let day = zone.dayNumber(at: candidate.fireDate)
        perDay.subtract(day)
        if let group = candidate.group, let index = index(of: group) { perGroup[index].subtract(day) }
        if let key = candidate.dedupeKey {
            lastByDedupeKey[key] = [lastDeliveredByDedupeKey[key], latestWithKey].compactMap { $0 }.max()
        }
        lastDate = [lastDelivered, latest].compactMap { $0 }.max()
    }

    mutating func record(_ candidate: Candidate, zone: ZoneRules) {
        if countsRules { perRule[candidate.ruleID, default: 0] += 1 }
        record(date: candidate.fireDate, group: candidate.group, dedupeKey: candidate.dedupeKey, zone: zone)
    }

    /// The candidates of rule `ruleID` kept so far in this plan (not its deliveries); 0 unless a
    /// policy reads it (``Policy/readsRuleCounts``).
    public func keptCount(rule ruleID: String) -> Int { perRule[ruleID] ?? 0 }

    private mutating func record(date: Date, group: String?, dedupeKey: String?, zone: ZoneRules) {
        let day = zone.dayNumber(at: date)
        perDay.add(day)
        if let group {
            if let index = index(of: group) {
                perGroup[index].add(day)
            } else {
                if groups.count >= Self.searchedGroups {
                    if groupIndex.isEmpty {
                        for (index, name) in groups.enumerated() { groupIndex[name] = index }
                    }
                    groupIndex[group] = groups.count
                }
                groups.append(group)
                perGroup.append(DayCounts())
                perGroup[perGroup.count - 1].add(day)
            }
        }
        if let dedupeKey { lastByDedupeKey[dedupeKey] = max(lastByDedupeKey[dedupeKey] ?? date, date) }
        lastDate = max(lastDate ?? date, date)
    }

    private func index(of group: String) -> Int? {
        groupIndex.isEmpty ? groups.firstIndex(of: group) : groupIndex[group]
    }

    /// Deliveries and kept candidates on the local day `day`.
    public func count(on day: LocalDate) -> Int { count(onDay: day.dayNumber) }

    /// Deliveries and kept candidates on the local day numbered `day` (days since 1970-01-01).
    func count(onDay day: Int) -> Int { perDay.count(day) }

    /// Deliveries and kept candidates of `group` on the local day `day`.
    public func count(on day: LocalDate, group: String) -> Int { count(onDay: day.dayNumber, group: group) }

    /// Deliveries and kept candidates of `group` on the local day numbered `day`.
    func count(onDay day: Int, group: String) -> Int { index(of: group).map { perGroup[$0].count(day) } ?? 0 }

    /// The latest delivery or kept candidate with `dedupeKey`.
    public func lastDate(dedupeKey: String) -> Date? { lastByDedupeKey[dedupeKey] }
}

/// Counts by day number: a dense table of the days from the first one counted on, up to
/// ``span`` of them, and a dictionary for the others (earlier or much later days).
private struct DayCounts: Sendable {
    private var first = 0
    private var counts: [Int] = []
    private var others: [Int: Int] = [:]

    static let span = 1_024

    func count(_ day: Int) -> Int {
        let offset = day - first
        if offset >= 0, offset < counts.count { return counts[offset] }
        return others.isEmpty ? 0 : others[day] ?? 0
    }

    mutating func add(_ day: Int) {
        if counts.isEmpty, others.isEmpty { first = day }
        let offset = day - first
        guard offset >= 0, offset < Self.span else {
            others[day, default: 0] += 1
            return
        }
        if offset >= counts.count {
            counts.reserveCapacity(Swift.max(offset + 1, 32))
            counts.append(contentsOf: repeatElement(0, count: offset + 1 - counts.count))
        }
        counts[offset] += 1
    }

    /// Takes one away from a day that has at least one.
    mutating func subtract(_ day: Int) {
        let offset = day - first
        if offset >= 0, offset < counts.count {
            counts[offset] = Swift.max(counts[offset] - 1, 0)
        } else if let count = others[day] {
            others[day] = count > 1 ? count - 1 : nil
        }
    }
}

/// Notifications the system delivered: what caps and the no-re-notification policy read,
/// and the occurrences the user has seen, which no plan holds again.
///
/// Recording, pruning and looking up cost the same however long the history has run: the
/// kept deliveries are counted by request id and kept in date order by appending (a delivery
/// that arrives out of order is inserted in its place), so that one is found by halving on
/// its date, and the occurrences are queued by the date they were last delivered, so that
/// pruning stops at the first one it keeps.
public struct DeliveryHistory: Sendable, Hashable {
    /// The deliveries kept, oldest first.
    public private(set) var deliveries: [DeliveredNotification]
    /// When each occurrence was last delivered, by its ``DeliveredNotification/occurrence``.
    /// Kept longer than ``deliveries``: see ``pruneOccurrences(before:)``.
    public private(set) var occurrences: [String: Date] = [:]
    /// When each request whose delivery named no occurrence (one planned before occurrences
    /// were kept) was last delivered, by request id: its candidate's id is its occurrence.
    public private(set) var unnamedOccurrences: [String: Date] = [:]
    /// How many deliveries of each request id are kept (none in a deliveries-only history).
    private var countsByID: [String: Int] = [:]
    /// Each occurrence, named or not, at the date it was last delivered, oldest first. An
    /// entry whose occurrence was delivered again later is stale and skipped when pruned.
    private var occurrenceQueue: [QueuedOccurrence] = []
    /// Where the entries of `occurrenceQueue` not yet pruned start: the queue is compacted
    /// only once most of it has been pruned, so that pruning a day costs that day's entries.
    private var occurrenceQueueStart = 0
    /// How many times an occurrence was remembered: first delivered, or delivered again later.
    private(set) var revision = 0
    /// The occurrences last remembered, oldest first, with whether the delivery named them:
    /// the last ``revision`` ones, or at least the last ``recentLimit``.
    private var recent: [(key: String, named: Bool)] = []
    /// How many of the occurrences last remembered ``remembered(since:)`` can list.
    static let recentLimit = 32
    /// Whether the occurrences are kept and the deliveries counted by id: not for a record
    /// that only lists the deliveries (a journal's), which never asks.
    private var indexes = true

    /// An empty history that keeps the deliveries only, not their occurrences nor a count by
    /// id: what a journal lists again with ``deliveries(since:)``.
    static func deliveriesOnly() -> DeliveryHistory {
        var history = DeliveryHistory()
        history.indexes = false
        return history
    }

    /// An occurrence in `occurrenceQueue`.
    private struct QueuedOccurrence: Sendable {
        var date: Date
        /// The occurrence, or the request id of a delivery that named none.
        var key: String
        var named: Bool
    }

    /// A history of `deliveries`, given in any order; none by default.
    public init(_ deliveries: [DeliveredNotification] = []) {
        self.deliveries = deliveries.sorted { $0.date < $1.date }
        for delivery in self.deliveries {
            countsByID[delivery.id, default: 0] += 1
            remember(delivery)
        }
    }

    /// Adds deliveries not seen before (by id and date).
    ///
    /// - Complexity: O(log *n*) amortized for each delivery at or after every kept one, for *n*
    ///   kept deliveries; one that arrives out of order is inserted in place, in O(*n*).
    public mutating func record(_ new: [DeliveredNotification]) {
        for delivery in new where !contains(id: delivery.id, date: delivery.date) {
            if indexes { countsByID[delivery.id, default: 0] += 1 }
            // After every delivery at its date or earlier, as a stable sort would put it.
            deliveries.insert(delivery, at: deliveries.suffixStart { $0.date > delivery.date })
            remember(delivery)
        }
    }

    private mutating func remember(_ delivery: DeliveredNotification) {
        guard indexes else { return }
        let (key, named) = (delivery.occurrence ?? delivery.id, delivery.occurrence != nil)
        let last = named ? occurrences[key] : unnamedOccurrences[key]
        if let last, last >= delivery.date { return }
        if named {
            occurrences[key] = delivery.date
            occurrences.keepSparse()
        } else {
            unnamedOccurrences[key] = delivery.date
            unnamedOccurrences.keepSparse()
        }
        revision += 1
        recent.append((key, named))
        if recent.count >= 2 * Self.recentLimit { recent.removeFirst(recent.count - Self.recentLimit) }
        let queued = QueuedOccurrence(date: delivery.date, key: key, named: named)
        occurrenceQueue.insert(queued, at: max(occurrenceQueue.suffixStart { $0.date > delivery.date }, occurrenceQueueStart))
    }

    /// Forgets deliveries before `date`; policies look back a few days at most. The
    /// occurrences they showed are remembered until ``pruneOccurrences(before:)``.
    ///
    /// - Complexity: O(*k*) for the *k* deliveries it forgets, plus moving the rest.
    public mutating func prune(before date: Date) {
        let count = deliveries.prefix { $0.date < date }.count
        guard count > 0 else { return }
        for delivery in deliveries[..<count] where indexes {
            guard let index = countsByID.index(forKey: delivery.id) else { continue }
            countsByID.values[index] -= 1
            if countsByID.values[index] <= 0 { countsByID.remove(at: index) }
        }
        deliveries.removeSubrange(..<count)
    }

    /// Forgets the occurrences last delivered before `date`.
    ///
    /// - Complexity: O(*k*) amortized for the *k* occurrences it forgets.
    public mutating func pruneOccurrences(before date: Date) {
        let end = occurrenceQueueStart + occurrenceQueue[occurrenceQueueStart...].prefix { $0.date < date }.count
        for queued in occurrenceQueue[occurrenceQueueStart..<end] {
            // A stale entry: the occurrence was delivered again, at a date still kept.
            if queued.named {
                if let index = occurrences.index(forKey: queued.key), occurrences.values[index] < date { occurrences.remove(at: index) }
            } else if let index = unnamedOccurrences.index(forKey: queued.key), unnamedOccurrences.values[index] < date {
                unnamedOccurrences.remove(at: index)
            }
        }
        occurrenceQueueStart = end
        if occurrenceQueueStart > 64, occurrenceQueueStart > occurrenceQueue.count / 2 {
            occurrenceQueue.removeSubrange(..<occurrenceQueueStart)
            occurrenceQueueStart = 0
        }
    }

    /// The occurrences remembered since this history was at `revision` (``revision``), with
    /// whether the delivery named them; `nil` when there were more than ``recentLimit``, or
    /// `revision` is not one this history was at.
    func remembered(since revision: Int) -> ArraySlice<(key: String, named: Bool)>? {
        let count = self.revision - revision
        guard count >= 0, count <= recent.count else { return nil }
        return recent.suffix(count)
    }

    /// When `occurrence` was last delivered, if it was (by the occurrence a delivery named).
    public func delivered(occurrence: String) -> Date? { occurrences[occurrence] }

    /// Whether a delivery of the request `id` is kept (until ``DeliveryHistory/prune(before:)``
    /// forgets it).
    ///
    /// - Complexity: O(1): one hash of the id.
    public func contains(id: String) -> Bool { indexes ? countsByID[id] != nil : deliveries.contains { $0.id == id } }

    /// Whether the delivery of the request `id` at `date` is kept.
    ///
    /// - Complexity: O(log *n*) for *n* kept deliveries: the deliveries at `date` are found by
    ///   halving, as they are kept in date order.
    func contains(id: String, date: Date) -> Bool {
        var (low, high) = (deliveries.startIndex, deliveries.endIndex)
        while low < high {
            let middle = low + (high - low) / 2
            if deliveries[middle].date < date { low = middle + 1 } else { high = middle }
        }
        while low < deliveries.endIndex, deliveries[low].date == date {
            if deliveries[low].id == id { return true }
            low += 1
        }
        return false
    }

    /// The deliveries of `list` that are not kept (by id and date), in order.
    ///
    /// - Complexity: O(*n* + *k*) for *n* in `list` and *k* kept when `list` is in date
    ///   order, as a center lists them: each is found by walking the kept deliveries beside
    ///   it, and only one not found there is looked up by its id.
    func unkept(_ list: [DeliveredNotification]) -> [DeliveredNotification] {
        var result: [DeliveredNotification] = []
        var kept = deliveries.startIndex
        for index in list.indices {
            let date = list[index].date
            while kept < deliveries.endIndex, deliveries[kept].date < date { kept += 1 }
            var probe = kept
            var found = false
            while !found, probe < deliveries.endIndex, deliveries[probe].date == date {
                found = deliveries[probe].id == list[index].id
                probe += 1
            }
            if !found, !contains(id: list[index].id, date: date) { result.append(list[index]) }
        }
        return result
    }

    /// The kept deliveries at or after `date`, oldest first.
    ///
    /// - Complexity: O(*k*) for the *k* it returns.
    func deliveries(since date: Date) -> [DeliveredNotification] {
        Array(deliveries[deliveries.suffixStart { $0.date >= date }...])
    }

    /// Two histories are equal when they keep the same deliveries and occurrences; how they
    /// are indexed does not count.
    public static func == (lhs: DeliveryHistory, rhs: DeliveryHistory) -> Bool {
        lhs.deliveries == rhs.deliveries && lhs.occurrences == rhs.occurrences && lhs.unnamedOccurrences == rhs.unnamedOccurrences
    }

    /// Hashes the deliveries and occurrences kept, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(deliveries)
        hasher.combine(occurrences)
        hasher.combine(unnamedOccurrences)
    }
}

extension Dictionary {
    /// Keeps the table at most about 3/8 full: a removal moves back the keys after it up to
    /// the next free bucket, hashing each, so a table that forgets a few keys every day (the
    /// occurrences of 400 days, a journal's entries) costs less to prune when it is sparse.
    mutating func keepSparse() {
        if capacity < 2 * count { reserveCapacity(4 * count) }
    }
}

extension Array {
    /// Where the run of last elements that satisfy `isLate` starts (`count` when the last
    /// does not), searching back from the end: in an array ordered by date, where to insert
    /// a new element or where the recent ones begin.
    ///
    /// - Complexity: O(*k*) for a run of *k*.
    fileprivate func suffixStart(where isLate: (Element) -> Bool) -> Int {
        var index = count
        while index > 0, isLate(self[index - 1]) { index -= 1 }
        return index
    }
}

/// "2 d", "3 h", "1 h 30 min", "45 min", "1 s": a policy's duration in whole minutes (in
/// seconds below one), for explanations; any value, even one no plan can reach, reads
/// without trapping.
func describe(_ interval: TimeInterval) -> String {
    let seconds = wholeSeconds(interval)
    if seconds < 60 { return "\(seconds) s" }
    let minutes = seconds / 60
    if minutes % 1440 == 0 { return "\(minutes / 1440) d" }
    if minutes % 60 == 0 { return "\(minutes / 60) h" }
    return minutes >= 60 ? "\(minutes / 60) h \(minutes % 60) min" : "\(minutes) min"
}
