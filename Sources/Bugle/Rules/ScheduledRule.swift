import Foundation

/// Whether a rule's times follow the device's wall clock or stay fixed moments in a zone.
public enum TimeBasis: Hashable, Sendable {
    /// "08:30 wherever I am": re-read when the device changes zone.
    case wallClock
    /// "08:30 in this zone": the same instant wherever the device is.
    case zoned(TimeZone)
}

extension TimeBasis {
    /// The zone rules a rule with this basis reads its wall-clock times in during a plan:
    /// the device's, or its own zone's for the plan's span.
    func zoneRules(in context: PlanningContext) -> ZoneRules {
        switch self {
        case .wallClock: context.zone
        case .zoned(let timeZone):
            timeZone == context.zone.timeZone
                ? context.zone
                : ZoneRules.cached(timeZone: timeZone, from: context.now.addingTimeInterval(-2 * 86_400), through: context.lookaheadEnd)
        }
    }

    /// The fire time of an occurrence shown as `local` at the instant `date`.
    func fireTime(local: LocalDateTime, date: Date) -> FireTime {
        switch self {
        case .wallClock: .wallClock(local)
        case .zoned(let timeZone): .zoned(ZonedInstant(date: date, timeZone: timeZone))
        }
    }
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
///
/// The common cases have one-line builders, usable wherever a rule is expected:
/// `.daily(id: "morning", at: "08:30", title: "Good morning", body: "…")`, `.weekly(…)`,
/// `.every(…)` and `.once(…)` (see ``Rule/daily(id:at:title:body:group:priority:condition:basis:)``).
public struct ScheduledRule: Rule {
    /// Unique among the scheduler's rules; the start of every candidate id.
    public var id: String
    /// When the rule fires.
    public var schedule: Schedule
    /// Whether the times follow the device's zone or stay in a named one.
    public var basis: TimeBasis
    /// What every candidate shows.
    public var content: NotificationContent
    /// Higher wins at equal times and for budget slots; any `Int`.
    public var priority: Int
    /// The group caps and quiet-hours overrides count by.
    public var group: String?
    /// Deliveries with the same key count as the same notification.
    public var dedupeKey: String?
    /// How long after its time a candidate is still worth showing.
    public var relevance: TimeInterval?
    /// The first local day that may have an occurrence.
    public var start: LocalDate?
    /// The last local day that may have an occurrence (inclusive).
    public var end: LocalDate?
    /// At most this many occurrences, counted from `start` (occurrences before now count),
    /// or from the anchor of an `every` schedule. A count needs that origin: a daily or
    /// weekly rule with a count and no `start` proposes nothing.
    public var count: Int?
    /// When set, the rule proposes nothing unless it holds.
    public var condition: Condition?
    /// Budget slots kept for this rule (0 or more).
    public var reserve: Int
    /// When set, a repeating rule learns its send time in this window instead of firing at the
    /// schedule's time (``SendTimeLearner``): the next occurrence at a drawn slot, later ones at
    /// the slot with the best posterior mean. Its ``LearnedTiming/configured`` time, the
    /// schedule's time, is where the prior sits. Policies and the budget still apply. `nil`
    /// (the default): the schedule's time, exactly as a rule without learning. A one-shot
    /// ignores it.
    public var learning: LearnedTiming?
    /// When set, a repeating rule shows one of several texts per occurrence and learns which
    /// the user answers (``CopyBandit``): the next occurrence's text is drawn, later ones take
    /// the best posterior mean, each held back for a while after it was shown. Each variant is
    /// a whole ``NotificationContent`` and replaces ``content``. `nil` (the default):
    /// ``content`` every time. A one-shot ignores it.
    public var copy: CopyVariants?

    /// A rule on `schedule`; see the properties for each parameter.
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
        reserve: Int = 0,
        learning: LearnedTiming? = nil,
        copy: CopyVariants? = nil
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
        self.learning = learning
        self.copy = copy
    }

    public func candidates(in context: PlanningContext) -> AnyIterator<Candidate> {
        switch schedule {
        case .once, .onceAt:
            var occurrence = oneShot(in: context)
            return AnyIterator {
                guard let next = occurrence else { return nil }
                occurrence = nil
                return makeCandidate(next, id: id)
            }
        case .daily, .weekly, .every:
            return repeating(dayWalk(in: context))
        }
    }

    /// The candidates at or after `date`: the walk over the days starts at `date`'s day
    /// (every candidate of the rule has its group and dedupe key). A one-shot has nothing
    /// to jump over.
    public func candidates(in context: PlanningContext, from date: Date) -> AnyIterator<Candidate>? {
        switch schedule {
        case .once, .onceAt:
            return nil
        case .daily, .weekly, .every:
            // Fire times fall on whole seconds: strictly after the second before `date`.
            return repeating(dayWalk(in: context, after: max(context.now, date.addingTimeInterval(-1))))
        }
    }

    /// A repeating schedule's candidates along `walk`.
    private func repeating(_ walk: DayWalk?) -> AnyIterator<Candidate> {
        var days = walk
        // Joined once: each candidate's id is this and its day.
        let idPrefix = id + "@"
        return AnyIterator {
            guard let next = days?.next() else { return nil }
            return makeCandidate(next, id: next.day.description(after: idPrefix))
        }
    }

    /// Walks the schedule to its first occurrence without building a candidate.
    public func firstCandidate(in context: PlanningContext) -> FirstCandidate {
        let first: Occurrence?
        switch schedule {
        case .once, .onceAt:
            first = oneShot(in: context)
        case .daily, .weekly, .every:
            var days = dayWalk(in: context)
            first = days?.next()
        }
        guard let first else { return .nothing }
        return .at(fireDate: first.date, priority: priority)
    }

    /// A one-shot's first candidate is fixed when its time does not depend on the device's
    /// zone through a `start` or `end` day: a wall-clock `once`, or a `onceAt` without them.
    public func fixedFirstCandidate() -> FixedFirstCandidate {
        if let count, count < 1 { return .nothing }
        switch schedule {
        case .once(let local):
            guard case .wallClock = basis else { return .unknown }
            if let start, local.date < start { return .nothing }
            if let end, local.date > end { return .nothing }
            return .wallClock(local, priority: priority)
        case .onceAt(let date):
            guard start == nil, end == nil else { return .unknown }
            return .instant(date, priority: priority)
        case .daily, .weekly, .every:
            return .unknown
        }
    }

    /// One occurrence of the schedule: its local day and when it fires.
    private struct Occurrence {
        var day: LocalDate
        var fireTime: FireTime
        var date: Date
        var learned: LearnedTime? = nil
        var variant: VariantChoice? = nil
    }

    /// A learning rule's times: the drawn one on the day of its next occurrence, the best mean
    /// on every other day.
    private struct LearnedDays {
        /// The day number of the next occurrence after now, whose time is drawn.
        var drawDay: Int?
        var drawn: LearnedTime?
        var best: LearnedTime

        func time(onDay day: Int) -> LearnedTime { day == drawDay ? drawn ?? best : best }
    }

    /// How a repeating schedule picks its days.
    private enum Recurrence {
        case daily
        case weekly(Set<Weekday>)
        /// Every `step` days from `anchor`.
        case every(step: Int, anchor: LocalDate)

        /// Whether the day numbered `day` (days since 1970-01-01) has an occurrence.
        func matches(dayNumber day: Int) -> Bool {
            switch self {
            case .daily: true
            case .weekly(let weekdays): weekdays.contains(Weekday(dayNumber: day))
            case .every(let step, let anchor): (day - anchor.dayNumber) % step == 0
            }
        }

        /// Occurrences on matching days in [`start`, `day`).
        func index(from start: LocalDate, to day: LocalDate) -> Int {
            switch self {
            case .daily:
                return start.days(to: day)
            case .weekly(let weekdays):
                let days = start.days(to: day)
                var index = (days / 7) * weekdays.count
                var cursor = start.adding(days: (days / 7) * 7)
                while cursor < day {
                    if weekdays.contains(cursor.weekday) { index += 1 }
                    cursor = cursor.adding(days: 1)
                }
                return index
            case .every(let step, let anchor):
                return ScheduledRule.firstMatch(onOrAfter: start, anchor: anchor, step: step).days(to: day) / step
            }
        }
    }

    /// The days of a repeating schedule, from the first whose occurrence can be after now;
    /// the step is 1 day unless an `every` schedule jumps between matches directly. Its
    /// occurrences come out in order, up to one past the lookahead, which tells the planner
    /// there is more.
    private struct DayWalk {
        /// The next day to look at, as days since 1970-01-01: the walk counts days instead
        /// of stepping calendar dates, and makes a date only for an occurrence.
        var day: Int
        /// Occurrences so far, counted only when the rule has a count.
        var produced: Int
        var finished = false
        let recurrence: Recurrence
        let step: Int
        let time: LocalTime
        let secondOfDay: Int
        let zone: ZoneRules
        let zoned: Bool
        /// The last day that may have an occurrence, `end` or one past the lookahead's day
        /// (no occurrence on a later day can be inside the lookahead).
        let lastDay: Int
        let count: Int?
        /// Occurrences at or before this moment (now, or where a jump lands) are passed over.
        let after: Date
        let lookaheadEnd: Date
        let learned: LearnedDays?
        let copy: CopyDays?

        mutating func next() -> Occurrence? {
            while !finished {
                if let count, produced >= count { return nil }
                if day > lastDay { return nil }
                let current = day
                day += step
                guard recurrence.matches(dayNumber: current) else { continue }
                let learnedTime = learned?.time(onDay: current)
                let time = learnedTime?.time ?? time
                let date = Date(timeIntervalSince1970: TimeInterval(zone.instant(forLocalSeconds: current * 86_400 + time.secondOfDay)))
                // The first occurrence past the lookahead tells the planner there is more.
                if date > lookaheadEnd { finished = true }
                if count != nil { produced += 1 }
                guard date > after else { continue }
                let local = LocalDateTime(date: LocalDate(dayNumber: current), time: time)
                let fireTime: FireTime = zoned ? .zoned(ZonedInstant(date: date, timeZone: zone.timeZone)) : .wallClock(local)
                return Occurrence(day: local.date, fireTime: fireTime, date: date, learned: learnedTime, variant: copy?.choice(onDay: current))
            }
            return nil
        }
    }

    /// The zone the schedule's times are read in, and whether its fire times are zoned instants.
    private func zone(in context: PlanningContext) -> (rules: ZoneRules, zoned: Bool) {
        (basis.zoneRules(in: context), basis != .wallClock)
    }

    /// A one-shot's occurrence, when its day is inside `start`...`end` and its count allows one.
    private func oneShot(in context: PlanningContext) -> Occurrence? {
        // The device's zone is read in place: copying its rules for each of thousands of
        // one-shots costs more than the rest of the walk.
        switch basis {
        case .wallClock: oneShot(zone: context.zone, zoned: false)
        case .zoned: oneShot(zone: zone(in: context).rules, zoned: true)
        }
    }

    private func oneShot(zone: ZoneRules, zoned: Bool) -> Occurrence? {
        let occurrence: Occurrence
        switch schedule {
        case .once(let local):
            let date = zone.date(for: local)
            let fireTime: FireTime = zoned ? .zoned(ZonedInstant(date: date, timeZone: zone.timeZone)) : .wallClock(local)
            occurrence = Occurrence(day: local.date, fireTime: fireTime, date: date)
        case .onceAt(let date):
            occurrence = Occurrence(day: zone.localDate(at: date), fireTime: .zoned(ZonedInstant(date: date, timeZone: zone.timeZone)), date: date)
        case .daily, .weekly, .every:
            return nil
        }
        if let start, occurrence.day < start { return nil }
        if let end, occurrence.day > end { return nil }
        if let count, count < 1 { return nil }
        return occurrence
    }

    /// A repeating schedule's walk over its days, for occurrences after `after` (`now` by
    /// default); `nil` for a one-shot, or for a count without the origin it counts from.
    private func dayWalk(in context: PlanningContext, after: Date? = nil) -> DayWalk? {
        let after = after ?? context.now
        let recurrence: Recurrence
        let time: LocalTime
        switch schedule {
        case .once, .onceAt: return nil
        case .daily(let at): (recurrence, time) = (.daily, at)
        case .weekly(let weekdays, let at): (recurrence, time) = (.weekly(weekdays), at)
        case .every(let days, let at, let anchor):
            // Two days more than 2^22 days (11,000 years) apart cannot both be in a plan, so a
            // longer step gives the same days: only the anchor. Capped, no sum can overflow.
            (recurrence, time) = (.every(step: min(max(days, 1), 1 << 22), anchor: anchor), at)
        }
        let (zone, zoned) = zone(in: context)
        // The first day that can still fire: yesterday in the rule's zone covers every offset.
        // An anchor is the first day of an `every` schedule, whatever `start` says.
        var anchor: LocalDate?
        var step = 1
        if case .every(let every, let first) = recurrence {
            anchor = first
            step = every
        }
        let origin = [start, anchor].compactMap { $0 }.max()
        if count != nil, origin == nil { return nil }
        var day = zone.localDate(at: after).adding(days: -1)
        if let origin, day < origin { day = origin }
        if let anchor, step > 1 { day = Self.firstMatch(onOrAfter: day, anchor: anchor, step: step) }
        let produced = count != nil ? origin.map { recurrence.index(from: $0, to: day) } ?? 0 : 0
        let lookaheadDay = zone.localDate(at: context.lookaheadEnd).dayNumber + 1
        let lastDay = end.map { min($0.dayNumber, lookaheadDay) } ?? lookaheadDay
        let learned = learning.map {
            learnedDays(
                $0, context: context, zone: zone, recurrence: recurrence, step: step, anchor: anchor,
                from: origin.map { max(zone.localDate(at: context.now).adding(days: -1), $0) } ?? zone.localDate(at: context.now).adding(days: -1),
                lastDay: lastDay)
        }
        let copyDays = copy.map { copy in
            let from = origin.map { max(zone.localDate(at: context.now).adding(days: -1), $0) } ?? zone.localDate(at: context.now).adding(days: -1)
            return CopyDays(
                copy, context: context, ruleID: id, zone: zone,
                drawDay: learned.map(\.drawDay)
                    ?? Self.firstDay(after: context.now, zone: zone, recurrence: recurrence, step: step, anchor: anchor, from: from, lastDay: lastDay) { _ in
                        time
                    })
        }
        return DayWalk(
            day: day.dayNumber, produced: produced, recurrence: recurrence, step: step, time: time, secondOfDay: time.secondOfDay,
            zone: zone, zoned: zoned, lastDay: lastDay, count: count, after: after, lookaheadEnd: context.lookaheadEnd, learned: learned, copy: copyDays)
    }

    /// A learning rule's times for a walk: what the learner draws for the first day from `from`
    /// whose drawn time is after now (at most 8 matching days are tried: the window lies in one
    /// day, so the second or third is after now), and the best mean for the others.
    private func learnedDays(
        _ timing: LearnedTiming, context: PlanningContext, zone: ZoneRules, recurrence: Recurrence, step: Int, anchor: LocalDate?, from: LocalDate,
        lastDay: Int
    ) -> LearnedDays {
        let learner = SendTimeLearner(timing: timing)
        let today = zone.localDate(at: context.now)
        let state = context.learning[id] ?? SendTimeState(timing: timing, startingOn: today)
        let seed = context.learningSeed ^ SeededGenerator.seed(for: id)
        let best = LearnedTime(choice: learner.choose(on: today, state: state, seed: seed), drawn: false)
        var drawn: SlotChoice?
        let drawDay = Self.firstDay(after: context.now, zone: zone, recurrence: recurrence, step: step, anchor: anchor, from: from, lastDay: lastDay) { day in
            let choice = learner.choose(on: LocalDate(dayNumber: day), state: state, seed: seed)
            drawn = choice
            return choice.time
        }
        return LearnedDays(drawDay: drawDay, drawn: drawDay == nil ? nil : drawn.map { LearnedTime(choice: $0, drawn: true) }, best: best)
    }

    /// The first matching day from `from` whose occurrence, at `time(day)`, is after `now`: at
    /// most 8 matching days are tried (a day's times lie in one day, so the second or third is
    /// after now). `time` is asked for each day tried, in order.
    private static func firstDay(
        after now: Date, zone: ZoneRules, recurrence: Recurrence, step: Int, anchor: LocalDate?, from: LocalDate, lastDay: Int,
        time: (Int) -> LocalTime
    ) -> Int? {
        var day = from
        if let anchor, step > 1 { day = Self.firstMatch(onOrAfter: day, anchor: anchor, step: step) }
        var tried = 0
        while tried < 8, day.dayNumber <= lastDay {
            if recurrence.matches(dayNumber: day.dayNumber) {
                tried += 1
                if TimeInterval(zone.instant(forLocalSeconds: day.dayNumber * 86_400 + time(day.dayNumber).secondOfDay)) > now.timeIntervalSince1970 {
                    return day.dayNumber
                }
            }
            day = day.adding(days: step)
        }
        return nil
    }

    /// A rule's texts along a walk: the drawn one on the day of its next occurrence, each other
    /// day's by its share (``CopyBandit/planned(on:shares:offset:)``), which depends on the day
    /// alone: any walk over the same plan gives each day the same text.
    private struct CopyDays {
        let bandit: CopyBandit
        let drawDay: Int?
        let drawn: VariantChoice?
        let shares: (shares: [Double], means: [Double])
        /// Where the rule's golden-ratio sequence starts, from its id: two rules do not take
        /// turns in step.
        let offset: Double

        init(_ copy: CopyVariants, context: PlanningContext, ruleID: String, zone: ZoneRules, drawDay: Int?) {
            let bandit = CopyBandit(copy: copy)
            self.bandit = bandit
            let today = zone.localDate(at: context.now)
            let state = context.copyLearning[ruleID] ?? CopyState(startingOn: today)
            let seed = context.learningSeed ^ SeededGenerator.seed(for: ruleID + "#copy")
            self.drawDay = drawDay
            drawn = drawDay.map { bandit.choose(on: LocalDate(dayNumber: $0), state: state, seed: seed) }
            shares = bandit.shares(on: today, state: state)
            offset = Double(SeededGenerator.seed(for: ruleID) >> 11) / Double(1 << 53)
        }

        /// The text of the occurrence on day number `day`.
        func choice(onDay day: Int) -> VariantChoice {
            if day == drawDay, let drawn { return drawn }
            return bandit.planned(on: LocalDate(dayNumber: day), shares: shares, offset: offset)
        }
    }

    private static func firstMatch(onOrAfter day: LocalDate, anchor: LocalDate, step: Int) -> LocalDate {
        let offset = anchor.days(to: day)
        let remainder = ((offset % step) + step) % step
        return remainder == 0 ? day : day.adding(days: step - remainder)
    }

    /// The candidate of `occurrence`, with id `candidateID`: a one-shot's is the rule's, a
    /// repeating rule's adds the local day.
    private func makeCandidate(_ occurrence: Occurrence, id candidateID: String) -> Candidate {
        var candidate = Candidate(
            id: candidateID, ruleID: id, fireTime: occurrence.fireTime, fireDate: occurrence.date, content: content,
            priority: priority, group: group, dedupeKey: dedupeKey, relevance: relevance)
        if let learned = occurrence.learned { candidate.learnedTime = learned }
        if let variant = occurrence.variant, let copy, copy.variants.indices.contains(variant.index) {
            candidate.content = copy.variants[variant.index].content
            candidate.variant = variant
        }
        return candidate
    }
}
