import Foundation

/// Whether a rule's times follow the device's wall clock or stay fixed moments in a zone.
public enum TimeBasis: Hashable, Sendable {
    /// "08:30 wherever I am": re-read when the device changes zone.
    case wallClock
    /// "08:30 in this zone": the same instant wherever the device is.
    case zoned(TimeZone)
}

/// When a scheduled rule fires.
public enum Schedule: Hashable, Sendable {
    /// Once, at a date and time.
    case once(LocalDateTime)
    /// Once, at an instant fixed regardless of basis (a time written with an offset).
    case onceAt(Date)
    /// Every day at a time.
    case daily(LocalTime)
    /// On the given weekdays at a time.
    case weekly(Set<Weekday>, LocalTime)
    /// Every `days` days at a time, counted from the rule's start (or `anchor`).
    case every(days: Int, time: LocalTime, anchor: LocalDate)
}

/// A rule built from a schedule and a content: one-shot, daily, weekly, every N days.
///
/// Ids are `ruleID` for a one-shot and `ruleID@YYYY-MM-DD` for the others, so the same
/// occurrence keeps the same id across refreshes.
public struct ScheduledRule: Rule {
    public var id: String
    public var schedule: Schedule
    public var basis: TimeBasis
    public var content: NotificationContent
    public var priority: Int
    public var group: String?
    public var dedupeKey: String?
    public var relevance: TimeInterval?
    /// The first local day that may have an occurrence.
    public var start: LocalDate?
    /// The last local day that may have an occurrence (inclusive).
    public var end: LocalDate?
    /// At most this many occurrences, counted from `start` (occurrences before now count),
    /// or from the anchor of an `every` schedule. A count needs that origin: a daily or
    /// weekly rule with a count and no `start` proposes nothing.
    public var count: Int?
    public var condition: Condition?
    public var reserve: Int

    public init(
        id: String,
        schedule: Schedule,
        basis: TimeBasis = .wallClock,
        content: NotificationContent,
        priority: Int = 0,
        group: String? = nil,
        dedupeKey: String? = nil,
        relevance: TimeInterval? = nil,
        start: LocalDate? = nil,
        end: LocalDate? = nil,
        count: Int? = nil,
        condition: Condition? = nil,
        reserve: Int = 0
    ) {
        self.id = id
        self.schedule = schedule
        self.basis = basis
        self.content = content
        self.priority = priority
        self.group = group
        self.dedupeKey = dedupeKey
        self.relevance = relevance
        self.start = start
        self.end = end
        self.count = count
        self.condition = condition
        self.reserve = reserve
    }

    public func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        let zone: ZoneRules
        switch basis {
        case .wallClock: zone = context.zone
        case .zoned(let timeZone):
            zone = timeZone == context.zone.timeZone ? context.zone : ZoneRules(timeZone: timeZone, from: context.now.addingTimeInterval(-2 * 86_400), through: context.lookaheadEnd)
        }
        switch schedule {
        case .once(let local):
            return single(fireTime: fireTime(local, zone), date: zone.date(for: local), day: local.date)
        case .onceAt(let date):
            return single(fireTime: .zoned(ZonedInstant(date: date, timeZone: zone.timeZone)), date: date, day: zone.localDate(at: date))
        case .daily(let time):
            return repeating(zone: zone, context: context, time: time, matches: { _ in true }, index: { start, day in start.days(to: day) })
        case .weekly(let weekdays, let time):
            let perWeek = weekdays.count
            return repeating(zone: zone, context: context, time: time, matches: { weekdays.contains($0.weekday) }, index: { start, day in
                // Occurrences on matching weekdays in [start, day).
                let days = start.days(to: day)
                var index = (days / 7) * perWeek
                var cursor = start.adding(days: (days / 7) * 7)
                while cursor < day {
                    if weekdays.contains(cursor.weekday) { index += 1 }
                    cursor = cursor.adding(days: 1)
                }
                return index
            })
        case .every(let days, let time, let anchor):
            let step = max(days, 1)
            return repeating(zone: zone, context: context, time: time, firstAfter: anchor, step: step, matches: { anchor.days(to: $0) % step == 0 }, index: { start, day in
                let first = Self.firstMatch(onOrAfter: start, anchor: anchor, step: step)
                return first.days(to: day) / step
            })
        }
    }

    private func fireTime(_ local: LocalDateTime, _ zone: ZoneRules) -> FireTime {
        switch basis {
        case .wallClock: .wallClock(local)
        case .zoned: .zoned(ZonedInstant(date: zone.date(for: local), timeZone: zone.timeZone))
        }
    }

    private func single(fireTime: FireTime, date: Date, day: LocalDate) -> AnyIterator<Candidate> {
        if let start, day < start { return AnyIterator { nil } }
        if let end, day > end { return AnyIterator { nil } }
        if let count, count < 1 { return AnyIterator { nil } }
        var candidate: Candidate? = makeCandidate(id: id, fireTime: fireTime, date: date)
        return AnyIterator {
            defer { candidate = nil }
            return candidate
        }
    }

    /// Occurrences on matching local days, starting at the first day whose occurrence is
    /// after now. The step is 1 day unless `step` jumps between matches directly.
    private func repeating(
        zone: ZoneRules,
        context: PlanningContext,
        time: LocalTime,
        firstAfter anchor: LocalDate? = nil,
        step: Int = 1,
        matches: @escaping @Sendable (LocalDate) -> Bool,
        index: @escaping @Sendable (LocalDate, LocalDate) -> Int
    ) -> AnyIterator<Candidate> {
        // The first day that can still fire: yesterday in the rule's zone covers every offset.
        // An anchor is the first day of an `every` schedule, whatever `start` says.
        let origin = [start, anchor].compactMap { $0 }.max()
        if count != nil, origin == nil { return AnyIterator { nil } }
        var day = zone.localDate(at: context.now).adding(days: -1)
        if let origin, day < origin { day = origin }
        if let anchor, step > 1 { day = Self.firstMatch(onOrAfter: day, anchor: anchor, step: step) }
        var produced = count != nil ? origin.map { index($0, day) } ?? 0 : 0
        let now = context.now
        let endDate = context.lookaheadEnd
        // No occurrence on a later day can be inside the lookahead.
        let lastDay = zone.localDate(at: endDate).adding(days: 1)
        let id = self.id
        var finished = false
        return AnyIterator {
            while !finished {
                if let end = self.end, day > end { return nil }
                if let limit = self.count, produced >= limit { return nil }
                if day > lastDay { return nil }
                let current = day
                day = day.adding(days: step)
                guard matches(current) else { continue }
                let local = LocalDateTime(date: current, time: time)
                let date = zone.date(for: local)
                // The first occurrence past the lookahead tells the planner there is more.
                if date > endDate { finished = true }
                if self.count != nil { produced += 1 }
                guard date > now else { continue }
                return self.makeCandidate(id: "\(id)@\(current)", fireTime: self.fireTime(local, zone), date: date)
            }
            return nil
        }
    }

    private static func firstMatch(onOrAfter day: LocalDate, anchor: LocalDate, step: Int) -> LocalDate {
        let offset = anchor.days(to: day)
        let remainder = ((offset % step) + step) % step
        return remainder == 0 ? day : day.adding(days: step - remainder)
    }

    private func makeCandidate(id: String, fireTime: FireTime, date: Date) -> Candidate {
        Candidate(id: id, ruleID: self.id, fireTime: fireTime, fireDate: date, content: content, priority: priority, group: group, dedupeKey: dedupeKey, relevance: relevance)
    }
}
