import Foundation

/// The rules a mark covers: one rule, or every rule (a vacation).
///
/// A string literal is a rule's id: `scheduler.pause("habit", from: first, through: last)`.
public enum RuleSelection: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// Every rule of the scheduler, present and future.
    case all
    /// The rule with this id.
    case rule(String)

    public init(stringLiteral id: String) { self = .rule(id) }

    /// Whether the selection covers the rule with id `ruleID`.
    public func contains(_ ruleID: String) -> Bool {
        switch self {
        case .all: true
        case .rule(let id): id == ruleID
        }
    }

    /// The rule's id, or `nil` for every rule.
    public var ruleID: String? {
        switch self {
        case .all: nil
        case .rule(let id): id
        }
    }

    public var description: String {
        switch self {
        case .all: "every rule"
        case .rule(let id): id
        }
    }
}

/// What the app said of a rule's occurrences on some local days: done, skipped, or paused.
///
/// A mark covers every candidate of the selected rules whose local date (the device's wall
/// clock at its fire time, before any policy moved it) falls on `first` through `last`.
/// The planner drops them with the reason of the mark's kind (``DropReason/completed``,
/// ``DropReason/skipped``, ``DropReason/paused``); the other days of the rule stay planned.
/// The scheduler makes marks with ``Scheduler/complete(_:on:refresh:)``,
/// ``Scheduler/skip(_:on:refresh:)`` and ``Scheduler/pause(_:from:through:refresh:)``, and
/// keeps them in its journal.
public struct OccurrenceMark: Hashable, Sendable, CustomStringConvertible {
    /// What the app said.
    public enum Kind: String, Hashable, Sendable, CaseIterable, Codable {
        /// The user did it: "I did today's practice".
        case completed
        /// The user chose not to: "not today".
        case skipped
        /// No reminders for a while: a vacation.
        case paused

        /// The reason a plan gives for the candidates the mark covers.
        public var dropReason: DropReason {
            switch self {
            case .completed: .completed
            case .skipped: .skipped
            case .paused: .paused
            }
        }
    }

    /// What the app said: completed, skipped or paused.
    public var kind: Kind
    /// The rules it covers: one rule, or every rule.
    public var rules: RuleSelection
    /// The first day covered.
    public var first: LocalDate
    /// The last day covered, on or after `first` (a mark made the other way round covers
    /// `last` through `first`).
    public var last: LocalDate

    /// A mark of `kind` on the days `first` through `last` of `rules`.
    public init(_ kind: Kind, _ rules: RuleSelection, from first: LocalDate, through last: LocalDate) {
        self.kind = kind
        self.rules = rules
        self.first = min(first, last)
        self.last = max(first, last)
    }

    /// A mark of `kind` on one day of `rules`.
    public init(_ kind: Kind, _ rules: RuleSelection, on day: LocalDate) {
        self.init(kind, rules, from: day, through: day)
    }

    /// Whether the mark covers the local day numbered `day` (days since 1970-01-01).
    func covers(day: Int) -> Bool { first.dayNumber <= day && day <= last.dayNumber }

    /// "habit completed on 2026-03-05", "every rule paused 2026-07-01 through 2026-07-14".
    public var description: String {
        let days = first == last ? "on \(first)" : "\(first) through \(last)"
        return "\(rules) \(kind.rawValue) \(days)"
    }
}

/// The marks a plan reads, indexed so that a candidate's look-up costs one hash.
///
/// One-day marks of one rule (completions and skips) are kept by rule and day; the others
/// (pauses over ranges, marks of every rule) are few and searched. When two marks cover the
/// same candidate, a completion wins over a skip, and a skip over a pause. The one-day marks
/// are also kept by day, so that forgetting the days that have passed
/// (``removeAll(endingBefore:)``, at every refresh) touches only those days.
public struct OccurrenceMarks: Hashable, Sendable {
    /// One-day marks of one rule: rule id → day number → kind.
    private var days: [String: [Int: OccurrenceMark.Kind]] = [:]
    /// The others.
    private var ranges: [OccurrenceMark] = []
    /// The rules of the one-day marks, by day number.
    private var rulesByDay: [Int: Set<String>] = [:]
    /// No mark ends before this day number (`Int.max` while there is none).
    private var floor = Int.max

    /// No marks.
    public init() {}

    /// The marks `marks`.
    public init(_ marks: some Sequence<OccurrenceMark>) {
        for mark in marks { insert(mark) }
    }

    /// Whether there is no mark.
    public var isEmpty: Bool { days.isEmpty && ranges.isEmpty }

    /// Every mark, by first day, then rule, then kind.
    public var all: [OccurrenceMark] {
        var marks = ranges
        for (rule, byDay) in days {
            for (day, kind) in byDay { marks.append(OccurrenceMark(kind, .rule(rule), on: LocalDate(dayNumber: day))) }
        }
        return marks.sorted { ($0.first, $0.rules.ruleID ?? "", $0.kind.rawValue, $0.last) < ($1.first, $1.rules.ruleID ?? "", $1.kind.rawValue, $1.last) }
    }

    /// Adds `mark`; a one-day mark of one rule replaces that rule's mark of that day.
    public mutating func insert(_ mark: OccurrenceMark) {
        if case .rule(let id) = mark.rules, mark.first == mark.last, mark.kind != .paused {
            days[id, default: [:]][mark.first.dayNumber] = mark.kind
            rulesByDay[mark.first.dayNumber, default: []].insert(id)
        } else if !ranges.contains(mark) {
            ranges.append(mark)
        }
        floor = min(floor, mark.last.dayNumber)
    }

    /// Removes `mark`, when it is one of the marks.
    public mutating func remove(_ mark: OccurrenceMark) {
        if case .rule(let id) = mark.rules, mark.first == mark.last, mark.kind != .paused {
            guard days[id]?[mark.first.dayNumber] == mark.kind else { return }
            forget(id, onDay: mark.first.dayNumber)
        } else {
            ranges.removeAll { $0 == mark }
        }
    }

    /// Forgets the one-day mark of rule `id` on the day numbered `day`.
    private mutating func forget(_ id: String, onDay day: Int) {
        days[id]?[day] = nil
        if days[id]?.isEmpty == true { days[id] = nil }
        rulesByDay[day]?.remove(id)
        if rulesByDay[day]?.isEmpty == true { rulesByDay[day] = nil }
    }

    /// Removes the marks whose last day is before `day`; returns whether any was.
    ///
    /// - Complexity: O(*d* + *m*) for the *d* days since the last call (or the days marked,
    ///   when fewer) and the *m* marks of ranges or of every rule: nothing to do costs O(1).
    @discardableResult
    public mutating func removeAll(endingBefore day: LocalDate) -> Bool {
        let cutoff = day.dayNumber
        guard cutoff > floor else { return false }
        let before = count
        ranges.removeAll { $0.last.dayNumber < cutoff }
        let ending = cutoff - floor <= rulesByDay.count ? Array(floor..<cutoff) : rulesByDay.keys.filter { $0 < cutoff }
        for day in ending {
            for id in rulesByDay[day] ?? [] { forget(id, onDay: day) }
        }
        floor = cutoff
        return count != before
    }

    /// How many marks there are.
    public var count: Int { ranges.count + days.values.reduce(0) { $0 + $1.count } }

    /// The mark that covers the candidates of `ruleID` on `day`: the completion, else the
    /// skip, else the pause.
    public func mark(ruleID: String, on day: LocalDate) -> OccurrenceMark? { mark(ruleID: ruleID, onDay: day.dayNumber) }

    /// The same as ``mark(ruleID:on:)`` for the day numbered `day`.
    ///
    /// - Complexity: O(1) for completions and skips, plus O(*m*) for the *m* marks of
    ///   ranges or of every rule.
    func mark(ruleID: String, onDay day: Int) -> OccurrenceMark? {
        var found: OccurrenceMark?
        if let kind = days[ruleID]?[day] { found = OccurrenceMark(kind, .rule(ruleID), on: LocalDate(dayNumber: day)) }
        for mark in ranges where mark.covers(day: day) && mark.rules.contains(ruleID) {
            if found.map({ Self.rank(mark.kind) < Self.rank($0.kind) }) ?? true { found = mark }
        }
        return found
    }

    /// Two sets of marks are equal when they hold the same marks; how they are indexed does
    /// not count.
    public static func == (lhs: OccurrenceMarks, rhs: OccurrenceMarks) -> Bool {
        lhs.days == rhs.days && lhs.ranges == rhs.ranges
    }

    /// Hashes the marks, as `==` compares them.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(days)
        hasher.combine(ranges)
    }

    /// Completions first, then skips, then pauses.
    private static func rank(_ kind: OccurrenceMark.Kind) -> Int {
        switch kind {
        case .completed: 0
        case .skipped: 1
        case .paused: 2
        }
    }
}
