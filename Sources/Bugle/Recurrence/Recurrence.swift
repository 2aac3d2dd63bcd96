import Foundation

/// A recurrence set: a start (`DTSTART`), an optional rule (`RRULE`), extra dates (`RDATE`)
/// and exceptions (`EXDATE`), in a time zone or floating.
///
/// ```swift
/// let rule = try RecurrenceRule(parsing: "RSCALE=GREGORIAN;FREQ=MONTHLY;SKIP=BACKWARD")
/// let start: LocalDateTime = "2026-01-31T09:00"
/// let recurrence = try Recurrence(start: start, rule: rule)
/// let firstThree = recurrence.localOccurrences().prefix(3).map(\.description)
/// // ["2026-01-31T09:00", "2026-02-28T09:00", "2026-03-31T09:00"]
/// ```
///
/// Occurrences are computed from the start, never from the previous occurrence, so a monthly
/// rule from the 31st clamped to February 28 comes back to the 31st in March.
///
/// The start is an occurrence only when it matches the rule, as python-dateutil has it (RFC
/// 5545 would always count it); add it to ``dates`` to always have it. Occurrences before
/// the start are never produced by the rule; ``dates`` may be anywhere.
///
/// Wall-clock times become instants in `occurrences(after:in:)`: a time that
/// does not exist (inside a daylight-saving gap) moves forward by the length of the gap, and
/// a time that occurs twice takes its first occurrence (``ZoneRules/date(for:)``). Two
/// times that become the same instant give one occurrence.
///
/// `UNTIL` is inclusive and read as RFC 5545 and libical read it. In UTC (`Z`) it is an
/// instant, compared exactly with the occurrences' instants, so it needs a time zone: a
/// floating recurrence refuses it (RFC 5545 asks for a local time there). Without `Z` it is a
/// wall-clock time on the start's clock; RFC 5545 asks for UTC when the start has a zone, and
/// libical reads such a time this way. Written as a date while the start has a time, it comes
/// before every time of that day, as in libical, so the recurrence ends the day before
/// (RFC 5545 asks for `DTSTART`'s type; dateutil reads the date as midnight).
///
/// An *all-day* recurrence (``init(startDate:rule:dates:exceptions:timeZone:)``, RFC 5545's
/// `DTSTART;VALUE=DATE`) has days for occurrences: its wall-clock occurrences are the
/// midnights that start them, and ``timed(at:)`` gives the same days at a time of day, which
/// is what a ``RecurringRule`` fires at (09:00 unless it says otherwise).
///
/// Differences from python-dateutil, where it departs from RFC 5545: `BYSETPOS` in a
/// `WEEKLY` rule picks from the whole first week, not only the days from the start on;
/// `BYDAY=MO,1TU` keeps Mondays *and* first Tuesdays; `BYWEEKNO=52` and `53` (and `-52`,
/// `-53`) count the weeks of the year each day belongs to; `BYWEEKNO` without `BYDAY` (or
/// `BYMONTHDAY`, `BYYEARDAY`) takes the weekday from the start, as RFC 5545 §3.3.10 takes
/// any day the rule leaves out and libical does, where dateutil takes the whole week. Parts
/// RFC 5545 forbids for a frequency (`BYWEEKNO` outside `YEARLY`) are errors here.
public struct Recurrence: Hashable, Sendable {
    /// `DTSTART`: the anchor every occurrence is computed from.
    public let start: LocalDateTime
    /// `RRULE`; without one, the occurrences are ``dates``.
    public let rule: RecurrenceRule?
    /// `RDATE`: occurrences added to the rule's; in an all-day recurrence, the midnights that
    /// start the added days.
    public let dates: [LocalDateTime]
    /// `EXDATE`: wall-clock times removed from the occurrences; in an all-day recurrence, the
    /// midnights that start the removed days.
    public let exceptions: [LocalDateTime]
    /// `EXRULE` (RFC 2445; RFC 5545 deprecates it): rules whose occurrences, counted from the
    /// same start, are removed. See ``removing(occurrencesOf:)``.
    public let exclusionRules: [RecurrenceRule]
    /// `EXDATE;VALUE=DATE` in a recurrence with times: every occurrence on these days is
    /// removed, whatever its time.
    public let exceptionDays: [LocalDate]
    /// The zone of the start, or `nil` for a floating recurrence. It only serves to read an
    /// `UNTIL` written in UTC against wall-clock times.
    public let timeZone: TimeZone?
    /// Whether the start is a date (`DTSTART;VALUE=DATE`): the occurrences are then days,
    /// each given as the midnight that starts it.
    public let isAllDay: Bool
    /// Whether an `UNTIL` written as a date keeps its day: for an all-day recurrence, whose
    /// `UNTIL` has `DTSTART`'s type, and for its days at a time (``timed(at:)``). Otherwise a
    /// date comes before every time of its day and the rule ends the day before.
    let untilDateKeepsItsDay: Bool

    let plan: ExpansionPlan?
    /// The plan of a rule in a non-Gregorian calendar (see ``ScaleExpansion/isNeeded(for:)``),
    /// instead of `plan`.
    let scalePlan: ScaleExpansion?
    /// The plans of ``exclusionRules``, in their order.
    private let exclusionPlans: [RulePlan]
    private let sortedDates: [Int]
    private let excluded: Set<Int>
    private let excludedDays: Set<Int>

    /// A recurrence set.
    ///
    /// - Throws: A ``RecurrenceRuleError`` when the rule is invalid, or has an `UNTIL` in UTC
    ///   while the recurrence is floating.
    public init(
        start: LocalDateTime, rule: RecurrenceRule? = nil, dates: [LocalDateTime] = [], exceptions: [LocalDateTime] = [],
        exceptionDays: [LocalDate] = [], timeZone: TimeZone? = nil
    ) throws(RecurrenceRuleError) {
        if let rule {
            try rule.validate()
            if case .instant = rule.until, timeZone == nil {
                throw RecurrenceRuleError(
                    part: "UNTIL",
                    "\(rule.until!) is a UTC time but the recurrence is floating (RFC 5545 asks for a local time there); write UNTIL without Z, or give the recurrence a time zone"
                )
            }
        }
        self.init(
            checked: start, rule: rule, dates: dates, exceptions: exceptions, exceptionDays: exceptionDays, timeZone: timeZone, isAllDay: false,
            untilDateKeepsItsDay: false)
    }

    /// An all-day recurrence (`DTSTART;VALUE=DATE`): its occurrences are days, from
    /// `startDate` on, plus `dates`, less `exceptions`.
    ///
    /// As RFC 5545 §3.3.10 has it, `BYHOUR`, `BYMINUTE` and `BYSECOND` "MUST NOT be specified
    /// when the associated DTSTART property has a DATE value type" and "MUST be ignored" when
    /// they are: ``rule`` is stored without them. An `UNTIL` written as a date-time (RFC 5545
    /// wants a date here) counts by the date it is written with, `Z` or not, and is stored as
    /// that date. `occurrences(after:in:)` gives each day as the instant its midnight
    /// starts (the end of the gap when midnight does not exist); ``timed(at:)`` gives the
    /// days at a time of day.
    ///
    /// ```swift
    /// let birthday = try Recurrence(startDate: "2026-04-15", rule: RecurrenceRule(parsing: "FREQ=YEARLY;BYHOUR=9"))
    /// let days = birthday.firstLocal(2).map(\.date.description)  // ["2026-04-15", "2027-04-15"]
    /// ```
    ///
    /// - Throws: A ``RecurrenceRuleError`` when the rule is invalid, repeats more often than
    ///   daily (a `FREQ=HOURLY` rule needs a start with a time), or is left with a `BYSETPOS`
    ///   and nothing to pick from once the time parts are ignored.
    public init(startDate: LocalDate, rule: RecurrenceRule? = nil, dates: [LocalDate] = [], exceptions: [LocalDate] = [], timeZone: TimeZone? = nil)
        throws(RecurrenceRuleError)
    {
        let dayRule = try rule.map { rule throws(RecurrenceRuleError) in try Self.dayRule(rule) }
        func midnight(_ date: LocalDate) -> LocalDateTime { LocalDateTime(date: date, time: .midnight) }
        self.init(
            checked: midnight(startDate), rule: dayRule, dates: dates.map(midnight), exceptions: exceptions.map(midnight), exceptionDays: [],
            timeZone: timeZone, isAllDay: true, untilDateKeepsItsDay: true)
    }

    /// Builds the set from parts already checked.
    private init(
        checked start: LocalDateTime, rule: RecurrenceRule?, dates: [LocalDateTime], exceptions: [LocalDateTime], exceptionDays: [LocalDate],
        timeZone: TimeZone?, isAllDay: Bool, untilDateKeepsItsDay: Bool, exclusionRules: [RecurrenceRule] = []
    ) {
        self.start = start
        self.exclusionRules = exclusionRules
        exclusionPlans = exclusionRules.map { RulePlan($0, start: start) }
        self.rule = rule
        self.dates = dates
        self.exceptions = exceptions
        self.exceptionDays = exceptionDays
        self.timeZone = timeZone
        self.isAllDay = isAllDay
        self.untilDateKeepsItsDay = untilDateKeepsItsDay
        switch rule.map({ RulePlan($0, start: start) }) {
        case .gregorian(let gregorian): (plan, scalePlan) = (gregorian, nil)
        case .scale(let scale): (plan, scalePlan) = (nil, scale)
        case nil: (plan, scalePlan) = (nil, nil)
        }
        sortedDates = Array(Set(dates.map(\.localSeconds))).sorted()
        excluded = Set(exceptions.map(\.localSeconds))
        excludedDays = Set(exceptionDays.map(\.dayNumber))
    }

    /// The days of an all-day recurrence at `time` on each: the same rule, dates and
    /// exceptions from a start at `time` on the start's day. This is when a notification
    /// for an all-day occurrence fires (``RecurringRule/allDayTime``). A recurrence that is
    /// not all-day is returned as it is.
    ///
    /// ```swift
    /// let birthday = try Recurrence(startDate: "2026-04-15", rule: RecurrenceRule(parsing: "FREQ=YEARLY"))
    /// let times = birthday.timed(at: "09:00").firstLocal(2).map(\.description)  // ["2026-04-15T09:00", "2027-04-15T09:00"]
    /// ```
    public func timed(at time: LocalTime) -> Recurrence {
        guard isAllDay else { return self }
        func shifted(_ local: LocalDateTime) -> LocalDateTime { LocalDateTime(date: local.date, time: time) }
        return Recurrence(
            checked: shifted(start), rule: rule, dates: dates.map(shifted), exceptions: exceptions.map(shifted), exceptionDays: exceptionDays,
            timeZone: timeZone, isAllDay: false, untilDateKeepsItsDay: true, exclusionRules: exclusionRules)
    }

    /// The set less the occurrences of `rules` (`EXRULE`, from RFC 2445; RFC 5545 deprecates
    /// it but iCalendar files still carry it): each rule is expanded from the same start, and
    /// a wall-clock time that is one of its occurrences is removed, as an `EXDATE` would be.
    /// `RDATE` times are removed too, as RFC 2445 has it. In an all-day recurrence the rules'
    /// `BYHOUR`, `BYMINUTE` and `BYSECOND` are ignored, as the set's own rule's are.
    ///
    /// ```swift
    /// let rule = try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=TU,TH;COUNT=6")
    /// let thursdays = try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=TH;COUNT=2")
    /// let set = try Recurrence(start: "2026-03-03T09:00", rule: rule).removing(occurrencesOf: [thursdays])
    /// let days = set.firstLocal(9).map(\.date.description)  // ["2026-03-03", "2026-03-10", "2026-03-17", "2026-03-19"]
    /// ```
    ///
    /// - Parameter rules: The rules whose occurrences to remove, added to any already there.
    /// - Throws: A ``RecurrenceRuleError`` when a rule is invalid, has an `UNTIL` in UTC while
    ///   the set is floating, or (all-day) repeats more often than daily.
    /// - Complexity: Each rule adds a walk of its own occurrences beside the set's, so the
    ///   cost per occurrence grows by the rules' rates.
    public func removing(occurrencesOf rules: [RecurrenceRule]) throws(RecurrenceRuleError) -> Recurrence {
        var checked: [RecurrenceRule] = []
        for rule in rules {
            try rule.validate()
            if case .instant = rule.until, timeZone == nil {
                throw RecurrenceRuleError(
                    part: "UNTIL",
                    "\(rule.until!) in an excluded rule is a UTC time but the recurrence is floating; write UNTIL without Z, or give the recurrence a time zone"
                )
            }
            checked.append(isAllDay ? try Self.dayRule(rule) : rule)
        }
        return Recurrence(
            checked: start, rule: rule, dates: dates, exceptions: exceptions, exceptionDays: exceptionDays, timeZone: timeZone, isAllDay: isAllDay,
            untilDateKeepsItsDay: untilDateKeepsItsDay, exclusionRules: exclusionRules + checked)
    }

    /// `rule` as an all-day recurrence reads it: by days, without times, with a date `UNTIL`.
    private static func dayRule(_ rule: RecurrenceRule) throws(RecurrenceRuleError) -> RecurrenceRule {
        var rule = rule
        try rule.validate()
        guard rule.frequency >= .daily else {
            throw RecurrenceRuleError(
                part: "FREQ", "an all-day recurrence (a DATE start) repeats by days; FREQ=\(rule.frequency) needs a start with a time of day")
        }
        rule.byHour = []
        rule.byMinute = []
        rule.bySecond = []
        switch rule.until {
        case .local(let local): rule.until = .date(local.date)
        case .instant(let date): rule.until = .date(LocalDateTime(localSeconds: date.wholeSecondsSince1970).date)
        case .date, nil: break
        }
        do throws(RecurrenceRuleError) {
            try rule.validate()
        } catch {
            throw RecurrenceRuleError(part: error.part, "\(error.message) (BYHOUR, BYMINUTE and BYSECOND are ignored with a DATE start)")
        }
        return rule
    }

    /// Whether the set ends: its rule has `COUNT` or `UNTIL`, or it has no rule (its
    /// occurrences are ``dates``).
    public var isFinite: Bool { rule.map { $0.count != nil || $0.until != nil } ?? true }

    /// Equal when the start, rule, dates, exceptions, excluded rules and zone are, and both are all-day or
    /// neither is.
    public static func == (lhs: Recurrence, rhs: Recurrence) -> Bool {
        (lhs.start, lhs.rule, lhs.dates, lhs.exceptions, lhs.timeZone) == (rhs.start, rhs.rule, rhs.dates, rhs.exceptions, rhs.timeZone)
            && (lhs.exceptionDays, lhs.isAllDay, lhs.untilDateKeepsItsDay) == (rhs.exceptionDays, rhs.isAllDay, rhs.untilDateKeepsItsDay)
            && lhs.exclusionRules == rhs.exclusionRules
    }

    /// Hashes what `==` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(start)
        hasher.combine(rule)
        hasher.combine(dates)
        hasher.combine(exceptions)
        hasher.combine(exceptionDays)
        hasher.combine(timeZone)
        hasher.combine(isAllDay)
        hasher.combine(untilDateKeepsItsDay)
        hasher.combine(exclusionRules)
    }

    /// Whether two occurrences can fall on the same local day: a rule shorter than a day, more
    /// than one time of day, or extra dates. Never for an all-day recurrence.
    public var canRepeatWithinDay: Bool {
        if isAllDay { return false }
        if !dates.isEmpty { return true }
        if let scalePlan { return scalePlan.canRepeatWithinDay }
        guard let plan else { return false }
        return plan.unit > 0 || plan.times.count > 1
    }

    // MARK: Wall-clock queries

    /// The occurrences as wall-clock times, in order, strictly after `after` (from the first
    /// when `nil`).
    ///
    /// - Complexity: Starting costs O(1) periods of the rule without COUNT, however far
    ///   `after` is from the start; each further occurrence costs O(1) amortised for most
    ///   rules (a period's expansion is spread over its occurrences).
    public func localOccurrences(after: LocalDateTime? = nil) -> LocalOccurrences {
        LocalOccurrences(self, from: after.map { $0.localSeconds + 1 }, through: nil)
    }

    /// The first wall-clock occurrence strictly after `after`.
    ///
    /// - Complexity: See ``localOccurrences(after:)``.
    public func nextLocal(after: LocalDateTime) -> LocalDateTime? {
        var iterator = localOccurrences(after: after)
        return iterator.next()
    }

    /// The wall-clock occurrences from `from` through `through`, both inclusive.
    ///
    /// - Complexity: O(*n*) for *n* occurrences in the range, after the start of
    ///   ``localOccurrences(after:)``.
    public func localOccurrences(from: LocalDateTime, through: LocalDateTime) -> [LocalDateTime] {
        Array(LocalOccurrences(self, from: from.localSeconds, through: through.localSeconds))
    }

    /// The first `count` wall-clock occurrences.
    public func firstLocal(_ count: Int) -> [LocalDateTime] { Array(localOccurrences().prefix(max(count, 0))) }

    /// The rule's `UNTIL` as an inclusive bound in local seconds; a UTC `UNTIL` is read with
    /// `zone`, or with the recurrence's own zone, one day wider on each side so that the
    /// exact comparison can happen on instants.
    func localUntil(_ zone: ZoneRules?) -> Int? {
        switch rule?.until {
        case nil: return nil
        // A date comes before every time of its day (libical's order): the rule ends the day
        // before, unless the start is a date too (or its days at a time), when it keeps it.
        case .date(let date): return (untilDateKeepsItsDay ? date.dayNumber + 1 : date.dayNumber) * 86_400 - 1
        case .local(let local): return local.localSeconds
        case .instant(let date):
            let seconds = date.wholeSecondsSince1970
            if let zone { return seconds + zone.offset(atInstant: seconds) + 86_400 }
            let offset = timeZone?.secondsFromGMT(for: date) ?? 0
            return seconds + offset
        }
    }

    /// The wall-clock bound (inclusive) of an excluded rule's `UNTIL`: a UTC `UNTIL` is read
    /// as the wall-clock time at that instant, in `zone` or the recurrence's own zone.
    private func exclusionUntil(_ rule: RecurrenceRule, zone: ZoneRules?) -> Int? {
        switch rule.until {
        case nil: return nil
        case .date(let date): return (untilDateKeepsItsDay ? date.dayNumber + 1 : date.dayNumber) * 86_400 - 1
        case .local(let local): return local.localSeconds
        case .instant(let date):
            let seconds = date.wholeSecondsSince1970
            if let zone { return seconds + zone.offset(atInstant: seconds) }
            return seconds + (timeZone?.secondsFromGMT(for: date) ?? 0)
        }
    }

    /// How one rule is expanded: the Gregorian fast path, or a rule in another calendar whose
    /// occurrences depend on it (``ScaleExpansion/isNeeded(for:)``). A `WEEKLY` or shorter
    /// rule in another calendar without month, day-of-month or day-of-year parts has the
    /// Gregorian occurrences.
    enum RulePlan: Sendable {
        case gregorian(ExpansionPlan)
        case scale(ScaleExpansion)

        init(_ rule: RecurrenceRule, start: LocalDateTime) {
            if let scale = rule.calendarScale, let identifier = scale.foundationIdentifier, ScaleExpansion.isNeeded(for: rule) {
                self = .scale(ScaleExpansion(rule: rule, scale: scale, identifier: identifier, start: start))
            } else {
                self = .gregorian(ExpansionPlan(rule: rule, start: start))
            }
        }

        func cursor(from: Int?, through: Int) -> Cursor {
            switch self {
            case .gregorian(let plan): return .gregorian(RuleCursor(plan: plan, from: from, through: through))
            case .scale(let plan): return .scale(ScaleCursor(plan: plan, from: from, through: through))
            }
        }
    }

    /// A walk over one rule's occurrences, either plan's.
    enum Cursor {
        case gregorian(RuleCursor)
        case scale(ScaleCursor)

        mutating func next() -> Int? {
            switch self {
            case .gregorian(var cursor):
                let value = cursor.next()
                self = .gregorian(cursor)
                return value
            case .scale(var cursor):
                let value = cursor.next()
                self = .scale(cursor)
                return value
            }
        }
    }

    /// Walks an excluded rule alongside the set: its next occurrence not yet passed.
    struct Exclusion {
        let plan: RulePlan
        let bound: Int
        var cursor: Cursor
        var pending: Int?

        init(plan: RulePlan, from: Int?, through bound: Int) {
            self.plan = plan
            self.bound = bound
            cursor = plan.cursor(from: from, through: bound)
            pending = cursor.next()
        }

        /// Whether `local` is one of the rule's occurrences; calls come in ascending order.
        /// A rule far denser than the set (every second, against a yearly set) is not walked
        /// second by second: after a few steps the walk starts again at `local`, which costs
        /// what starting a query there costs.
        mutating func contains(_ local: Int) -> Bool {
            var steps = 0
            while let value = pending, value < local {
                steps += 1
                if steps > 64 {
                    cursor = plan.cursor(from: local, through: bound)
                    pending = cursor.next()
                    break
                }
                pending = cursor.next()
            }
            return pending == local
        }
    }

    /// Walks the set in wall-clock order: the rule merged with the extra dates, less the
    /// exceptions.
    struct Walk {
        private var cursor: RuleCursor?
        private var scaleCursor: ScaleCursor?
        private var pendingRule: Int?
        private let dates: [Int]
        private var dateIndex: Int
        private let excluded: Set<Int>
        private let excludedDays: Set<Int>
        private let upper: Int
        private var exclusions: [Exclusion]

        init(_ recurrence: Recurrence, from: Int?, through: Int?, zone: ZoneRules?) {
            let until = recurrence.localUntil(zone)
            let bound = min(through ?? ExpansionPlan.endOfTime, until ?? ExpansionPlan.endOfTime)
            cursor = recurrence.plan.map { RuleCursor(plan: $0, from: from, through: bound) }
            scaleCursor = recurrence.scalePlan.map { ScaleCursor(plan: $0, from: from, through: bound) }
            dates = recurrence.sortedDates
            let lower = from ?? Int.min
            var index = 0
            var high = dates.count
            while index < high {
                let middle = (index + high) / 2
                if dates[middle] < lower { index = middle + 1 } else { high = middle }
            }
            dateIndex = index
            excluded = recurrence.excluded
            excludedDays = recurrence.excludedDays
            upper = through ?? ExpansionPlan.endOfTime
            exclusions = zip(recurrence.exclusionRules, recurrence.exclusionPlans).map { rule, plan in
                let bound = min(through ?? ExpansionPlan.endOfTime, recurrence.exclusionUntil(rule, zone: zone) ?? ExpansionPlan.endOfTime)
                return Exclusion(plan: plan, from: from, through: bound)
            }
        }

        /// Whether an excluded rule has `local`; each rule's walk moves up to it.
        private mutating func isExcludedByRule(_ local: Int) -> Bool {
            var found = false
            for index in exclusions.indices where exclusions[index].contains(local) { found = true }
            return found
        }

        mutating func next() -> Int? {
            while true {
                if pendingRule == nil { pendingRule = cursor != nil ? cursor?.next() : scaleCursor?.next() }
                let date = dateIndex < dates.count && dates[dateIndex] <= upper ? dates[dateIndex] : nil
                let local: Int
                switch (pendingRule, date) {
                case (nil, nil): return nil
                case (let rule?, nil):
                    local = rule
                    pendingRule = nil
                case (nil, let date?):
                    local = date
                    dateIndex += 1
                case (let rule?, let date?):
                    local = min(rule, date)
                    if rule == local { pendingRule = nil }
                    if date == local { dateIndex += 1 }
                }
                if excluded.contains(local) { continue }
                if !excludedDays.isEmpty, excludedDays.contains(ExpansionPlan.floorDiv(local, 86_400)) { continue }
                if isExcludedByRule(local) { continue }
                return local
            }
        }
    }
}

/// The wall-clock occurrences of a ``Recurrence``, lazily and in order.
public struct LocalOccurrences: Sequence, IteratorProtocol {
    private var walk: Recurrence.Walk

    init(_ recurrence: Recurrence, from: Int?, through: Int?) {
        walk = Recurrence.Walk(recurrence, from: from, through: through, zone: nil)
    }

    /// The next wall-clock occurrence, or `nil` after the last.
    public mutating func next() -> LocalDateTime? {
        walk.next().map(LocalDateTime.init(localSeconds:))
    }
}
