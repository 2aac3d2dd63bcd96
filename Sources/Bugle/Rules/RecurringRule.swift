import Foundation

/// A rule that fires on the occurrences of a ``Recurrence`` (an RRULE with its start, extra
/// dates and exceptions).
///
/// ```swift
/// let rule = try RecurringRule(
///     id: "rent",
///     recurrence: Recurrence(
///         start: "2026-01-31T09:00",
///         rule: RecurrenceRule(parsing: "FREQ=MONTHLY;SKIP=BACKWARD;RSCALE=GREGORIAN")),
///     content: NotificationContent(title: "Rent is due", body: "Transfer it today"))
/// ```
///
/// An all-day recurrence (``Recurrence/isAllDay``: a birthday, `DTSTART;VALUE=DATE`) fires
/// at ``allDayTime`` on each of its days, 09:00 unless given, as a calendar's alert "on the
/// day of the event" does; its ids are by day.
///
/// With a ``TimeBasis/wallClock`` basis the recurrence's times follow the device's zone;
/// with ``TimeBasis/zoned(_:)`` they are read in that zone. Ids are `ruleID@YYYY-MM-DD`, or
/// `ruleID@YYYY-MM-DDTHH:MM[:SS]` when the recurrence can fire more than once a day, so an
/// occurrence keeps its id across refreshes.
public struct RecurringRule: Rule {
    /// Unique among the scheduler's rules; the start of every candidate id.
    public var id: String
    /// When the rule fires.
    public var recurrence: Recurrence
    /// Whether the times follow the device's zone or stay in a named one.
    public var basis: TimeBasis
    /// What every candidate shows.
    public var content: NotificationContent
    /// Higher wins at equal times and for budget slots.
    public var priority: Int
    /// The group caps and quiet-hours overrides count by.
    public var group: String?
    /// Deliveries with the same key count as the same notification.
    public var dedupeKey: String?
    /// How long after its time a candidate is still worth showing.
    public var relevance: TimeInterval?
    /// When set, the rule proposes nothing unless it holds.
    public var condition: Condition?
    /// Budget slots kept for this rule.
    public var reserve: Int
    /// The time of day at which an all-day recurrence fires on each of its days
    /// (``Recurrence/timed(at:)``); unused when the recurrence has times.
    public var allDayTime: LocalTime

    /// ``allDayTime`` unless one is given: 09:00.
    public static let defaultAllDayTime = LocalTime(secondOfDay: 9 * 3600)

    /// A rule on `recurrence`'s occurrences; see the properties for each parameter.
    public init(
        id: String,
        recurrence: Recurrence,
        basis: TimeBasis = .wallClock,
        content: NotificationContent,
        priority: Int = 0,
        group: String? = nil,
        dedupeKey: String? = nil,
        relevance: TimeInterval? = nil,
        condition: Condition? = nil,
        reserve: Int = 0,
        allDayTime: LocalTime = RecurringRule.defaultAllDayTime
    ) {
        self.id = id
        self.recurrence = recurrence
        self.basis = basis
        self.content = content
        self.priority = priority
        self.group = group
        self.dedupeKey = dedupeKey
        self.relevance = relevance
        self.condition = condition
        self.reserve = reserve
        self.allDayTime = allDayTime
    }

    /// The occurrences after `context.now`, up to and including the first one past the
    /// lookahead (which tells the planner there is more).
    ///
    /// - Complexity: O(1) to start for a rule without COUNT, however old its start (see
    ///   ``Recurrence/localOccurrences(after:)``), then O(1) amortised per candidate.
    public func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        candidates(in: context, after: context.now)
    }

    /// The candidates at or after `date`, found by a jump in the recurrence (every
    /// candidate of the rule has its group and dedupe key).
    public func candidates(in context: PlanningContext, from date: Date) -> AnyIterator<Candidate>? {
        // Occurrences fall on whole seconds: strictly after the second before `date`.
        candidates(in: context, after: max(context.now, date.addingTimeInterval(-1)))
    }

    private func candidates(in context: PlanningContext, after start: Date) -> AnyIterator<Candidate> {
        let zone = basis.zoneRules(in: context)
        var occurrences = recurrence.timed(at: allDayTime).occurrences(after: start, in: zone)
        let withTime = recurrence.canRepeatWithinDay
        let endDate = context.lookaheadEnd
        var finished = false
        return AnyIterator {
            guard !finished, let occurrence = occurrences.next() else { return nil }
            if occurrence.date > endDate { finished = true }
            let suffix = withTime ? occurrence.local.description : occurrence.local.date.description
            let fireTime = basis.fireTime(local: occurrence.local, date: occurrence.date)
            return Candidate(
                id: "\(id)@\(suffix)", ruleID: id, fireTime: fireTime, fireDate: occurrence.date, content: content,
                priority: priority, group: group, dedupeKey: dedupeKey, relevance: relevance)
        }
    }
}
