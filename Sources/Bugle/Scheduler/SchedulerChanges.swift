import Foundation

/// A change the scheduler refused; nothing was changed.
public enum SchedulerError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No rule of the scheduler has this id.
    case unknownRule(String)
    /// Two rules would have this id; ids name occurrences, so they are unique.
    case duplicateRuleID(String)
    /// A day outside the days a mark may cover: from ``Scheduler/occurrenceWindow`` before
    /// today to ``PlanningContext/maximumLookahead`` after.
    case dayOutOfRange(LocalDate, allowed: ClosedRange<LocalDate>)
    /// A range whose first day comes after its last.
    case reversedRange(from: LocalDate, through: LocalDate)

    public var description: String {
        switch self {
        case .unknownRule(let id): "no rule has the id \(id)"
        case .duplicateRuleID(let id): "two rules have the id \(id); rule ids must be unique"
        case .dayOutOfRange(let day, let allowed): "\(day) is outside \(allowed.lowerBound) through \(allowed.upperBound), the days a mark may cover"
        case .reversedRange(let from, let through): "the range \(from) through \(through) ends before it starts"
        }
    }
}

// MARK: State

extension Scheduler {
    /// Sets one value of the state snapshot (`nil` removes it), then refreshes with
    /// ``RefreshReason/dataChanged`` unless `refresh` is `false`.
    ///
    /// - Returns: the refresh's result; `nil` when it did not refresh.
    @discardableResult
    public func set(_ key: String, to value: JSONValue?, refresh: Bool = true) async throws -> RefreshResult? {
        state[key] = value
        return try await refreshed(refresh)
    }

    /// Sets one typed value of the state snapshot (`nil` removes it), then refreshes with
    /// ``RefreshReason/dataChanged`` unless `refresh` is `false`.
    ///
    /// - Throws: ``StateError`` when `value` has no JSON form; nothing changed then.
    @discardableResult
    public func set<Value>(_ key: StateKey<Value>, to value: Value?, refresh: Bool = true) async throws -> RefreshResult? {
        try state.set(key, to: value)
        return try await refreshed(refresh)
    }

    /// The typed value under `key`; `nil` when none is stored.
    ///
    /// - Throws: ``StateError`` when the stored value is not a `Value`.
    public func value<Value>(_ key: StateKey<Value>) throws -> Value? { try state.value(key) }

    /// Replaces the whole state snapshot with what `snapshot` encodes to (one key per
    /// property, see ``AppState/init(from:)``), then refreshes with
    /// ``RefreshReason/dataChanged`` unless `refresh` is `false`.
    ///
    /// - Throws: ``StateError`` when `snapshot` does not encode to an object; nothing
    ///   changed then.
    @discardableResult
    public func setState(from snapshot: some Encodable & Sendable, refresh: Bool = true) async throws -> RefreshResult? {
        state = try AppState(from: snapshot)
        return try await refreshed(refresh)
    }

    /// The state snapshot decoded as `type`, the reverse of ``setState(from:refresh:)``.
    ///
    /// - Throws: ``StateError`` when it does not decode as `type`.
    public func state<T: Decodable>(as type: T.Type) throws -> T { try state.decode(as: type) }

    /// Refreshes for changed data when `refresh` says so.
    private func refreshed(_ refresh: Bool) async throws -> RefreshResult? {
        refresh ? try await self.refresh(reason: .dataChanged) : nil
    }
}

// MARK: Rules

extension Scheduler {
    /// The rules a refresh plans now: the planner's at first, then as the app sets them.
    public var rules: [any Rule] { activePlanner.rules }

    /// Replaces every rule, then refreshes with ``RefreshReason/dataChanged`` unless
    /// `refresh` is `false`.
    ///
    /// The refresh changes only what the change changed: a rule that proposes the same
    /// candidates keeps its pending requests untouched (the reconcile compares ids and
    /// content), and a rule whose time moved has its requests replaced. An occurrence
    /// already delivered is never planned again whatever its new time: identity is the
    /// rule's id and the occurrence's key (the local date of a daily reminder), so keep a
    /// rule's id when the user changes its time.
    ///
    /// - Throws: ``SchedulerError/duplicateRuleID(_:)`` when two rules share an id; nothing
    ///   changed then.
    @discardableResult
    public func setRules(_ rules: [any Rule], refresh: Bool = true) async throws -> RefreshResult? {
        var seen = Set<String>()
        for rule in rules where !seen.insert(rule.id).inserted { throw SchedulerError.duplicateRuleID(rule.id) }
        activePlanner.rules = rules
        return try await refreshed(refresh)
    }

    /// Adds `rule`, or replaces the rule with its id in its place ("remind me at the time I
    /// picked": the same id with the new time), then refreshes unless `refresh` is `false`.
    @discardableResult
    public func setRule(_ rule: any Rule, refresh: Bool = true) async throws -> RefreshResult? {
        var rules = activePlanner.rules
        if let index = rules.firstIndex(where: { $0.id == rule.id }) {
            rules[index] = rule
        } else {
            rules.append(rule)
        }
        return try await setRules(rules, refresh: refresh)
    }

    /// Adds `rule` after the others, then refreshes unless `refresh` is `false`.
    ///
    /// - Throws: ``SchedulerError/duplicateRuleID(_:)`` when a rule has its id already.
    @discardableResult
    public func add(rule: any Rule, refresh: Bool = true) async throws -> RefreshResult? {
        try await setRules(activePlanner.rules + [rule], refresh: refresh)
    }

    /// Removes the rule with id `id`, then refreshes unless `refresh` is `false`: its
    /// pending requests are removed, the others stay.
    ///
    /// - Throws: ``SchedulerError/unknownRule(_:)`` when no rule has the id.
    @discardableResult
    public func removeRule(id: String, refresh: Bool = true) async throws -> RefreshResult? {
        guard activePlanner.rules.contains(where: { $0.id == id }) else { throw SchedulerError.unknownRule(id) }
        return try await setRules(activePlanner.rules.filter { $0.id != id }, refresh: refresh)
    }
}

// MARK: Completion, skip, pause

extension Scheduler {
    /// Every mark kept now: the days the app marked completed, skipped or paused, from
    /// ``occurrenceWindow`` ago on.
    public func marks() async throws -> [OccurrenceMark] {
        try await loadMarks(now: environment.now())
        return storedMarks.all
    }

    /// Marks the occurrence of rule `ruleID` on the local day `day` done: the plan drops
    /// that day's candidates of the rule (``DropReason/completed``), removing a pending one,
    /// and keeps the other days. Refreshes with ``RefreshReason/dataChanged`` unless
    /// `refresh` is `false`. Kept in the journal, so a new process knows it; it replaces a
    /// skip of the same day.
    ///
    /// ```swift
    /// try await scheduler.complete("practice", on: today)  // today's reminder goes, tomorrow's stays
    /// ```
    ///
    /// - Throws: ``SchedulerError`` for an unknown rule or a day out of range; nothing
    ///   changed then.
    @discardableResult
    public func complete(_ ruleID: String, on day: LocalDate, refresh: Bool = true) async throws -> RefreshResult? {
        try await mark(OccurrenceMark(.completed, .rule(ruleID), on: day), refresh: refresh)
    }

    /// Marks the occurrence of rule `ruleID` on `day` skipped, as ``complete(_:on:refresh:)``
    /// marks it done (``DropReason/skipped``); it replaces a completion of the same day.
    @discardableResult
    public func skip(_ ruleID: String, on day: LocalDate, refresh: Bool = true) async throws -> RefreshResult? {
        try await mark(OccurrenceMark(.skipped, .rule(ruleID), on: day), refresh: refresh)
    }

    /// Undoes ``complete(_:on:refresh:)`` or ``skip(_:on:refresh:)`` of rule `ruleID` on
    /// `day`: the day's candidates are planned again (unless delivered already). Refreshes
    /// unless `refresh` is `false`; nothing to undo is no error.
    @discardableResult
    public func undo(_ ruleID: String, on day: LocalDate, refresh: Bool = true) async throws -> RefreshResult? {
        try await changeMarks { marks, _ in
            [OccurrenceMark.Kind.completed, .skipped].map { OccurrenceMark($0, .rule(ruleID), on: day) }
                .filter { marks.mark(ruleID: ruleID, on: day) == $0 }.map { .unmark($0) }
        }
        return try await refreshed(refresh)
    }

    /// Pauses `rules` (one rule's id, or ``RuleSelection/all``) on the local days `first`
    /// through `last`: a vacation. Their candidates on those days are dropped
    /// (``DropReason/paused``); the days after are planned as before. Refreshes unless
    /// `refresh` is `false`.
    ///
    /// ```swift
    /// try await scheduler.pause(.all, from: departure, through: return)
    /// ```
    ///
    /// - Throws: ``SchedulerError`` for an unknown rule, a reversed range, or days out of
    ///   range; nothing changed then.
    @discardableResult
    public func pause(_ rules: RuleSelection, from first: LocalDate, through last: LocalDate, refresh: Bool = true) async throws -> RefreshResult? {
        guard first <= last else { throw SchedulerError.reversedRange(from: first, through: last) }
        return try await mark(OccurrenceMark(.paused, rules, from: first, through: last), refresh: refresh)
    }

    /// Ends the pauses of `rules` from the local day `day` on: a pause that starts on or after
    /// `day` is forgotten, one that runs past it now ends the day before. ``RuleSelection/all``
    /// ends every pause; one rule's id ends that rule's own pauses (a pause of every rule
    /// still covers it). Refreshes unless `refresh` is `false`.
    @discardableResult
    public func resume(_ rules: RuleSelection, from day: LocalDate, refresh: Bool = true) async throws -> RefreshResult? {
        try await changeMarks { marks, _ in
            var updates: [JournalUpdate] = []
            for pause in marks.all where pause.kind == .paused && pause.last >= day {
                if case .rule(let id) = rules, pause.rules != .rule(id) { continue }
                updates.append(.unmark(pause))
                if pause.first < day { updates.append(.mark(OccurrenceMark(.paused, pause.rules, from: pause.first, through: day.adding(days: -1)))) }
            }
            return updates
        }
        return try await refreshed(refresh)
    }

    /// Checks and keeps `mark`, then refreshes when `refresh` says so.
    private func mark(_ mark: OccurrenceMark, refresh: Bool) async throws -> RefreshResult? {
        if case .rule(let id) = mark.rules, !activePlanner.rules.contains(where: { $0.id == id }) { throw SchedulerError.unknownRule(id) }
        try await changeMarks { _, allowed in
            for day in [mark.first, mark.last] where !allowed.contains(day) { throw SchedulerError.dayOutOfRange(day, allowed: allowed) }
            return [.mark(mark)]
        }
        return try await refreshed(refresh)
    }

    /// Journals the updates `change` makes of the marks kept now and the days a mark may
    /// cover, with the forgetting of the marks that ended before those days, then applies
    /// them in memory. It runs when no refresh does, so that a refresh plans with all of a
    /// change or none of it.
    private func changeMarks(_ change: (OccurrenceMarks, ClosedRange<LocalDate>) throws -> [JournalUpdate]) async throws {
        try await oneAtATime {
            let now = environment.now()
            try await loadMarks(now: now)
            let allowed = markableDays(now: now)
            let first = allowed.lowerBound
            let updates = try change(storedMarks, allowed)
            guard !updates.isEmpty else { return }
            try await journal.commit([.forgetMarks(endingBefore: first)] + updates, at: now)
            storedMarks.removeAll(endingBefore: first)
            for update in updates {
                switch update {
                case .mark(let mark): storedMarks.insert(mark)
                case .unmark(let mark): storedMarks.remove(mark)
                default: break
                }
            }
        }
    }
}
