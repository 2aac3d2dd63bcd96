import Foundation

/// What a plan is computed from: everything but the rules and the configuration.
public struct PlanInput: Sendable {
    public var now: Date
    public var calendar: Calendar
    public var state: AppState
    public var history: DeliveryHistory
    /// The center's pending request ids, all namespaces: ours keep stale data alive,
    /// others' take room from the budget.
    public var pendingRequestIDs: Set<String>

    public init(now: Date, calendar: Calendar, state: AppState = AppState(), history: DeliveryHistory = DeliveryHistory(), pendingRequestIDs: Set<String> = []) {
        self.now = now
        self.calendar = calendar
        self.state = state
        self.history = history
        self.pendingRequestIDs = pendingRequestIDs
    }
}

/// Turns rules, policies and a budget into a plan: the pure heart of Bugle.
///
/// Rules' candidate sequences are merged lazily through a heap, in fire-time order (the
/// higher priority first at equal times). Each candidate passes the policies in order; a
/// candidate a policy moves goes back into the heap at its new time. Survivors fill the
/// budget, reserves first. The planner pulls only as many candidates as the budget needs.
///
/// - Complexity: O((*r* + *b* + *d*) log *r*) for *r* rules, a budget of *b* and *d*
///   dropped candidates, independent of how far ahead the rules reach.
public struct Planner: Sendable {
    public var rules: [any Rule]
    public var policies: [any Policy]
    public var budget: Budget
    public var namespace: Namespace
    /// How far ahead rules are asked for candidates.
    public var lookahead: TimeInterval

    public init(rules: [any Rule], policies: [any Policy] = [], budget: Budget = Budget(), namespace: Namespace = Namespace(), lookahead: TimeInterval = 400 * 86_400) {
        self.rules = rules
        self.policies = policies
        self.budget = budget
        self.namespace = namespace
        self.lookahead = lookahead
    }

    private struct Item: Comparable {
        var candidate: Candidate
        /// The rule's index in `rules`.
        var source: Int
        /// How many times a policy moved it.
        var moves: Int

        static func < (lhs: Item, rhs: Item) -> Bool {
            if lhs.candidate.fireDate != rhs.candidate.fireDate { return lhs.candidate.fireDate < rhs.candidate.fireDate }
            if lhs.candidate.priority != rhs.candidate.priority { return lhs.candidate.priority > rhs.candidate.priority }
            if lhs.source != rhs.source { return lhs.source < rhs.source }
            return lhs.candidate.id < rhs.candidate.id
        }

        static func == (lhs: Item, rhs: Item) -> Bool {
            lhs.candidate.fireDate == rhs.candidate.fireDate && lhs.candidate.priority == rhs.candidate.priority && lhs.source == rhs.source && lhs.candidate.id == rhs.candidate.id
        }
    }

    /// Computes the plan for `input`.
    public func plan(_ input: PlanInput) -> Plan {
        let context = PlanningContext(now: input.now, calendar: input.calendar, state: input.state, lookahead: lookahead)
        var ourPending = Set<String>()
        var foreignPending = 0
        for id in input.pendingRequestIDs {
            if let candidateID = namespace.candidateID(from: id) { ourPending.insert(candidateID) } else { foreignPending += 1 }
        }
        let policyContext = PolicyContext(now: input.now, zone: context.zone, state: input.state, pendingIDs: ourPending)
        let capacity = budget.capacity(foreignPending: foreignPending)
        var ledger = PlanLedger(history: input.history, zone: context.zone)
        var dropped: [DroppedCandidate] = []
        var considered = 0

        // One iterator per active rule, primed into the heap.
        var iterators: [AnyIterator<Candidate>?] = Array(repeating: nil, count: rules.count)
        var seed: [Item] = []
        seed.reserveCapacity(rules.count)
        var reserves: [Int: Int] = [:]
        var inactiveRules: [String: String] = [:]
        for (index, rule) in rules.enumerated() {
            let iterator = rule.candidates(in: context)
            if let condition = rule.condition, !condition.evaluate(input.state) {
                inactiveRules[rule.id] = "condition \(condition) does not hold"
                if let next = iterator.next() {
                    considered += 1
                    dropped.append(DroppedCandidate(candidate: next, reason: .condition, detail: "condition \(condition) does not hold"))
                }
                continue
            }
            if rule.reserve > 0 { reserves[index] = rule.reserve }
            if let first = iterator.next() {
                seed.append(Item(candidate: first, source: index, moves: 0))
                iterators[index] = iterator
            }
        }
        var heap = MinHeap(seed)

        // Survivors of the policies, in order; more than `capacity` only while a rule with
        // a reserve still waits for its first candidates.
        var survivors: [Item] = []
        var reserveWaiting = reserves
        var firstOverflow: Item?
        var lookaheadReached = false

        // Items of each rule in the heap: a reserve waits while its rule has any left.
        var queued = [Int](repeating: 0, count: rules.count)
        for item in seed { queued[item.source] += 1 }
        func enqueue(_ item: Item) {
            heap.insert(item)
            queued[item.source] += 1
        }

        while let item = heap.popMin() {
            queued[item.source] -= 1
            defer {
                if iterators[item.source] == nil, queued[item.source] == 0 { reserveWaiting[item.source] = nil }
            }
            if item.candidate.fireDate > context.lookaheadEnd {
                // Later candidates of this rule are further still: stop asking it.
                lookaheadReached = true
                iterators[item.source] = nil
                continue
            }
            if item.moves == 0, let iterator = iterators[item.source] {
                if let next = iterator.next() {
                    enqueue(Item(candidate: next, source: item.source, moves: 0))
                } else {
                    iterators[item.source] = nil
                }
            }
            var candidate = item.candidate
            if item.moves == 0 { considered += 1 }
            if candidate.fireDate <= input.now {
                dropped.append(DroppedCandidate(candidate: candidate, reason: .past, detail: "its time \(ISO8601.string(from: candidate.fireDate, rules: context.zone)) has passed"))
                continue
            }
            var outcome: (DropReason, String)?
            var moved = false
            for policy in policies {
                switch policy.evaluate(candidate, context: policyContext, ledger: ledger) {
                case .keep(let kept):
                    candidate = kept
                case .drop(let reason, let detail):
                    outcome = (reason, detail)
                case .move(let fireTime, let date, let reason, let detail):
                    if item.moves >= 3 || date <= candidate.fireDate {
                        outcome = (reason, "could not be moved: \(detail)")
                    } else {
                        candidate.adjustments.append(Adjustment(policy: reason, detail: detail))
                        candidate.fireTime = fireTime
                        candidate.fireDate = date
                        enqueue(Item(candidate: candidate, source: item.source, moves: item.moves + 1))
                        moved = true
                    }
                }
                if outcome != nil || moved { break }
            }
            if moved { continue }
            if let (reason, detail) = outcome {
                dropped.append(DroppedCandidate(candidate: candidate, reason: reason, detail: detail))
                continue
            }
            let kept = Item(candidate: candidate, source: item.source, moves: item.moves)
            if survivors.count >= capacity, (reserveWaiting[item.source] ?? 0) == 0 {
                // The budget is full for this candidate; pull on only for waiting reserves.
                if firstOverflow == nil { firstOverflow = kept }
                if reserveWaiting.values.allSatisfy({ $0 == 0 }) { break }
                continue
            }
            survivors.append(kept)
            ledger.record(candidate, zone: context.zone)
            if let waiting = reserveWaiting[item.source], waiting > 0 { reserveWaiting[item.source] = waiting - 1 }
        }

        // Fill the budget: reserved slots first, then the soonest.
        var chosen = [Bool](repeating: false, count: survivors.count)
        var taken = 0
        var reservedLeft = reserves
        for (index, item) in survivors.enumerated() where taken < capacity {
            if let left = reservedLeft[item.source], left > 0 {
                chosen[index] = true
                taken += 1
                reservedLeft[item.source] = left - 1
            }
        }
        for index in survivors.indices where !chosen[index] && taken < capacity {
            chosen[index] = true
            taken += 1
        }
        var entries: [PlanEntry] = []
        entries.reserveCapacity(taken)
        var overflow: [Item] = []
        for (index, item) in survivors.enumerated() {
            if chosen[index] {
                let candidate = item.candidate
                let request = NotificationRequest(
                    id: namespace.requestID(for: candidate.id), fireTime: candidate.fireTime, content: candidate.content,
                    ruleID: candidate.ruleID, group: candidate.group, dedupeKey: candidate.dedupeKey)
                entries.append(PlanEntry(candidate: candidate, request: request))
            } else {
                overflow.append(item)
            }
        }
        if let firstOverflow { overflow.append(firstOverflow) }
        overflow.sort()
        for item in overflow {
            dropped.append(DroppedCandidate(candidate: item.candidate, reason: .budget, detail: "the plan is full (\(capacity) requests)"))
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
        let report = PlanReport(now: input.now, capacity: capacity, considered: considered, dropped: dropped, inactiveRules: inactiveRules, coverage: coverage)
        return Plan(namespace: namespace, entries: entries, report: report)
    }
}
