import Foundation

/// A rule in a calendar whose months are not the Gregorian ones (RFC 7529 `RSCALE`),
/// prepared for expansion from one start.
///
/// This is the slow, simple path: the calendar's months and years are read from Foundation's
/// `Calendar` (in UTC, so that a day is a day), the rule's days are picked in them, and the
/// days are emitted as Gregorian local seconds. The Gregorian fast path (``ExpansionPlan``)
/// is not involved, except as the `filter` of a `WEEKLY` or shorter rule.
///
/// - A `YEARLY` or `MONTHLY` rule expands each period of the calendar: its months, days of
///   the month, days of the year (`BYYEARDAY`, counted in the calendar's year of 353 to 385
///   days), weeks of the year (`BYWEEKNO`) and weekdays, ordinal ones counted in the month or
///   the year of the calendar.
/// - A `WEEKLY` or shorter rule keeps its Gregorian periods: its month, day-of-month and
///   day-of-year parts only limit the days (RFC 5545's table), so the plan walks the
///   Gregorian rule without them through the days of the calendar that pass them. `SKIP` does
///   not apply to a limit: a day that does not exist is not generated, so nothing is moved
///   (libical's `check_contracting_rules` reads the day in the calendar and compares).
///
/// A rule whose periods produce nothing for ``searchYears`` calendar years in a row ends
/// there, so a rule that never matches costs bounded work.
struct ScaleExpansion: Sendable {
    /// One month of the rule's calendar: its RFC 7529 number, whether it is a leap month, and
    /// its days as Gregorian day numbers (days since 1970-01-01).
    struct Month: Equatable {
        var number: Int
        var leap: Bool
        var firstDay: Int
        var length: Int

        var endDay: Int { firstDay + length }
        func contains(_ day: Int) -> Bool { day >= firstDay && day < endDay }
    }

    /// The weeks around one calendar year, for `BYWEEKNO`: the first day of week 1 of the year
    /// before, of this year, of the next and of the one after. Weeks start on `WKST`; week 1
    /// is the first with at least four days in the calendar year, as in RFC 5545 and as
    /// libical asks ICU (`UCAL_WEEK_OF_YEAR` with four minimal days in the first week).
    struct WeekGrid {
        var previous: Int
        var this: Int
        var next: Int
        var afterNext: Int
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
    /// Days of the calendar year (negative from the end).
    let yearDays: [Int]
    /// Weeks of the calendar year (negative from the end).
    let weekNumbers: [Int]
    /// The first day of the week (`WKST`), as a weekday raw value.
    let weekStart: Int
    /// Bit `Weekday.rawValue` per weekday without an ordinal, or 0.
    let weekdays: UInt8
    /// Ordinal weekdays: (weekday raw value, ordinal).
    let ordinals: [(weekday: Int, ordinal: Int)]
    let hasByDay: Bool
    /// Ordinals count within the month (MONTHLY, or YEARLY with BYMONTH) or within the year.
    let ordinalsInMonth: Bool
    let setPositions: [Int]
    /// Seconds of the day, ascending.
    let times: [Int]
    /// Periods in a row without an occurrence after which the rule ends.
    let maximumEmptyPeriods: Int
    /// For a `WEEKLY` or shorter rule: the Gregorian plan of the rule without its month,
    /// day-of-month and day-of-year parts, whose occurrences those parts then limit.
    let filter: ExpansionPlan?

    /// Whether a rule in a calendar other than the Gregorian one takes this path: a `YEARLY`
    /// or `MONTHLY` one always, a shorter one when a part counts in the calendar's months or
    /// year (otherwise its occurrences are the Gregorian ones).
    static func isNeeded(for rule: RecurrenceRule) -> Bool {
        rule.frequency == .yearly || rule.frequency == .monthly
            || !(rule.byMonth.isEmpty && rule.byLeapMonth.isEmpty && rule.byMonthDay.isEmpty && rule.byYearDay.isEmpty)
    }

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
        weekStart = rule.weekStart.rawValue
        let startDate = Self.date(ofDay: start.date.dayNumber)
        let startMonth = Self.month(of: startDate, in: calendar, scale: scale)
        let component: Calendar.Component = rule.frequency == .yearly ? .year : .month
        firstPeriod = calendar.dateInterval(of: component, for: startDate)?.start

        var months = rule.byMonth.map { (number: $0, leap: false) } + rule.byLeapMonth.map { (number: $0, leap: true) }
        var monthDays = rule.byMonthDay
        var byDay = rule.byDay
        let noDayParts = rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        if noDayParts, rule.frequency == .yearly || rule.frequency == .monthly {
            // RFC 5545: with no day part the day (and for YEARLY the month) comes from DTSTART,
            // read in the rule's calendar: a start in Adar I recurs in Adar I (5L).
            monthDays = [startMonth.map { start.date.dayNumber - $0.firstDay + 1 } ?? start.date.day]
            if rule.frequency == .yearly, months.isEmpty, let startMonth { months = [(startMonth.number, startMonth.leap)] }
        } else if rule.frequency == .yearly, !rule.byWeekNumber.isEmpty, rule.byDay.isEmpty, rule.byMonthDay.isEmpty, rule.byYearDay.isEmpty {
            // As in the Gregorian plan: a week number names no day, so the day comes from
            // DTSTART (libical's reading of RFC 5545 §3.3.10).
            byDay = [RecurrenceRule.WeekdayNumber(start.date.weekday)]
        }
        var unique: [(number: Int, leap: Bool)] = []
        for month in months where !unique.contains(where: { $0 == month }) { unique.append(month) }
        self.months = unique
        self.monthDays = Array(Set(monthDays)).sorted()
        yearDays = Array(Set(rule.byYearDay)).sorted()
        weekNumbers = Array(Set(rule.byWeekNumber)).sorted()
        weekdays = byDay.filter { $0.ordinal == nil }.reduce(0) { $0 | UInt8(1) << $1.weekday.rawValue }
        var ordinals: [(weekday: Int, ordinal: Int)] = []
        for day in byDay {
            guard let ordinal = day.ordinal, !ordinals.contains(where: { $0 == (day.weekday.rawValue, ordinal) }) else { continue }
            ordinals.append((day.weekday.rawValue, ordinal))
        }
        self.ordinals = ordinals
        hasByDay = !byDay.isEmpty
        ordinalsInMonth = rule.frequency == .monthly || !(rule.byMonth.isEmpty && rule.byLeapMonth.isEmpty)
        setPositions = Array(Set(rule.bySetPosition)).sorted()
        let hours = rule.byHour.isEmpty ? [start.time.hour] : Array(Set(rule.byHour)).sorted()
        let minutes = rule.byMinute.isEmpty ? [start.time.minute] : Array(Set(rule.byMinute)).sorted()
        let seconds = rule.bySecond.isEmpty ? [start.time.second] : Array(Set(rule.bySecond)).sorted()
        times = hours.flatMap { hour in minutes.flatMap { minute in seconds.map { hour * 3600 + minute * 60 + $0 } } }
        let periodsPerSearch = rule.frequency == .yearly ? Self.searchYears : Self.searchYears * 13
        maximumEmptyPeriods = max(1, periodsPerSearch / rule.interval)
        if rule.frequency == .yearly || rule.frequency == .monthly {
            filter = nil
        } else {
            var gregorian = rule
            gregorian.byMonth = []
            gregorian.byLeapMonth = []
            gregorian.byMonthDay = []
            gregorian.byYearDay = []
            gregorian.count = nil
            gregorian.until = nil
            filter = ExpansionPlan(rule: gregorian, start: start)
        }
    }

    /// Whether two occurrences can fall on the same local day.
    var canRepeatWithinDay: Bool {
        if let filter { return filter.unit > 0 || filter.times.count > 1 }
        return times.count > 1
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

    /// The month of the calendar that holds `day`.
    func month(containing day: Int) -> Month? { Self.month(of: Self.date(ofDay: day), in: calendar, scale: scale) }

    /// The months of the calendar between two dates (a year or a month), in order.
    private func months(in period: DateInterval) -> [Month] {
        var result: [Month] = []
        var day = Self.day(of: period.start)
        let end = Self.day(of: period.end)
        // A year has at most 13 months; the cap keeps a calendar's surprise from looping.
        while day < end, result.count < 14, let month = month(containing: day) {
            result.append(month)
            day = month.endDay
        }
        return result
    }

    /// The months of the calendar year that holds `day`, or `nil` beyond the calendar's range.
    func yearMonths(containing day: Int) -> [Month]? {
        guard let year = calendar.dateInterval(of: .year, for: Self.date(ofDay: day)) else { return nil }
        let result = months(in: year)
        return result.isEmpty ? nil : result
    }

    /// The first day and the length of the calendar year that holds `day`.
    func year(containing day: Int) -> (first: Int, length: Int)? {
        guard let year = calendar.dateInterval(of: .year, for: Self.date(ofDay: day)) else { return nil }
        let first = Self.day(of: year.start)
        return (first, max(1, Self.day(of: year.end) - first))
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
        return months(in: period)
    }

    // MARK: YEARLY and MONTHLY periods

    /// The months of a period that the rule expands: every month, or those `BYMONTH` names,
    /// a missing leap month of a YEARLY rule moved by `SKIP`.
    private func targetMonths(_ periodMonths: [Month]) -> [Month] {
        if months.isEmpty { return periodMonths }
        var targets: [Month] = []
        for wanted in months {
            var target = periodMonths.first { $0.number == wanted.number && $0.leap == wanted.leap }
            if target == nil, frequency == .yearly, wanted.leap, skip != .omit,
                let base = periodMonths.firstIndex(where: { $0.number == wanted.number && !$0.leap })
            {
                // RFC 7529 §4.2: a leap month missing this year moves to the month before
                // it (BACKWARD) or the one after (FORWARD), keeping the day.
                let index = skip == .backward ? base : base + 1
                if index < periodMonths.count { target = periodMonths[index] }
            }
            if let target, !targets.contains(target) { targets.append(target) }
        }
        return targets.sorted { $0.firstDay < $1.firstDay }
    }

    /// The occurrences of a YEARLY or MONTHLY period in ascending local seconds.
    func expand(_ periodMonths: [Month]) -> [Int] {
        guard let firstMonth = periodMonths.first, let lastMonth = periodMonths.last else { return [] }
        let targets = targetMonths(periodMonths)
        let periodFirst = firstMonth.firstDay
        let periodEnd = lastMonth.endDay
        var days: [Int] = []
        if frequency == .yearly, !yearDays.isEmpty {
            // RFC 5545 §3.3.10 with RFC 7529 §4.1: a day of the year the calendar year does
            // not have (385 in a year of 354 days, or -385) follows SKIP as the Gregorian
            // plan's 366 does: left out, or the last day of this year (the previous one for
            // -385) with BACKWARD, the first day of the next year (this one for -385) with
            // FORWARD. libical's expand_year_days does the same.
            let length = periodEnd - periodFirst
            for value in yearDays {
                guard let ordinal = ExpansionPlan.yearDayOrdinal(value, length: length, skip: skip) else { continue }
                let day = periodFirst + ordinal - 1
                if passes(day, periodMonths: periodMonths, targets: targets) { days.append(day) }
            }
        } else if frequency == .yearly, !weekNumbers.isEmpty {
            let grid = weekGrid(yearFirst: periodFirst, yearEnd: periodEnd)
            for day in periodFirst..<periodEnd where passes(day, periodMonths: periodMonths, targets: targets, grid: grid) {
                days.append(day)
            }
        } else if !monthDays.isEmpty {
            for month in targets {
                for value in monthDays {
                    guard let day = dayOfMonth(value, in: month) else { continue }
                    if !hasByDay || passesWeekday(day, hint: periodMonths) { days.append(day) }
                }
            }
        } else if hasByDay {
            if ordinalsInMonth {
                for month in targets { appendWeekdays(from: month.firstDay, through: month.endDay - 1, into: &days) }
            } else {
                appendWeekdays(from: periodFirst, through: periodEnd - 1, into: &days)
            }
        }
        var values = Array(Set(days)).sorted().flatMap { day in times.map { day * 86_400 + $0 } }
        if !setPositions.isEmpty { values = ExpansionPlan.select(setPositions, from: values) }
        return values
    }

    /// Day `value` of the month (negative from its end), moved by `SKIP` when the month does
    /// not have it: past the end to its last day or the next month's first, before the start
    /// (-30 in a month of 29 days) to the previous month's last day or its first.
    private func dayOfMonth(_ value: Int, in month: Month) -> Int? {
        let index = value > 0 ? value - 1 : month.length + value
        if index >= 0, index < month.length { return month.firstDay + index }
        switch skip {
        case .omit: return nil
        case .backward: return index >= month.length ? month.endDay - 1 : month.firstDay - 1
        case .forward: return index >= month.length ? month.endDay : month.firstDay
        }
    }

    /// Appends BYDAY's days between two days (inclusive): every such weekday, or the n-th.
    private func appendWeekdays(from first: Int, through last: Int, into days: inout [Int]) {
        ExpansionPlan.appendWeekdays(weekdays, ordinals, from: first, through: last, into: &days)
    }

    /// The month that holds `day`: one of `hint`, or read from the calendar.
    private func month(containing day: Int, hint: [Month]) -> Month? {
        hint.first { $0.contains(day) } ?? month(containing: day)
    }

    /// Whether a day picked by BYYEARDAY or BYWEEKNO passes the other day parts, each then a
    /// limit: BYMONTH, BYMONTHDAY, BYDAY and BYWEEKNO.
    private func passes(_ day: Int, periodMonths: [Month], targets: [Month], grid: WeekGrid? = nil) -> Bool {
        if !months.isEmpty || !monthDays.isEmpty {
            guard let month = month(containing: day, hint: periodMonths) else { return false }
            if !months.isEmpty, !targets.contains(month), !months.contains(where: { $0 == (month.number, month.leap) }) { return false }
            if !monthDays.isEmpty {
                let position = day - month.firstDay + 1
                if !monthDays.contains(position), !monthDays.contains(position - month.length - 1) { return false }
            }
        }
        if hasByDay, !passesWeekday(day, hint: periodMonths) { return false }
        if !weekNumbers.isEmpty {
            if let grid, day >= grid.previous, day < grid.afterNext {
                if !passesWeekNumber(day, grid: grid) { return false }
            } else {
                guard let year = year(containing: day) else { return false }
                if !passesWeekNumber(day, grid: weekGrid(yearFirst: year.first, yearEnd: year.first + year.length)) { return false }
            }
        }
        return true
    }

    /// Whether `day` passes BYDAY as a limit: one of its weekdays, or the n-th such weekday of
    /// its month (MONTHLY, or YEARLY with BYMONTH) or of its calendar year.
    private func passesWeekday(_ day: Int, hint: [Month]) -> Bool {
        let weekday = ExpansionPlan.weekday(day)
        if weekdays & (1 << UInt8(weekday)) != 0 { return true }
        guard ordinals.contains(where: { $0.weekday == weekday }) else { return false }
        let first: Int
        let last: Int
        if ordinalsInMonth {
            guard let month = month(containing: day, hint: hint) else { return false }
            (first, last) = (month.firstDay, month.endDay - 1)
        } else if let head = hint.first, let tail = hint.last, frequency == .yearly, head.firstDay <= day, day < tail.endDay {
            (first, last) = (head.firstDay, tail.endDay - 1)
        } else {
            guard let year = year(containing: day) else { return false }
            (first, last) = (year.first, year.first + year.length - 1)
        }
        for (candidate, ordinal) in ordinals where candidate == weekday {
            if ordinal > 0, (day - first) / 7 + 1 == ordinal { return true }
            if ordinal < 0, (last - day) / 7 + 1 == -ordinal { return true }
        }
        return false
    }

    /// The first day of week 1 of the calendar year that begins on `yearFirst`.
    private func firstWeekStart(yearFirst: Int) -> Int {
        let intoWeek = (ExpansionPlan.weekday(yearFirst) - weekStart + 7) % 7
        return 7 - intoWeek >= 4 ? yearFirst - intoWeek : yearFirst - intoWeek + 7
    }

    /// The weeks around the calendar year `yearFirst..<yearEnd`.
    func weekGrid(yearFirst: Int, yearEnd: Int) -> WeekGrid {
        let this = firstWeekStart(yearFirst: yearFirst)
        let next = firstWeekStart(yearFirst: yearEnd)
        // A year beyond the calendar's range counts as 52 weeks: the grid stays ordered.
        let previous = year(containing: yearFirst - 1).map { firstWeekStart(yearFirst: $0.first) } ?? this - 364
        let afterNext = year(containing: yearEnd).map { firstWeekStart(yearFirst: $0.first + $0.length) } ?? next + 364
        return WeekGrid(previous: previous, this: this, next: next, afterNext: afterNext)
    }

    /// Whether `day` (between `grid.previous` and `grid.afterNext`) is in a week BYWEEKNO
    /// names. A day early in the calendar year can be in the previous year's last week, a day
    /// late in it in the next year's week 1, as in the Gregorian plan.
    private func passesWeekNumber(_ day: Int, grid: WeekGrid) -> Bool {
        let (first, next) = day < grid.this ? (grid.previous, grid.this) : day < grid.next ? (grid.this, grid.next) : (grid.next, grid.afterNext)
        let number = (day - first) / 7 + 1
        let weeks = (next - first) / 7
        return weekNumbers.contains(number) || weekNumbers.contains(number - weeks - 1)
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

    // MARK: WEEKLY and shorter rules

    /// The runs of days (first and last, inclusive) of one calendar year, from `floor` on,
    /// that pass the rule's month, day-of-month and day-of-year limits. Each part compares
    /// the day as the calendar numbers it: `BYMONTH=5L` keeps Adar I, `BYMONTHDAY=-1` the last
    /// day of each month, `BYYEARDAY=1` the calendar's new year.
    func passingRuns(of yearMonths: [Month], from floor: Int) -> [(first: Int, last: Int)] {
        guard let yearFirst = yearMonths.first?.firstDay, let yearEnd = yearMonths.last?.endDay else { return [] }
        let yearLength = yearEnd - yearFirst
        var runs: [(first: Int, last: Int)] = []
        func add(_ day: Int) {
            if let last = runs.last, last.last == day - 1 {
                runs[runs.count - 1].last = day
            } else {
                runs.append((day, day))
            }
        }
        for month in yearMonths where month.endDay > floor {
            if !months.isEmpty, !months.contains(where: { $0 == (month.number, month.leap) }) { continue }
            for day in max(month.firstDay, floor)..<month.endDay {
                if !monthDays.isEmpty {
                    let position = day - month.firstDay + 1
                    if !monthDays.contains(position), !monthDays.contains(position - month.length - 1) { continue }
                }
                if !yearDays.isEmpty {
                    let ordinal = day - yearFirst + 1
                    if !yearDays.contains(ordinal), !yearDays.contains(ordinal - yearLength - 1) { continue }
                }
                add(day)
            }
        }
        return runs
    }
}

/// Walks a ``ScaleExpansion``'s occurrences in ascending order (local seconds), honouring
/// COUNT and the bounds. With COUNT it replays from the start; without, it starts at the
/// period before `from` (for a `WEEKLY` or shorter rule, at the calendar year of `from`).
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

    // A WEEKLY or shorter rule: the Gregorian cursor over one run of passing days at a time.
    private var inner: RuleCursor?
    private var runs: [(first: Int, last: Int)] = []
    private var runIndex = 0
    /// The first day of the next calendar year to look at.
    private var nextYearDay = 0
    /// The first day a run may hold.
    private var floorDay = 0
    /// The last day with an occurrence (or where the walk began), for giving up.
    private var progressDay = 0

    init(plan: ScaleExpansion, from: Int? = nil, through: Int = ExpansionPlan.endOfTime) {
        self.plan = plan
        lowerBound = from ?? Int.min
        upperBound = min(through, ExpansionPlan.endOfTime)
        periodIndex = 0
        if let filter = plan.filter {
            var first = ExpansionPlan.floorDiv(plan.start, 86_400)
            if let from, from > plan.start, plan.count == nil { first = ExpansionPlan.floorDiv(from, 86_400) }
            nextYearDay = first
            floorDay = first
            progressDay = first
            finished = filter.isEmpty
        } else if let from, from > plan.start, plan.count == nil {
            periodIndex = plan.period(before: from)
        }
    }

    /// The next occurrence in local seconds, or `nil` at the end.
    mutating func next() -> Int? {
        if let filter = plan.filter { return nextFiltered(filter) }
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

    /// The next occurrence of a WEEKLY or shorter rule: the Gregorian rule's occurrences on the
    /// days that pass the calendar's limits. Limiting whole days keeps BYSETPOS right: its set
    /// (the times of one day, one hour or one minute) lies within a day.
    private mutating func nextFiltered(_ filter: ExpansionPlan) -> Int? {
        while !finished {
            if inner != nil {
                if let value = inner?.next() {
                    if value > upperBound { break }
                    progressDay = ExpansionPlan.floorDiv(value, 86_400)
                    if let count = plan.count {
                        if emitted >= count { break }
                        emitted += 1
                    }
                    if value >= lowerBound { return value }
                    continue
                }
                inner = nil
            }
            if runIndex < runs.count {
                let run = runs[runIndex]
                runIndex += 1
                // With COUNT every occurrence from the start is counted; without, the walk can
                // begin at the lower bound.
                let low = plan.count == nil ? max(run.first * 86_400, lowerBound) : run.first * 86_400
                let high = min(run.last * 86_400 + 86_399, upperBound)
                if low <= high { inner = RuleCursor(plan: filter, from: low, through: high) }
                continue
            }
            // The next calendar year's runs.
            guard nextYearDay * 86_400 <= upperBound, nextYearDay - progressDay <= ScaleExpansion.searchYears * 366,
                let year = plan.yearMonths(containing: nextYearDay), let end = year.last?.endDay, end > nextYearDay
            else { break }
            runs = plan.passingRuns(of: year, from: floorDay)
            runIndex = 0
            nextYearDay = end
        }
        finished = true
        inner = nil
        return nil
    }
}
