import Foundation

/// A `YEARLY` or `MONTHLY` rule in a calendar whose months are not the Gregorian ones (RFC
/// 7529 `RSCALE`), prepared for expansion from one start.
///
/// This is the slow, simple path: each period's months are read from Foundation's
/// `Calendar` (in UTC, so that a day is a day), the rule's days are picked in them, and the
/// days are emitted as Gregorian local seconds. The Gregorian fast path (``ExpansionPlan``)
/// is not involved. A rule whose periods produce nothing for ``searchYears`` calendar years
/// in a row ends there, so a rule that never matches costs bounded work.
struct ScaleExpansion: Sendable {
    /// One month of the rule's calendar: its RFC 7529 number, whether it is a leap month, and
    /// its days as Gregorian day numbers (days since 1970-01-01).
    struct Month: Equatable {
        var number: Int
        var leap: Bool
        var firstDay: Int
        var length: Int
    }

    /// A rule gives up after this many calendar years without an occurrence: long enough for
    /// the rarest leap months the vectors ask for (a Chinese `9L` returns after 95 years) and
    /// for any rule that matches at all to match several times.
    static let searchYears = 1_000

    let scale: RecurrenceRule.CalendarScale
    let calendar: Calendar
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let count: Int?
    let skip: RecurrenceRule.Skip
    /// DTSTART in local seconds.
    let start: Int
    /// The start of the year or month that holds the start, in the rule's calendar.
    let firstPeriod: Date?
    /// Months the rule names; empty for every month.
    let months: [(number: Int, leap: Bool)]
    /// Days of the month (negative from the end); empty with weekdays for every day.
    let monthDays: [Int]
    /// Bit `Weekday.rawValue` per weekday, or 0.
    let weekdays: UInt8
    let setPositions: [Int]
    /// Seconds of the day, ascending.
    let times: [Int]
    /// Periods in a row without an occurrence after which the rule ends.
    let maximumEmptyPeriods: Int

    init(rule: RecurrenceRule, scale: RecurrenceRule.CalendarScale, identifier: Calendar.Identifier, start: LocalDateTime) {
        var calendar = Calendar(identifier: identifier)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        self.scale = scale
        self.calendar = calendar
        frequency = rule.frequency
        interval = rule.interval
        count = rule.count
        skip = rule.skip
        self.start = start.localSeconds
        let startDate = Self.date(ofDay: start.date.dayNumber)
        let startMonth = Self.month(of: startDate, in: calendar, scale: scale)
        let component: Calendar.Component = rule.frequency == .yearly ? .year : .month
        firstPeriod = calendar.dateInterval(of: component, for: startDate)?.start

        var months = rule.byMonth.map { (number: $0, leap: false) } + rule.byLeapMonth.map { (number: $0, leap: true) }
        var monthDays = rule.byMonthDay
        if rule.byMonthDay.isEmpty, rule.byDay.isEmpty {
            // RFC 5545: with no day part the day (and for YEARLY the month) comes from DTSTART,
            // read in the rule's calendar: a start in Adar I recurs in Adar I (5L).
            monthDays = [startMonth.map { start.date.dayNumber - $0.firstDay + 1 } ?? start.date.day]
            if rule.frequency == .yearly, months.isEmpty, let startMonth { months = [(startMonth.number, startMonth.leap)] }
        }
        var unique: [(number: Int, leap: Bool)] = []
        for month in months where !unique.contains(where: { $0 == month }) { unique.append(month) }
        self.months = unique
        self.monthDays = Array(Set(monthDays)).sorted()
        weekdays = rule.byDay.reduce(0) { $0 | UInt8(1) << $1.weekday.rawValue }
        setPositions = Array(Set(rule.bySetPosition)).sorted()
        let hours = rule.byHour.isEmpty ? [start.time.hour] : Array(Set(rule.byHour)).sorted()
        let minutes = rule.byMinute.isEmpty ? [start.time.minute] : Array(Set(rule.byMinute)).sorted()
        let seconds = rule.bySecond.isEmpty ? [start.time.second] : Array(Set(rule.bySecond)).sorted()
        times = hours.flatMap { hour in minutes.flatMap { minute in seconds.map { hour * 3600 + minute * 60 + $0 } } }
        let periodsPerSearch = rule.frequency == .yearly ? Self.searchYears : Self.searchYears * 13
        maximumEmptyPeriods = max(1, periodsPerSearch / rule.interval)
    }

    static func date(ofDay day: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(day) * 86_400) }

    static func day(of date: Date) -> Int { ExpansionPlan.floorDiv(Int(date.timeIntervalSince1970.rounded()), 86_400) }

    /// The month that holds `date`, numbered as RFC 7529 numbers it. Foundation numbers the
    /// Hebrew months 1...13 with Adar I as 6 in every year (skipped in common years); RFC 7529
    /// calls Adar I `5L` and numbers the months after it 6...12.
    static func month(of date: Date, in calendar: Calendar, scale: RecurrenceRule.CalendarScale) -> Month? {
        guard let interval = calendar.dateInterval(of: .month, for: date) else { return nil }
        let components = calendar.dateComponents([.month, .isLeapMonth], from: interval.start)
        guard var number = components.month else { return nil }
        var leap = components.isLeapMonth ?? false
        if scale == .hebrew {
            if number == 6 {
                (number, leap) = (5, true)
            } else if number > 6 {
                number -= 1
            }
        }
        let firstDay = day(of: interval.start)
        return Month(number: number, leap: leap, firstDay: firstDay, length: max(1, day(of: interval.end) - firstDay))
    }

    /// The months of period `index` (counted in intervals from the start's period), or `nil`
    /// when the calendar cannot say (beyond its range).
    func months(ofPeriod index: Int) -> [Month]? {
        guard let firstPeriod else { return nil }
        let (steps, overflow) = index.multipliedReportingOverflow(by: interval)
        guard !overflow, steps < 20_000 * 13 else { return nil }
        let component: Calendar.Component = frequency == .yearly ? .year : .month
        guard let anchor = calendar.date(byAdding: component, value: steps, to: firstPeriod),
            let period = calendar.dateInterval(of: component, for: anchor)
        else { return nil }
        var result: [Month] = []
        var day = Self.day(of: period.start)
        let end = Self.day(of: period.end)
        // A year has at most 13 months; the cap keeps a calendar's surprise from looping.
        while day < end, result.count < 14, let month = Self.month(of: Self.date(ofDay: day), in: calendar, scale: scale) {
            result.append(month)
            day = month.firstDay + month.length
        }
        return result
    }

    /// The occurrences of a period in ascending local seconds.
    func expand(_ periodMonths: [Month]) -> [Int] {
        var targets: [Month] = []
        if months.isEmpty {
            targets = periodMonths
        } else {
            for wanted in months {
                var target = periodMonths.first { $0.number == wanted.number && $0.leap == wanted.leap }
                if target == nil, frequency == .yearly, wanted.leap, skip != .omit,
                    let base = periodMonths.firstIndex(where: { $0.number == wanted.number && !$0.leap })
                {
                    // RFC 7529 §3.2: a leap month missing this year moves to the month before
                    // it (BACKWARD) or the one after (FORWARD), keeping the day.
                    let index = skip == .backward ? base : base + 1
                    if index < periodMonths.count { target = periodMonths[index] }
                }
                if let target, !targets.contains(target) { targets.append(target) }
            }
        }
        var days: [Int] = []
        for month in targets {
            if monthDays.isEmpty {
                days += (0..<month.length).map { month.firstDay + $0 }
                continue
            }
            for day in monthDays {
                let index = day > 0 ? day - 1 : month.length + day
                if index >= 0, index < month.length {
                    days.append(month.firstDay + index)
                } else if index >= month.length {
                    switch skip {
                    case .omit: break
                    case .backward: days.append(month.firstDay + month.length - 1)
                    case .forward: days.append(month.firstDay + month.length)
                    }
                } else {
                    switch skip {
                    case .omit: break
                    case .backward: days.append(month.firstDay - 1)
                    case .forward: days.append(month.firstDay)
                    }
                }
            }
        }
        if weekdays != 0 { days = days.filter { weekdays & UInt8(1) << ExpansionPlan.weekday($0) != 0 } }
        var values = Array(Set(days)).sorted().flatMap { day in times.map { day * 86_400 + $0 } }
        if !setPositions.isEmpty { values = ExpansionPlan.select(setPositions, from: values) }
        return values
    }

    /// The period index (in intervals) a walk from `from` can start at without missing an
    /// occurrence: one before the period that holds it.
    func period(before from: Int) -> Int {
        guard let firstPeriod else { return 0 }
        let target = Self.date(ofDay: ExpansionPlan.floorDiv(from, 86_400))
        let component: Calendar.Component = frequency == .yearly ? .year : .month
        let units = calendar.dateComponents([component], from: firstPeriod, to: target).value(for: component) ?? 0
        return max(0, units / interval - 1)
    }
}

/// Walks a ``ScaleExpansion``'s occurrences in ascending order (local seconds), honouring
/// COUNT and the bounds. With COUNT it replays from the start; without, it starts at the
/// period before `from`.
struct ScaleCursor {
    let plan: ScaleExpansion
    private let lowerBound: Int
    private let upperBound: Int
    private var periodIndex: Int
    private var buffer: [Int] = []
    private var position = 0
    private var emitted = 0
    private var lastEmitted = Int.min
    private var emptyPeriods = 0
    private var finished = false

    init(plan: ScaleExpansion, from: Int? = nil, through: Int = ExpansionPlan.endOfTime) {
        self.plan = plan
        lowerBound = from ?? Int.min
        upperBound = min(through, ExpansionPlan.endOfTime)
        periodIndex = 0
        if let from, from > plan.start, plan.count == nil { periodIndex = plan.period(before: from) }
    }

    /// The next occurrence in local seconds, or `nil` at the end.
    mutating func next() -> Int? {
        while !finished {
            while position < buffer.count {
                let value = buffer[position]
                position += 1
                if value < plan.start || value <= lastEmitted { continue }
                if value > upperBound {
                    finished = true
                    return nil
                }
                lastEmitted = value
                if let count = plan.count {
                    if emitted >= count {
                        finished = true
                        return nil
                    }
                    emitted += 1
                }
                if value >= lowerBound { return value }
            }
            guard let months = plan.months(ofPeriod: periodIndex), let first = months.first?.firstDay,
                (first - 1) * 86_400 <= upperBound
            else {
                finished = true
                return nil
            }
            periodIndex += 1
            buffer = plan.expand(months)
            position = 0
            if buffer.last.map({ $0 < plan.start }) ?? true {
                emptyPeriods += 1
                if emptyPeriods > plan.maximumEmptyPeriods { finished = true }
            } else {
                emptyPeriods = 0
            }
        }
        return nil
    }
}
