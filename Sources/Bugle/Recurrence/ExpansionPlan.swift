import Foundation

/// A validated rule prepared for expansion from one start (`DTSTART`): the defaults RFC 5545
/// takes from the start filled in, lists turned into bit masks, and the calendar arithmetic
/// that finds the *period* (year, month, week, day, hour, minute or second) of a moment.
///
/// Every occurrence is computed from the start and the period's number, never from the
/// previous occurrence: period `k` is the `k × INTERVAL`-th unit after the start's.
/// Times are *local seconds*: seconds since 1970-01-01T00:00 on the wall clock.
struct ExpansionPlan: Sendable {
    let frequency: RecurrenceRule.Frequency
    let interval: Int
    let count: Int?
    let skip: RecurrenceRule.Skip
    /// DTSTART in local seconds.
    let start: Int
    let startDate: LocalDate

    // Day-level parts. A zero mask means the part was not given.
    /// Bit `m` for month `m`.
    let months: UInt16
    /// Months to expand in a YEARLY period, ascending.
    let yearMonths: [Int]
    /// BYMONTHDAY values as given (or DTSTART's day by default), for expansion.
    let monthDays: [Int]
    let monthDayMask: UInt32
    let negativeMonthDayMask: UInt32
    /// Bit `Weekday.rawValue` for each weekday without an ordinal.
    let weekdays: UInt8
    /// Ordinal weekdays: (weekday raw value, ordinal).
    let ordinals: [(weekday: Int, ordinal: Int)]
    let hasByDay: Bool
    /// Ordinals count within the month (MONTHLY, or YEARLY with BYMONTH) or within the year.
    let ordinalsInMonth: Bool
    let yearDays: [Int]
    let weekNumberMask: UInt64
    let negativeWeekNumberMask: UInt64
    let weekStart: Int

    // Time-level parts.
    /// Seconds of the day, ascending (DAILY and longer periods).
    let times: [Int]
    /// Offsets from a short period's start, ascending, after BYSETPOS (HOURLY and shorter).
    let offsets: [Int]
    /// Allowed hours, minutes and seconds of a short period's start; zero when any is allowed.
    let hourMask: UInt32
    let minuteMask: UInt64
    let secondMask: UInt64
    let setPositions: [Int]

    // Period arithmetic.
    /// Seconds in one unit of a short frequency (3600 for HOURLY); 0 for DAILY and longer.
    let unit: Int
    /// Local seconds at which the start's short period begins.
    let firstPeriodStart: Int
    /// The first day of the start's week (WEEKLY).
    let firstWeekStart: Int
    /// The start's month as `year × 12 + month - 1` (MONTHLY).
    let firstMonthIndex: Int
    /// Days after which the calendar and the period grid repeat; an iteration that finds
    /// nothing for this long finds nothing ever.
    let cycleDays: Int
    /// Periods after which the calendar and the period grid repeat (DAILY and longer).
    let cyclePeriods: Int?
    /// True when the rule can never match: a rule shorter than a day whose BYHOUR, BYMINUTE
    /// or BYSECOND its interval never reaches, or whose BYSETPOS picks nothing.
    let isEmpty: Bool

    /// No occurrence is produced after the end of year 9999.
    static let endOfTime = LocalDate("9999-12-31").dayNumber * 86_400 + 86_399

    init(rule: RecurrenceRule, start: LocalDateTime) {
        frequency = rule.frequency
        interval = rule.interval
        count = rule.count
        skip = rule.skip
        self.start = start.localSeconds
        startDate = start.date
        weekStart = rule.weekStart.rawValue

        // RFC 5545 (and python-dateutil): with no day-level part, the day comes from DTSTART.
        let noDayParts = rule.byWeekNumber.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty
        var byMonthDay = rule.byMonthDay
        var byDay = rule.byDay
        var byMonth = rule.byMonth
        if noDayParts {
            switch rule.frequency {
            case .yearly:
                if byMonth.isEmpty { byMonth = [start.date.month] }
                byMonthDay = [start.date.day]
            case .monthly: byMonthDay = [start.date.day]
            case .weekly: byDay = [RecurrenceRule.WeekdayNumber(start.date.weekday)]
            default: break
            }
        } else if rule.frequency == .yearly, !rule.byWeekNumber.isEmpty, rule.byDay.isEmpty, rule.byMonthDay.isEmpty, rule.byYearDay.isEmpty {
            // RFC 5545 §3.3.10: a week number names no day, so the day comes from DTSTART (as
            // libical has it): `BYWEEKNO=20` from a Tuesday is the Tuesday of week 20, not the
            // whole week (python-dateutil's reading).
            byDay = [RecurrenceRule.WeekdayNumber(start.date.weekday)]
        }
        months = byMonth.reduce(0) { $0 | UInt16(1) << $1 }
        if rule.frequency == .yearly {
            yearMonths = byMonth.isEmpty ? Array(1...12) : Array(Set(byMonth)).sorted()
        } else {
            yearMonths = []
        }
        monthDays = Array(Set(byMonthDay)).sorted()
        monthDayMask = byMonthDay.filter { $0 > 0 }.reduce(0) { $0 | UInt32(1) << $1 }
        negativeMonthDayMask = byMonthDay.filter { $0 < 0 }.reduce(0) { $0 | UInt32(1) << -$1 }
        weekdays = byDay.filter { $0.ordinal == nil }.reduce(0) { $0 | UInt8(1) << $1.weekday.rawValue }
        ordinals = Array(Set(byDay.compactMap { day in day.ordinal.map { OrdinalKey(weekday: day.weekday.rawValue, ordinal: $0) } }))
            .sorted { ($0.weekday, $0.ordinal) < ($1.weekday, $1.ordinal) }
            .map { ($0.weekday, $0.ordinal) }
        hasByDay = !byDay.isEmpty
        ordinalsInMonth = rule.frequency == .monthly || !rule.byMonth.isEmpty
        yearDays = Array(Set(rule.byYearDay)).sorted()
        weekNumberMask = rule.byWeekNumber.filter { $0 > 0 }.reduce(0) { $0 | UInt64(1) << $1 }
        negativeWeekNumberMask = rule.byWeekNumber.filter { $0 < 0 }.reduce(0) { $0 | UInt64(1) << -$1 }
        setPositions = Array(Set(rule.bySetPosition)).sorted()

        // Time parts expand for periods longer than themselves, and default to DTSTART's.
        let hours = rule.byHour.isEmpty ? [start.time.hour] : Array(Set(rule.byHour)).sorted()
        let minutes = rule.byMinute.isEmpty ? [start.time.minute] : Array(Set(rule.byMinute)).sorted()
        let seconds = rule.bySecond.isEmpty ? [start.time.second] : Array(Set(rule.bySecond)).sorted()
        switch rule.frequency {
        case .secondly, .minutely, .hourly:
            let unit = rule.frequency == .hourly ? 3600 : rule.frequency == .minutely ? 60 : 1
            self.unit = unit
            var offsets: [Int]
            switch rule.frequency {
            case .hourly: offsets = minutes.flatMap { minute in seconds.map { minute * 60 + $0 } }
            case .minutely: offsets = seconds
            default: offsets = [0]
            }
            if !setPositions.isEmpty { offsets = Self.select(setPositions, from: offsets) }
            self.offsets = offsets
            times = []
            hourMask = rule.byHour.reduce(0) { $0 | UInt32(1) << $1 }
            minuteMask = rule.frequency == .hourly ? 0 : rule.byMinute.reduce(0) { $0 | UInt64(1) << $1 }
            secondMask = rule.frequency == .secondly ? rule.bySecond.reduce(0) { $0 | UInt64(1) << $1 } : 0
        default:
            unit = 0
            offsets = []
            times = hours.flatMap { hour in minutes.flatMap { minute in seconds.map { hour * 3600 + minute * 60 + $0 } } }
            hourMask = 0
            minuteMask = 0
            secondMask = 0
        }
        let startSeconds = start.localSeconds
        firstPeriodStart = unit > 0 ? Self.floorDiv(startSeconds, unit) * unit : start.date.dayNumber * 86_400
        let startDay = start.date.dayNumber
        firstWeekStart = startDay - ((start.date.weekday.rawValue - rule.weekStart.rawValue + 7) % 7)
        firstMonthIndex = start.date.year * 12 + start.date.month - 1

        // The calendar repeats every 400 years: 146,097 days, 20,871 weeks, 4,800 months; a
        // rule's periods repeat when a whole number of intervals spans whole cycles.
        let days400 = 146_097
        var isEmpty = false
        switch rule.frequency {
        case .yearly:
            let periods = 400 / Self.gcd(rule.interval, 400)
            cyclePeriods = periods
            cycleDays = min(days400 * (periods * rule.interval / 400) + 366, Self.maximumCycleDays)
        case .monthly:
            let periods = 4800 / Self.gcd(rule.interval, 4800)
            cyclePeriods = periods
            cycleDays = min(days400 * (periods * rule.interval / 4800) + 366, Self.maximumCycleDays)
        case .weekly:
            let periods = 20_871 / Self.gcd(rule.interval, 20_871)
            cyclePeriods = periods
            cycleDays = min(Self.cappedProduct(periods, rule.interval * 7) + 7, Self.maximumCycleDays)
        case .daily:
            let periods = days400 / Self.gcd(rule.interval, days400)
            cyclePeriods = periods
            cycleDays = min(Self.cappedProduct(periods, rule.interval) + 7, Self.maximumCycleDays)
        default:
            // Period starts fall on a grid of `step` seconds; in a day they can only take times
            // congruent to the first start modulo gcd(step, 86,400), and the grid's phase in the
            // day repeats every step / gcd days.
            cyclePeriods = nil
            let step = Self.cappedProduct(rule.interval, unit)
            let common = Self.gcd(step, 86_400)
            let phaseDays = step / common
            cycleDays = min(Self.cappedProduct(days400, phaseDays / Self.gcd(phaseDays, days400)) + 1, Self.maximumCycleDays)
            let residue = Self.floorMod(firstPeriodStart, common)
            var reachable = hourMask == 0 && minuteMask == 0 && secondMask == 0
            if !reachable {
                // Is any allowed start time of day on the grid at all?
                let hourSet = rule.byHour.isEmpty ? Array(0..<24) : hours
                let minuteSet = rule.frequency == .hourly ? [0] : rule.byMinute.isEmpty ? Array(0..<60) : minutes
                let secondSet = rule.frequency != .secondly ? [0] : rule.bySecond.isEmpty ? Array(0..<60) : seconds
                search: for hour in hourSet {
                    for minute in minuteSet {
                        for second in secondSet where Self.floorMod(hour * 3600 + minute * 60 + second - residue, common) == 0 {
                            reachable = true
                            break search
                        }
                    }
                }
            }
            isEmpty = !reachable || offsets.isEmpty
        }
        self.isEmpty = isEmpty
    }

    private struct OrdinalKey: Hashable {
        var weekday: Int
        var ordinal: Int
    }

    static let maximumCycleDays = 4_000_000

    // MARK: Arithmetic

    @inline(__always) static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    @inline(__always) static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }
    @inline(__always) static func ceilDiv(_ a: Int, _ b: Int) -> Int { -floorDiv(-a, b) }

    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (x, y) = (abs(a), abs(b))
        while y != 0 { (x, y) = (y, x % y) }
        return x
    }

    static func cappedProduct(_ a: Int, _ b: Int) -> Int {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? Int.max / 4 : product
    }

    /// The weekday raw value (Sunday = 1) of a day number.
    @inline(__always) static func weekday(_ day: Int) -> Int { ((day % 7) + 7 + 4) % 7 + 1 }

    /// Picks BYSETPOS positions from an ascending list; the result is ascending and unique.
    static func select(_ positions: [Int], from values: [Int]) -> [Int] {
        var picked: [Int] = []
        for position in positions {
            let index = position > 0 ? position - 1 : values.count + position
            if index >= 0, index < values.count { picked.append(values[index]) }
        }
        return Array(Set(picked)).sorted()
    }
}
