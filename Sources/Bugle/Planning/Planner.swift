import Foundation

/// What a plan is computed from: everything but the rules and the configuration.
public struct PlanInput: Sendable {
    /// The moment of planning; candidates at or before it are past.
    public var now: Date
    /// The device's calendar; its time zone is the device's zone, in which wall-clock times are read.
    public var calendar: Calendar
    /// The app's state snapshot, which conditions and policies read.
    public var state: AppState
    /// Past deliveries: what caps, spacing and the no-re-notification policy count, and the
    /// occurrences the user has seen, which are never planned again.
    public var history: DeliveryHistory
    /// The center's pending request ids, all namespaces: ours keep stale data alive,
    /// others' take room from the budget.
    public var pendingRequestIDs: Set<String>
    /// The days the app marked completed, skipped or paused: candidates on those days are
    /// dropped (``DropReason/completed``, ``DropReason/skipped``, ``DropReason/paused``).
    public var marks: OccurrenceMarks
    /// The rules whose notifications the system would not show now, each with why (a channel
    /// the user turned off on Android, ``Center/silencedRules(among:)``): none of their candidates is
    /// planned, so they take no slot (``DropReason/silenced``; only the next one is listed).
    public var silencedRules: [String: String]
    /// What each rule that learns its send time (``ScheduledRule/learning``) has learned, by
    /// rule id: a rule missing here starts learning today, from its prior.
    public var learning: [String: SendTimeState] = [:]
    /// Seeds the learners' draws: the same learning, seed and day give the same send times.
    /// An app keeps one per install.
    public var learningSeed: UInt64 = 0
    /// What each rule with several texts (``ScheduledRule/copy``) has learned of them, by rule
    /// id: a rule missing here starts from its prior.
    public var copyLearning: [String: CopyState] = [:]
    /// How the user answered each rule's recent notifications, by rule id: what
    /// ``FatigueBackoff`` reads. The scheduler fills it for the rules such a policy covers.
    public var engagement: [String: RuleEngagement] = [:]

    /// An input at `now` on `calendar`; by default no state, no deliveries, nothing pending, no
    /// marks and no rule silenced.
    public init(
        now: Date, calendar: Calendar, state: AppState = AppState(), history: DeliveryHistory = DeliveryHistory(), pendingRequestIDs: Set<String> = [],
        marks: OccurrenceMarks = OccurrenceMarks(), silencedRules: [String: String] = [:]
    ) {
        self.now = now
        self.calendar = calendar
        self.state = state
        self.history = history
        self.pendingRequestIDs = pendingRequestIDs
        self.marks = marks
        self.silencedRules = silencedRules
    }
}

/// Turns rules, policies and a budget into a plan: the pure heart of Bugle.
///
/// Rules' candidate sequences are merged lazily through a heap, in fire-time order (the
/// higher priority first at equal times). Each candidate is checked in this order, and the
/// first check that does not keep it decides:
///
/// 1. its occurrence was delivered already (``DropReason/delivered``);
/// 2. its time has passed (``DropReason/past``);
/// 3. the app marked its rule's day completed, skipped or paused (``PlanInput/marks``), or
///    its rule's condition reads the day and does not hold on it (``DropReason/condition``);
/// 4. the policies, in the order given: a candidate a policy moves goes back into the heap
///    at its new time and passes every check from 1 again, except 3;
/// 5. the budget.
///
/// The report lists these checks with the policies' summaries (``PlanReport/checks``).
///
/// Priority decides under a cap: when a cap drops a candidate, and a candidate kept earlier
/// on the same day has a lower priority, the lower one gives up its slot (the lowest
/// priority of the candidate's group first, then of the day; the latest of those) and is
/// dropped with ``DropReason/cap``, its explanation naming the one that took the slot,
/// provided every policy then keeps the higher one. Deliveries already made keep their
/// slots. At equal priority the sooner keeps its slot. The budget, by contrast, keeps the
/// soonest candidates whatever their priority (priority orders only candidates at equal
/// times): a later candidate left out is planned by a later refresh, a sooner one would be
/// lost. A rule that must have slots whatever comes sooner takes a ``Rule/reserve``.
///
/// A rule whose condition does not read the day is gated whole before any of this: while
/// the condition does not hold, the rule proposes nothing. So is a rule the system would not
/// show (``PlanInput/silencedRules``, ``DropReason/silenced``). Survivors fill the budget,
/// reserves first. The planner pulls only as many candidates as the budget needs,
/// and builds none for a rule that tells its first fire date
/// (``Rule/firstCandidate(in:)``) until that rule's turn comes.
///
/// - Complexity: O(*r* + (*b* + *d*) log *r*) for *r* rules, a budget of *b* and *d*
///   dropped candidates, independent of how far ahead the rules reach; the heap holds small
///   keys, so the O(*r*) part is a few comparisons per rule.
public struct Planner: Sendable {
    /// The rules, in the order that breaks ties. Setting them reads what each can tell of
    /// its first candidate for every plan (``Rule/fixedFirstCandidate()``), in O(*r*).
    public var rules: [any Rule] {
        didSet { outline = Self.outline(of: rules) }
    }
    /// The policies every candidate goes through, in order: the first that does not keep it decides.
    public var policies: [any Policy] {
        didSet { checks = Self.checks(of: policies) }
    }
    /// How many requests a plan may hold.
    public var budget: Budget
    /// The prefix of the plan's request ids; reconcile touches only the requests in it.
    public var namespace: Namespace
    /// How far ahead rules are asked for candidates: 0 to
    /// ``PlanningContext/maximumLookahead`` (3,660 days); a longer lookahead plans 3,660 days.
    public var lookahead: TimeInterval
    /// What each rule told of its first candidate for every plan, by rule index: a compact
    /// table that a plan walks instead of the rules themselves.
    private var outline: [Outline]
    /// The report's checks but the budget's, written once per set of policies rather than
    /// at every plan (``PlanReport/checks``).
    private var checks: [String]

    /// A planner of `rules` that runs `policies` in order, within `budget` and `namespace`,
    /// asking rules for candidates up to `lookahead` seconds ahead: 400 days by default, 0 to
    /// 3,660 days.
    public init(
        rules: [any Rule], policies: [any Policy] = [], budget: Budget = Budget(), namespace: Namespace = Namespace(), lookahead: TimeInterval = 400 * 86_400
    ) {
        self.rules = rules
        self.policies = policies
        self.checks = Self.checks(of: policies)
        self.budget = budget
        self.namespace = namespace
        self.lookahead = lookahead
        self.outline = Self.outline(of: rules)
    }

    /// The candidate ids of deliveries that named no occurrence (planned before occurrences
    /// were kept), by the request id each one had in `namespace`.
    private static func unnamedDeliveries(_ history: DeliveryHistory, namespace: Namespace) -> [String: Date] {
        var delivered: [String: Date] = [:]
        for (requestID, date) in history.unnamedOccurrences {
            if let candidateID = namespace.candidateID(from: requestID) { delivered[candidateID] = max(delivered[candidateID] ?? date, date) }
        }
        return delivered
    }

    /// What the plan for `input` keeps of `previous` (see ``plan(_:continuing:)``), with the
    /// budget's `capacity` now and `deliveredDrop` checking the deliveries now; `nil` when
    /// it must plan afresh. With `revision`, the ``DeliveryHistory/revision`` of the history
    /// `previous` was planned with, its entries are checked only against the occurrences
    /// remembered since, when the history can list them.
    private func kept(
        from previous: Plan, input: PlanInput, capacity: Int, revision: Int?, deliveredDrop: (Candidate) -> DroppedCandidate?
    ) -> Continuation? {
        guard policies.isEmpty, previous.namespace == namespace, previous.report.capacity == capacity, previous.report.now <= input.now,
            input.marks.isEmpty, input.silencedRules.isEmpty, input.learning.isEmpty, input.copyLearning.isEmpty,
            previous.report.inactiveRules.isEmpty, previous.report.silencedRules.isEmpty,
            previous.report.coverage.limit == .budget, let from = previous.report.coverage.horizon,
            previous.entries.last.map({ $0.candidate.fireDate < from }) ?? true,
            rules.allSatisfy(Self.continues)
        else { return nil }
        // The earlier plan stopped at the one candidate the budget left out, at `from`; every
        // candidate before it was kept or had been delivered.
        var budgetDrops = 0
        for drop in previous.report.dropped {
            switch drop.reason {
            case .budget:
                guard drop.candidate.fireDate == from else { return nil }
                budgetDrops += 1
            case .delivered:
                guard drop.candidate.fireDate < from else { return nil }
            default:
                return nil
            }
        }
        guard budgetDrops == 1 else { return nil }
        var kept = Continuation(entries: [], dropped: [], considered: 0, from: from)
        kept.entries.reserveCapacity(previous.entries.count)
        // The earlier plan's entries had not been delivered then: only an occurrence
        // remembered since can have been (a few, read by length first), unless the history
        // cannot say which.
        let since = revision.flatMap { input.history.remembered(since: $0) }
        let recent = since.flatMap { $0.allSatisfy(\.named) ? $0.map { (key: $0.key, length: $0.key.utf8.count) } : nil }
        for entry in previous.entries where entry.candidate.fireDate > input.now {
            kept.considered += 1
            if let recent {
                let occurrence = entry.candidate.occurrence
                let length = occurrence.utf8.count
                guard recent.contains(where: { $0.length == length && $0.key == occurrence }) else {
                    kept.entries.append(entry)
                    continue
                }
            }
            if let drop = deliveredDrop(entry.candidate) {
                kept.dropped.append(drop)
            } else {
                kept.entries.append(entry)
            }
        }
        for drop in previous.report.dropped where drop.reason == .delivered && drop.candidate.fireDate > input.now {
            kept.considered += 1
            // Forgotten since (a delivery older than the history keeps): it would be planned
            // among the entries, so the plan starts afresh.
            guard let again = deliveredDrop(drop.candidate) else { return nil }
            kept.dropped.append(again)
        }
        return kept
    }

    /// A rule's first candidate as a plan reads it, when the rule has no condition and no
    /// reserve and tells it once (16 bytes and a tag, so that the table stays contiguous).
    private enum Outline: Sendable {
        /// Ask the rule at each plan.
        case ask
        case nothing
        case wallClock(localSeconds: Int, priority: Int)
        /// `Date.timeIntervalSinceReferenceDate`.
        case instant(Double, priority: Int)
    }

    private static func checks(of policies: [any Policy]) -> [String] {
        ["delivered already", "time passed", "marks and conditions by day"] + policies.map(\.summary)
    }

    private static func outline(of rules: [any Rule]) -> [Outline] {
        var outline: [Outline] = []
        outline.reserveCapacity(rules.count)
        for index in rules.indices {
            guard rules[index].condition == nil, rules[index].reserve == 0 else {
                outline.append(.ask)
                continue
            }
            switch rules[index].fixedFirstCandidate() {
            case .unknown: outline.append(.ask)
            case .nothing: outline.append(.nothing)
            case .wallClock(let local, let priority): outline.append(.wallClock(localSeconds: local.localSeconds, priority: priority))
            case .instant(let date, let priority): outline.append(.instant(date.timeIntervalSinceReferenceDate, priority: priority))
            }
        }
        return outline
    }

    /// The drop of a candidate whose day the app marked, or on which its rule's condition
    /// does not hold; `nil` when neither. The day is the local date of its fire time as the
    /// rule proposed it.
    private static func dayDrop(_ item: CandidateQueue.Item, marks: OccurrenceMarks, conditions: [Int: Condition], state: AppState, zone: ZoneRules)
        -> DroppedCandidate?
    {
        let candidate = item.candidate
        let day: Int
        switch candidate.fireTime {
        case .wallClock(let local): day = local.date.dayNumber
        case .zoned: day = zone.dayNumber(at: candidate.fireDate)
        }
        if !marks.isEmpty, let mark = marks.mark(ruleID: candidate.ruleID, onDay: day) {
            return DroppedCandidate(candidate: candidate, reason: mark.kind.dropReason, explanation: Explanation { "the app marked \(mark)" })
        }
        if let condition = conditions[item.source], !condition.evaluate(state, on: LocalDate(dayNumber: day)) {
            return DroppedCandidate(
                candidate: candidate, reason: .condition,
                explanation: Explanation {
                    "condition \(condition) does not hold on \(LocalDate(dayNumber: day))"
                })
        }
        return nil
    }

    /// A candidate kept on a day whose cap dropped another, with its local time.
    private struct SlotHolder: Sendable {
        var candidate: Candidate
        var time: LocalTime
    }

    /// A cap's explanation followed by the kept candidates that hold the day's slots: "…; the
    /// slot went to rescue@2026-03-05 (priority 9, 19:00)". Caps keep candidates in fire-time
    /// order, the higher priority first at equal times; deliveries of the day hold slots too.
    private static func naming(_ holders: [SlotHolder], after detail: Explanation) -> Explanation {
        Explanation {
            guard !holders.isEmpty else { return "\(detail.text); the slots went to the day's deliveries" }
            let names = holders.prefix(3).map { "\($0.candidate.id) (priority \($0.candidate.priority), \($0.time))" }
            let more = holders.count > 3 ? " and \(holders.count - 3) more" : ""
            return "\(detail.text); the slot\(holders.count == 1 ? "" : "s") went to \(names.joined(separator: ", "))\(more)"
        }
    }

    /// The planner's state for one rule whose candidates are (or may be) in the queue.
    private struct Cursor {
        /// The rule's candidates still to come; `nil` before they are built and once done.
        var iterator: AnyIterator<Candidate>?
        /// The rule's candidates (or announced first candidate) in the queue.
        var queued = 0
        /// The rule's reserved slots.
        var reserve = 0
        /// Reserved slots not yet taken while the rule may still propose candidates.
        var waiting = 0
        /// The fire date of the candidate last drawn from `iterator`.
        var lastDrawn = Date.distantPast
        /// After a jump, the rule's candidates drawn before it that fire before this are
        /// passed over when they come out of the queue.
        var skipBefore: Date?
    }

    /// Computes the plan for `input`.
    public func plan(_ input: PlanInput) -> Plan { plan(input, continuing: nil, revision: nil) }

    /// What a plan keeps of an earlier one (``plan(_:continuing:)``): its entries and drops
    /// still ahead, rechecked against the deliveries, and where its rules' candidates resume.
    private struct Continuation {
        var entries: [PlanEntry]
        var dropped: [DroppedCandidate]
        var considered: Int
        /// The rules' candidates at or after this moment are planned afresh.
        var from: Date
    }

    /// Whether `rule` proposes, at any moment, the candidates it proposed at an earlier one
    /// that come after it: a repeating ``ScheduledRule`` that reads nothing but the device's
    /// zone (no condition, count, reserve, learned time or texts).
    private static func continues(_ rule: any Rule) -> Bool {
        guard let rule = rule as? ScheduledRule, rule.condition == nil, rule.count == nil, rule.reserve == 0, rule.learning == nil, rule.copy == nil
        else { return false }
        switch rule.schedule {
        case .daily, .weekly, .every: return true
        case .once, .onceAt: return false
        }
    }

    /// The plan for `input`, the same as ``plan(_:)`` computes, continuing `previous` where it
    /// can: a plan by this planner at an earlier moment from an input that differed only in
    /// the moment, the deliveries and the pending requests (the same calendar and state).
    ///
    /// Without policies, marks or learning, over rules that ``continues(_:)``, a plan is its
    /// rules' candidates after now in fire-time order, less those delivered, up to the
    /// budget. So the earlier plan's entries and delivered drops still ahead are this plan's
    /// first candidates, and the rules resume at the candidate the budget left out: only
    /// the deliveries are checked again, and only the candidates past the earlier plan built.
    /// Otherwise, or when the earlier plan ended otherwise than at the budget, it plans afresh.
    ///
    /// `revision` is the ``DeliveryHistory/revision`` of the history `previous` was planned
    /// with, when `input.history` is that history since (the scheduler's, refresh after
    /// refresh): its entries are then checked only against the occurrences remembered since.
    func plan(_ input: PlanInput, continuing previous: Plan?, revision: Int? = nil) -> Plan {
        var context = PlanningContext(now: input.now, calendar: input.calendar, state: input.state, lookahead: lookahead)
        context.learning = input.learning
        context.learningSeed = input.learningSeed
        context.copyLearning = input.copyLearning
        let foreignPending = input.pendingRequestIDs.count { !namespace.owns($0) }
        var policyContext = PolicyContext(
            now: input.now, zone: context.zone, state: input.state, pendingRequestIDs: input.pendingRequestIDs, namespace: namespace)
        policyContext.engagement = input.engagement
        policyContext.learningSeed = input.learningSeed
        let capacity = budget.capacity(foreignPending: foreignPending)
        // Only policies read the ledger: without them, the deliveries are not counted.
        var ledger = policies.isEmpty ? PlanLedger() : PlanLedger(history: input.history, zone: context.zone)
        ledger.countsRules = policies.contains { $0.readsRuleCounts }
        var dropped: [DroppedCandidate] = []
        var considered = 0
        let zone = context.zone
        // The occurrences the user was shown, and deliveries that named none (planned before
        // occurrences were kept), which stand for the candidate with their request's id.
        let delivered = input.history.occurrences
        let unnamed = input.history.unnamedOccurrences.isEmpty ? [:] : Self.unnamedDeliveries(input.history, namespace: namespace)
        // A few (the usual case: a day or two of deliveries) are searched, by length first,
        // which costs less than hashing every candidate's occurrence.
        let fewDelivered = delivered.count <= 8 ? delivered.map { (key: $0.key, length: $0.key.utf8.count, date: $0.value) } : nil
        /// The drop of `candidate` when its occurrence was shown already (whatever changed
        /// since): it is never planned again.
        func deliveredDrop(_ candidate: Candidate) -> DroppedCandidate? {
            var seen: Date?
            if delivered.isEmpty {
                seen = nil
            } else if let fewDelivered {
                let occurrence = candidate.occurrence
                let length = occurrence.utf8.count
                seen = fewDelivered.first { $0.length == length && $0.key == occurrence }?.date
            } else {
                seen = delivered[candidate.occurrence]
            }
            if seen == nil, !unnamed.isEmpty { seen = unnamed[candidate.id] }
            guard let seen else { return nil }
            let (occurrence, offset) = (candidate.occurrence, zone.offset(at: seen))
            return DroppedCandidate(
                candidate: candidate, reason: .delivered,
                explanation: Explanation {
                    "\(occurrence) was delivered at \(ISO8601.string(from: seen, offset: offset))"
                })
        }
        let continuation = previous.flatMap { kept(from: $0, input: input, capacity: capacity, revision: revision, deliveredDrop: deliveredDrop) }
        if let continuation {
            dropped = continuation.dropped
            considered = continuation.considered
        }
        // The budget's room for candidates not kept from the earlier plan.
        let room = capacity - (continuation?.entries.count ?? 0)

        // Each active rule's first candidate, announced or built, primes the queue. Rules
        // with a fixed first candidate are read from the outline alone and get a cursor only
        // when their turn comes; the others get one now.
        var cursors: [Cursor] = []
        var waitingRules = 0
        // Room for the candidates a plan usually builds; a huge limit (a custom platform) grows it as needed.
        var queue = CandidateQueue(announced: rules.count, built: 2 * min(capacity, 1_024) + 16)
        var inactiveRules: [String: String] = [:]
        // Conditions tested per candidate on its day, by rule index.
        var dayConditions: [Int: Condition] = [:]
        var silencedRules: [String: String] = [:]
        for index in outline.indices {
            if let continuation {
                // Resumes where the earlier plan's budget stopped.
                guard let iterator = rules[index].candidates(in: context, from: continuation.from), let first = iterator.next() else { continue }
                queue.insert(CandidateQueue.Item(candidate: first, source: index, cursor: cursors.count, moves: 0))
                var cursor = Cursor()
                cursor.iterator = iterator
                cursor.lastDrawn = first.fireDate
                cursor.queued = 1
                cursors.append(cursor)
                continue
            }
            if !input.silencedRules.isEmpty, let why = input.silencedRules[rules[index].id] {
                // The system would not show them: they take no slot.
                silencedRules[rules[index].id] = why
                if let next = rules[index].candidates(in: context).next() {
                    considered += 1
                    dropped.append(DroppedCandidate(candidate: next, reason: .silenced, detail: why))
                }
                continue
            }
            switch outline[index] {
            case .nothing:
                continue
            case .wallClock(let localSeconds, let priority):
                let date = Date(timeIntervalSince1970: TimeInterval(zone.instant(forLocalSeconds: localSeconds)))
                queue.announce(source: index, cursor: nil, fireDate: date, priority: priority)
                continue
            case .instant(let date, let priority):
                queue.announce(source: index, cursor: nil, fireDate: Date(timeIntervalSinceReferenceDate: date), priority: priority)
                continue
            case .ask:
                break
            }
            let rule = rules[index]
            if let condition = rule.condition, condition.readsOccurrenceDate {
                dayConditions[index] = condition
            } else if let condition = rule.condition, !condition.evaluate(input.state) {
                inactiveRules[rule.id] = "condition \(condition) does not hold"
                if let next = rule.candidates(in: context).next() {
                    considered += 1
                    dropped.append(DroppedCandidate(candidate: next, reason: .condition, detail: "condition \(condition) does not hold"))
                }
                continue
            }
            var cursor = Cursor(reserve: max(rule.reserve, 0))
            switch rule.firstCandidate(in: context) {
            case .nothing:
                continue
            case .at(let fireDate, let priority):
                queue.announce(source: index, cursor: cursors.count, fireDate: fireDate, priority: priority)
            case .unknown:
                let iterator = rule.candidates(in: context)
                guard let first = iterator.next() else { continue }
                queue.insert(CandidateQueue.Item(candidate: first, source: index, cursor: cursors.count, moves: 0))
                cursor.iterator = iterator
                cursor.lastDrawn = first.fireDate
            }
            cursor.queued = 1
            if cursor.reserve > 0 {
                cursor.waiting = cursor.reserve
                waitingRules += 1
            }
            cursors.append(cursor)
        }
        queue.order()
        func enqueue(_ item: consuming CandidateQueue.Item) {
            cursors[item.cursor].queued += 1
            if item.moves == 0 { cursors[item.cursor].lastDrawn = item.candidate.fireDate }
            queue.push(item)
        }
        // A rule may jump past what a policy closed only when no policy before that one
        // could have moved a candidate out of the closed time instead.
        let firstMover = policies.firstIndex { $0.movesCandidates } ?? policies.count
        /// Lets the rule of `cursor` jump to `until` when it can, instead of drawing the
        /// candidates a policy has closed; returns whether it did.
        func jump(_ cursor: Int, source: Int, to until: Date) -> Bool {
            guard cursors[cursor].iterator != nil, cursors[cursor].lastDrawn < until,
                let jumped = rules[source].candidates(in: context, from: until)
            else { return false }
            cursors[cursor].skipBefore = until
            if let next = jumped.next() {
                cursors[cursor].iterator = jumped
                enqueue(CandidateQueue.Item(candidate: next, source: source, cursor: cursor, moves: 0))
            } else {
                cursors[cursor].iterator = nil
            }
            return true
        }
        /// The rule of `cursor` proposes nothing more: its reserve stops waiting.
        func finishIfDone(_ cursor: Int) {
            if cursors[cursor].iterator == nil, cursors[cursor].queued == 0, cursors[cursor].waiting > 0 {
                cursors[cursor].waiting = 0
                waitingRules -= 1
            }
        }

        // Survivors of the policies, in order; more than `capacity` only while a rule with
        // a reserve still waits for its first candidates.
        var survivors: [CandidateQueue.Item] = []
        // A limit can be large (a custom platform); what a plan holds is far smaller at first.
        survivors.reserveCapacity(min(capacity, 256) + 1)
        var firstOverflow: CandidateQueue.Item?
        /// The kept candidates that hold a cap's slots on `candidate`'s local day: those of
        /// its group when it has one and they are there, else all of the day's. Survivors come
        /// in fire-time order, so they are the last ones.
        func slotHolders(of candidate: Candidate) -> [SlotHolder] {
            let startOfDay = zone.startOfDay(zone.localDate(at: candidate.fireDate))
            var holders: [SlotHolder] = []
            for survivor in survivors.reversed() {
                guard survivor.candidate.fireDate >= startOfDay else { break }
                holders.append(SlotHolder(candidate: survivor.candidate, time: zone.localDateTime(at: survivor.candidate.fireDate).time))
            }
            holders.reverse()
            if let group = candidate.group, holders.contains(where: { $0.candidate.group == group }) {
                holders.removeAll { $0.candidate.group != group }
            }
            return holders
        }
        /// Runs the policies in order on `candidate` in place: the first that does not keep it
        /// decides, and its index is returned with its decision; `nil` when all keep it.
        func judge(_ candidate: inout Candidate, _ ledger: PlanLedger, from first: Int = 0) -> (PolicyDecision?, Int) {
            for index in first..<policies.count {
                let decision = policies[index].evaluate(candidate, context: policyContext, ledger: ledger)
                guard case .keep(let kept) = decision else { return (decision, index) }
                candidate = kept
            }
            return (nil, policies.count)
        }
        /// When a cap dropped `candidate`, a kept candidate of the same day with a lower
        /// priority that can give up its slot: the lowest priority (of the candidate's group
        /// first, for a group's cap), the latest of those. Returns it with the ledger
        /// without it and the candidate as every policy keeps it there, or `nil` when no
        /// such candidate makes room. The policies before `decider` (the cap) kept the
        /// candidate already and are not asked again: taking a kept candidate out of the
        /// ledger only loosens what they read.
        func displace(for candidate: Candidate, from decider: Int) -> (index: Int, ledger: PlanLedger, kept: Candidate)? {
            let day = zone.dayNumber(at: candidate.fireDate)
            var lowest: Int?
            var lowestInGroup: Int?
            for index in survivors.indices.reversed() {
                let held = survivors[index].candidate
                guard zone.dayNumber(at: held.fireDate) == day else { break }
                guard held.priority < candidate.priority else { continue }
                if lowest.map({ held.priority < survivors[$0].candidate.priority }) ?? true { lowest = index }
                if candidate.group != nil, held.group == candidate.group,
                    lowestInGroup.map({ held.priority < survivors[$0].candidate.priority }) ?? true
                {
                    lowestInGroup = index
                }
            }
            var tried: Set<Int> = []
            for index in [lowestInGroup, lowest].compactMap({ $0 }) where tried.insert(index).inserted {
                let held = survivors[index].candidate
                var trial = ledger
                let latest = index == survivors.count - 1 ? survivors.dropLast().last?.candidate.fireDate : survivors.last?.candidate.fireDate
                let latestWithKey = held.dedupeKey.flatMap { key in
                    survivors.indices.reversed().first { $0 != index && survivors[$0].candidate.dedupeKey == key }.map { survivors[$0].candidate.fireDate }
                }
                trial.remove(held, zone: zone, latest: latest, latestWithKey: latestWithKey)
                var kept = candidate
                let (decision, _) = judge(&kept, trial, from: decider)
                guard decision == nil else { continue }
                return (index, trial, kept)
            }
            return nil
        }
        /// A displaced candidate's rule waits again for the reserved slots it no longer fills.
        func restoreReserve(_ cursor: Int) {
            guard cursors[cursor].reserve > 0, cursors[cursor].iterator != nil || cursors[cursor].queued > 0 else { return }
            let held = survivors.count { $0.cursor == cursor }
            let waiting = max(cursors[cursor].reserve - held, 0)
            if cursors[cursor].waiting == 0, waiting > 0 { waitingRules += 1 }
            if cursors[cursor].waiting > 0, waiting == 0 { waitingRules -= 1 }
            cursors[cursor].waiting = waiting
        }
        var lookaheadReached = false
        // Built once for every candidate the budget leaves out.
        let planFull = Explanation { "the plan is full (\(capacity) requests)" }

        planning: while true {
            var item: CandidateQueue.Item
            switch queue.pop() {
            case nil:
                break planning
            case .announced(let source, let known)?:
                // The rule's turn has come: build its candidates; the first goes back into
                // the queue, where it comes out next.
                let cursor: Int
                if let known {
                    cursor = known
                    cursors[cursor].queued -= 1
                } else {
                    cursor = cursors.count
                    cursors.append(Cursor())
                }
                let iterator = rules[source].candidates(in: context)
                if let first = iterator.next() {
                    cursors[cursor].iterator = iterator
                    enqueue(CandidateQueue.Item(candidate: first, source: source, cursor: cursor, moves: 0))
                } else {
                    finishIfDone(cursor)
                }
                continue
            case .item(let popped)?:
                item = popped
            }
            let cursor = item.cursor
            cursors[cursor].queued -= 1
            defer { finishIfDone(cursor) }
            if item.moves == 0, let skipBefore = cursors[cursor].skipBefore, item.candidate.fireDate < skipBefore {
                // Drawn before the rule jumped, into time a policy had closed: passed over.
                continue
            }
            if item.candidate.fireDate > context.lookaheadEnd {
                // Later candidates of this rule are further still: stop asking it.
                lookaheadReached = true
                cursors[cursor].iterator = nil
                continue
            }
            if item.moves == 0 {
                considered += 1
                if let iterator = cursors[cursor].iterator {
                    if let next = iterator.next() {
                        enqueue(CandidateQueue.Item(candidate: next, source: item.source, cursor: cursor, moves: 0))
                    } else {
                        cursors[cursor].iterator = nil
                    }
                }
            }
            // Shown already (whatever changed since): never planned again.
            if let drop = deliveredDrop(item.candidate) {
                dropped.append(drop)
                continue
            }
            if item.candidate.fireDate <= input.now {
                let date = item.candidate.fireDate
                let offset = zone.offset(at: date)
                dropped.append(
                    DroppedCandidate(
                        candidate: item.candidate, reason: .past,
                        explanation: Explanation {
                            "its time \(ISO8601.string(from: date, offset: offset)) has passed"
                        }))
                continue
            }
            if item.moves == 0, !input.marks.isEmpty || !dayConditions.isEmpty,
                let drop = Self.dayDrop(item, marks: input.marks, conditions: dayConditions, state: input.state, zone: zone)
            {
                dropped.append(drop)
                continue
            }
            // The policies in order, on the item in place: the first that does not keep it decides.
            var (verdict, decider) = judge(&item.candidate, ledger)
            if let capDetail = verdict?.capDetail, let displacement = displace(for: item.candidate, from: decider) {
                // A higher priority takes a slot a lower one held on the day: the lower one goes.
                let victim = survivors.remove(at: displacement.index)
                ledger = displacement.ledger
                item.candidate = displacement.kept
                let (winner, time) = (displacement.kept, zone.localDateTime(at: displacement.kept.fireDate).time)
                dropped.append(
                    DroppedCandidate(
                        candidate: victim.candidate, reason: .cap,
                        explanation: Explanation {
                            "\(capDetail.text); the slot went to \(winner.id) (priority \(winner.priority), \(time)), which ranks higher"
                        }))
                restoreReserve(victim.cursor)
                (verdict, decider) = (nil, 0)
            }
            switch verdict {
            case .move(let fireTime, let date, let reason, let detail)?:
                guard item.moves < 3, date > item.candidate.fireDate else {
                    dropped.append(
                        DroppedCandidate(
                            candidate: item.candidate, reason: reason,
                            explanation: Explanation {
                                "could not be moved: \(detail.text)"
                            }))
                    continue
                }
                item.candidate.adjustments.append(Adjustment(policy: reason, explanation: detail))
                item.candidate.fireTime = fireTime
                item.candidate.fireDate = date
                item.moves += 1
                enqueue(item)
            case .drop(let reason, var detail)?:
                if reason == .cap { detail = Self.naming(slotHolders(of: item.candidate), after: detail) }
                dropped.append(DroppedCandidate(candidate: item.candidate, reason: reason, explanation: detail))
            case .dropUntil(let reason, let given, let closedUntil)?:
                let detail = reason == .cap ? Self.naming(slotHolders(of: item.candidate), after: given) : given
                // Past the lookahead is as far as any rule is asked.
                let until = min(closedUntil, context.lookaheadEnd.addingTimeInterval(1))
                if decider <= firstMover, until > item.candidate.fireDate, jump(cursor, source: item.source, to: until) {
                    let (rule, zone) = (item.candidate.ruleID, context.zone)
                    dropped.append(
                        DroppedCandidate(
                            candidate: item.candidate, reason: reason,
                            explanation: Explanation {
                                "\(detail.text); \(rule)'s candidates before \(ISO8601.string(from: until, rules: zone)) are passed over"
                            }))
                } else {
                    dropped.append(DroppedCandidate(candidate: item.candidate, reason: reason, explanation: detail))
                }
            case .keep?, nil:
                if survivors.count >= room, cursors[cursor].waiting == 0 {
                    // The budget is full for this candidate; pull on only for waiting reserves.
                    if firstOverflow == nil { firstOverflow = item }
                    if waitingRules == 0 { break planning }
                    continue
                }
                if !policies.isEmpty { ledger.record(item.candidate, zone: zone) }
                if cursors[cursor].waiting > 0 {
                    cursors[cursor].waiting -= 1
                    if cursors[cursor].waiting == 0 { waitingRules -= 1 }
                }
                survivors.append(item)
            }
        }

        // Fill the budget: reserved slots first, then the soonest.
        var chosen = [Bool](repeating: false, count: survivors.count)
        var taken = 0
        if cursors.contains(where: { $0.reserve > 0 }) {
            var reservedLeft = cursors.map(\.reserve)
            for index in survivors.indices where taken < room {
                let cursor = survivors[index].cursor
                if reservedLeft[cursor] > 0 {
                    chosen[index] = true
                    taken += 1
                    reservedLeft[cursor] -= 1
                }
            }
        }
        for index in survivors.indices where !chosen[index] && taken < room {
            chosen[index] = true
            taken += 1
        }
        var entries = continuation?.entries ?? []
        entries.reserveCapacity(entries.count + taken)
        var overflow: [CandidateQueue.Item] = []
        for index in survivors.indices {
            if chosen[index] {
                let candidate = survivors[index].candidate
                let request = NotificationRequest(
                    id: namespace.requestID(for: candidate.id), fireTime: candidate.fireTime, content: candidate.content,
                    ruleID: candidate.ruleID, group: candidate.group, dedupeKey: candidate.dedupeKey, occurrence: candidate.occurrence)
                entries.append(PlanEntry(candidate: candidate, request: request))
            } else {
                overflow.append(survivors[index])
            }
        }
        if let firstOverflow { overflow.append(firstOverflow) }
        overflow.sort { $0.precedes($1) }
        for item in overflow {
            dropped.append(DroppedCandidate(candidate: item.candidate, reason: .budget, explanation: planFull))
        }
        dropped.sort { ($0.candidate.fireDate, $0.candidate.id) < ($1.candidate.fireDate, $1.candidate.id) }

        let coverage: Coverage
        if let first = overflow.first {
            coverage = Coverage(horizon: first.candidate.fireDate, limit: .budget)
        } else if lookaheadReached {
            coverage = Coverage(horizon: context.lookaheadEnd, limit: .lookahead)
        } else {
            coverage = Coverage(horizon: nil, limit: .exhausted)
        }
        var report = PlanReport(
            now: input.now, capacity: capacity, considered: considered, dropped: dropped, inactiveRules: inactiveRules, silencedRules: silencedRules,
            coverage: coverage)
        report.checks = checks + ["budget: \(capacity) requests, the soonest first, the higher priority first at equal times; reserves first"]
        return Plan(namespace: namespace, entries: entries, report: report)
    }
}
