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
/// budget, reserves first. The planner pulls only as many candidates as the budget needs,
/// and builds none for a rule that tells its first fire date
/// (``Rule/firstCandidate(in:)``) until that rule's turn comes.
///
/// - Complexity: O(*r* + (*b* + *d*) log *r*) for *r* rules, a budget of *b* and *d*
///   dropped candidates, independent of how far ahead the rules reach; the heap holds small
///   keys, so the O(*r*) part is a few comparisons per rule.
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

    /// Computes the plan for `input`.
    public func plan(_ input: PlanInput) -> Plan {
        let context = PlanningContext(now: input.now, calendar: input.calendar, state: input.state, lookahead: lookahead)
        let foreignPending = input.pendingRequestIDs.count { !namespace.owns($0) }
        let policyContext = PolicyContext(
            now: input.now, zone: context.zone, state: input.state, pendingRequestIDs: input.pendingRequestIDs, namespace: namespace)
        let capacity = budget.capacity(foreignPending: foreignPending)
        var ledger = PlanLedger(history: input.history, zone: context.zone, planning: capacity)
        var dropped: [DroppedCandidate] = []
        var considered = 0

        // Each active rule's first candidate, announced or built, primes the queue; the
        // iterators of rules whose candidates are built.
        var iterators: [Int: AnyIterator<Candidate>] = [:]
        // Candidates of each rule in the queue: a reserve waits while its rule has any left.
        var queued = [Int](repeating: 0, count: rules.count)
        var announced: [(source: Int, fireDate: Date, priority: Int)] = []
        announced.reserveCapacity(rules.count)
        var built: [CandidateQueue.Item] = []
        var reserves: [Int: Int] = [:]
        var inactiveRules: [String: String] = [:]
        for index in rules.indices {
            let rule = rules[index]
            if let condition = rule.condition, !condition.evaluate(input.state) {
                inactiveRules[rule.id] = "condition \(condition) does not hold"
                if let next = rule.candidates(in: context).next() {
                    considered += 1
                    dropped.append(DroppedCandidate(candidate: next, reason: .condition, detail: "condition \(condition) does not hold"))
                }
                continue
            }
            if rule.reserve > 0 { reserves[index] = rule.reserve }
            switch rule.firstCandidate(in: context) {
            case .nothing:
                continue
            case .at(let fireDate, let priority):
                announced.append((index, fireDate, priority))
            case .unknown:
                let iterator = rule.candidates(in: context)
                guard let first = iterator.next() else { continue }
                built.append(CandidateQueue.Item(candidate: first, source: index, moves: 0))
                iterators[index] = iterator
            }
            queued[index] += 1
        }
        var queue = CandidateQueue(announced: announced, built: built)
        func enqueue(_ item: consuming CandidateQueue.Item) {
            queued[item.source] += 1
            queue.push(item)
        }

        // Survivors of the policies, in order; more than `capacity` only while a rule with
        // a reserve still waits for its first candidates.
        var survivors: [CandidateQueue.Item] = []
        var reserveWaiting = reserves
        var firstOverflow: CandidateQueue.Item?
        var lookaheadReached = false

        planning: while true {
            var item: CandidateQueue.Item
            switch queue.pop() {
            case nil:
                break planning
            case .announced(let source)?:
                // The rule's turn has come: build its candidates; the first goes back into
                // the queue, where it comes out next.
                queued[source] -= 1
                let iterator = rules[source].candidates(in: context)
                if let first = iterator.next() {
                    iterators[source] = iterator
                    enqueue(CandidateQueue.Item(candidate: first, source: source, moves: 0))
                } else if queued[source] == 0 {
                    reserveWaiting[source] = nil
                }
                continue
            case .item(let popped)?:
                item = popped
            }
            let source = item.source
            queued[source] -= 1
            defer {
                if iterators[source] == nil, queued[source] == 0 { reserveWaiting[source] = nil }
            }
            if item.candidate.fireDate > context.lookaheadEnd {
                // Later candidates of this rule are further still: stop asking it.
                lookaheadReached = true
                iterators[item.source] = nil
                continue
            }
            if item.moves == 0 {
                considered += 1
                if let iterator = iterators[item.source] {
                    if let next = iterator.next() {
                        enqueue(CandidateQueue.Item(candidate: next, source: item.source, moves: 0))
                    } else {
                        iterators[item.source] = nil
                    }
                }
            }
            if item.candidate.fireDate <= input.now {
                let detail = "its time \(ISO8601.string(from: item.candidate.fireDate, rules: context.zone)) has passed"
                dropped.append(DroppedCandidate(candidate: item.candidate, reason: .past, detail: detail))
                continue
            }
            // The policies in order, on the item in place: the first that does not keep it decides.
            var verdict: PolicyDecision?
            for index in policies.indices {
                let decision = policies[index].evaluate(item.candidate, context: policyContext, ledger: ledger)
                if case .keep(let kept) = decision {
                    item.candidate = kept
                } else {
                    verdict = decision
                    break
                }
            }
            switch verdict {
            case .move(let fireTime, let date, let reason, let detail)?:
                guard item.moves < 3, date > item.candidate.fireDate else {
                    dropped.append(DroppedCandidate(candidate: item.candidate, reason: reason, detail: "could not be moved: \(detail)"))
                    continue
                }
                item.candidate.adjustments.append(Adjustment(policy: reason, detail: detail))
                item.candidate.fireTime = fireTime
                item.candidate.fireDate = date
                item.moves += 1
                enqueue(item)
            case .drop(let reason, let detail)?:
                dropped.append(DroppedCandidate(candidate: item.candidate, reason: reason, detail: detail))
            case .keep?, nil:
                if survivors.count >= capacity, (reserveWaiting[item.source] ?? 0) == 0 {
                    // The budget is full for this candidate; pull on only for waiting reserves.
                    if firstOverflow == nil { firstOverflow = item }
                    if reserveWaiting.values.allSatisfy({ $0 == 0 }) { break planning }
                    continue
                }
                ledger.record(item.candidate, zone: context.zone)
                if let waiting = reserveWaiting[item.source], waiting > 0 { reserveWaiting[item.source] = waiting - 1 }
                survivors.append(item)
            }
        }

        // Fill the budget: reserved slots first, then the soonest.
        var chosen = [Bool](repeating: false, count: survivors.count)
        var taken = 0
        var reservedLeft = reserves
        for index in survivors.indices where taken < capacity {
            if let left = reservedLeft[survivors[index].source], left > 0 {
                chosen[index] = true
                taken += 1
                reservedLeft[survivors[index].source] = left - 1
            }
        }
        for index in survivors.indices where !chosen[index] && taken < capacity {
            chosen[index] = true
            taken += 1
        }
        var entries: [PlanEntry] = []
        entries.reserveCapacity(taken)
        var overflow: [CandidateQueue.Item] = []
        for index in survivors.indices {
            if chosen[index] {
                let candidate = survivors[index].candidate
                let request = NotificationRequest(
                    id: namespace.requestID(for: candidate.id), fireTime: candidate.fireTime, content: candidate.content,
                    ruleID: candidate.ruleID, group: candidate.group, dedupeKey: candidate.dedupeKey)
                entries.append(PlanEntry(candidate: candidate, request: request))
            } else {
                overflow.append(survivors[index])
            }
        }
        if let firstOverflow { overflow.append(firstOverflow) }
        overflow.sort { $0.precedes($1) }
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
