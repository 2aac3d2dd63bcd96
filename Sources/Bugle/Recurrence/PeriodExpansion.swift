import Foundation

/// RFC 5545's expand/limit table, period by period.
///
/// | part | SECONDLY…HOURLY | DAILY | WEEKLY | MONTHLY | YEARLY |
/// | --- | --- | --- | --- | --- | --- |
/// | BYMONTH | limit | limit | limit | limit | expand |
/// | BYWEEKNO | – | – | – | – | expand |
/// | BYYEARDAY | limit | – | – | – | expand |
/// | BYMONTHDAY | limit | limit | – | expand | expand |
/// | BYDAY | limit | limit | expand | expand, or limit with BYMONTHDAY | expand, or limit with BYYEARDAY or BYMONTHDAY |
/// | BYHOUR, BYMINUTE, BYSECOND | limit at or above the period, expand below | expand | expand | expand | expand |
///
/// Expanding a period yields its days in order, then each day at each time, then BYSETPOS
/// picks from that set. Days that do not exist (the 31st of April, -31 in April, day 366 of a
/// common year) follow `SKIP`: left out, or moved to the valid day before or after, which can
/// lie in the period before or after.
extension ExpansionPlan {
    /// The local seconds at which period `period` (a multiple of the interval) begins.
    func periodStart(_ period: Int) -> Int {
        switch frequency {
        case .secondly, .minutely, .hourly: return firstPeriodStart + period * unit
        case .daily: return (startDate.dayNumber + period) * 86_400
        case .weekly: return (firstWeekStart + 7 * period) * 86_400
        case .monthly:
            let index = firstMonthIndex + period
            return Self.firstDay(year: Self.floorDiv(index, 12), month: Self.floorMod(index, 12) + 1) * 86_400
        case .yearly: return Self.firstDay(year: startDate.year + period, month: 1) * 86_400
        }
    }

    /// The number of the period (counted in units from the start's) that contains `local`.
    func period(containing local: Int) -> Int {
        let day = Self.floorDiv(local, 86_400)
        switch frequency {
        case .secondly, .minutely, .hourly: return Self.floorDiv(local - firstPeriodStart, unit)
        case .daily: return day - startDate.dayNumber
        case .weekly: return Self.floorDiv(day - firstWeekStart, 7)
        case .monthly:
            let date = LocalDate(dayNumber: day)
            return date.year * 12 + date.month - 1 - firstMonthIndex
        case .yearly: return LocalDate(dayNumber: day).year - startDate.year
        }
    }

    /// Appends the occurrences of a DAILY, WEEKLY, MONTHLY or YEARLY period, ascending and
    /// unique, to `out`; `days` is scratch space.
    ///
    /// - Complexity: O(*d* + *n*) for *d* candidate days and *n* occurrences; a YEARLY period
    ///   with BYWEEKNO looks at every day of the year.
    func expand(period: Int, days: inout [Int], into out: inout [Int]) {
        days.removeAll(keepingCapacity: true)
        switch frequency {
        case .daily:
            let day = startDate.dayNumber + period
            if passesDay(day, month: true, monthDay: true, weekday: true, yearDay: false, weekNumber: false) { days.append(day) }
        case .weekly:
            let first = firstWeekStart + 7 * period
            for offset in 0..<7 {
                let day = first + offset
                guard weekdays & (1 << UInt8(Self.weekday(day))) != 0 else { continue }
                if months == 0 || passesDay(day, month: true, monthDay: false, weekday: false, yearDay: false, weekNumber: false) { days.append(day) }
            }
        case .monthly:
            let index = firstMonthIndex + period
            let year = Self.floorDiv(index, 12)
            let month = Self.floorMod(index, 12) + 1
            guard months == 0 || months & (1 << UInt16(month)) != 0 else { return }
            expandMonth(year: year, month: month, into: &days)
        case .yearly:
            expandYear(startDate.year + period, into: &days)
        default:
            return
        }
        if days.isEmpty { return }
        if setPositions.isEmpty {
            for day in days {
                let base = day * 86_400
                for time in times { out.append(base + time) }
            }
            return
        }
        let total = days.count * times.count
        let first = out.count
        for position in setPositions {
            let index = position > 0 ? position - 1 : total + position
            guard index >= 0, index < total else { continue }
            out.append(days[index / times.count] * 86_400 + times[index % times.count])
        }
        Self.sortUnique(&out, from: first)
    }

    /// The days of one month that a MONTHLY period, or a YEARLY period by month, keeps.
    private func expandMonth(year: Int, month: Int, into days: inout [Int]) {
        let first = Self.firstDay(year: year, month: month)
        let length = LocalDate.daysIn(month: month, year: year)
        let before = days.count
        if !monthDays.isEmpty {
            for value in monthDays {
                let day: Int
                if value > 0 {
                    if value <= length {
                        day = first + value - 1
                    } else {
                        switch skip {
                        case .omit: continue
                        case .backward: day = first + length - 1
                        case .forward: day = first + length
                        }
                    }
                } else if -value <= length {
                    day = first + length + value
                } else {
                    // Counted from the end, the day falls before the 1st (-31 in a 30-day
                    // month): RFC 7529 moves it to the valid day before (the previous month's
                    // last) or after (this month's 1st), as libical does.
                    switch skip {
                    case .omit: continue
                    case .backward: day = first - 1
                    case .forward: day = first
                    }
                }
                if !hasByDay || passesDay(day, month: false, monthDay: false, weekday: true, yearDay: false, weekNumber: false) {
                    days.append(day)
                }
            }
        } else if hasByDay {
            appendWeekdays(from: first, through: first + length - 1, into: &days)
        }
        Self.sortUnique(&days, from: before)
    }

    private func expandYear(_ year: Int, into days: inout [Int]) {
        let first = Self.firstDay(year: year, month: 1)
        let length = LocalDate.isLeap(year) ? 366 : 365
        if !yearDays.isEmpty {
            for value in yearDays {
                // Day 366 or -366 of a common year: RFC 7529 moves it to the valid day before
                // or after, December 31 or January 1 of this year or the next (366) or the
                // previous (-366), as libical does.
                guard let ordinal = Self.yearDayOrdinal(value, length: length, skip: skip) else { continue }
                let day = first + ordinal - 1
                if passesDay(day, month: months != 0, monthDay: true, weekday: true, yearDay: false, weekNumber: true) { days.append(day) }
            }
            Self.sortUnique(&days, from: 0)
        } else if weekNumberMask | negativeWeekNumberMask != 0 {
            for day in first..<(first + length)
            where passesDay(day, month: months != 0, monthDay: true, weekday: true, yearDay: false, weekNumber: true) {
                days.append(day)
            }
        } else if !monthDays.isEmpty {
            for month in yearMonths { expandMonth(year: year, month: month, into: &days) }
        } else if ordinalsInMonth {
            for month in yearMonths {
                let monthFirst = Self.firstDay(year: year, month: month)
                let before = days.count
                appendWeekdays(from: monthFirst, through: monthFirst + LocalDate.daysIn(month: month, year: year) - 1, into: &days)
                Self.sortUnique(&days, from: before)
            }
        } else {
            appendWeekdays(from: first, through: first + length - 1, into: &days)
            Self.sortUnique(&days, from: 0)
        }
    }

    /// The ordinal (1 is the first day, 0 the day before, `length + 1` the day after) of
    /// `BYYEARDAY=value` in a year of `length` days; a day the year lacks moves as `skip`
    /// says, or is `nil` for `OMIT`. The Gregorian path's and ``ScaleExpansion``'s alike.
    static func yearDayOrdinal(_ value: Int, length: Int, skip: RecurrenceRule.Skip) -> Int? {
        let ordinal = value > 0 ? value : length + value + 1
        guard ordinal < 1 || ordinal > length else { return ordinal }
        switch skip {
        case .omit: return nil
        case .backward: return value > 0 ? length : 0
        case .forward: return value > 0 ? length + 1 : 1
        }
    }

    /// Appends BYDAY's days between two days (inclusive): every such weekday, or the n-th.
    private func appendWeekdays(from first: Int, through last: Int, into days: inout [Int]) {
        Self.appendWeekdays(weekdays, ordinals, from: first, through: last, into: &days)
    }

    /// Appends the days between two days (inclusive, day numbers) that are one of `weekdays`
    /// (bit `Weekday.rawValue` each), and the n-th of each of `ordinals` (counted from the
    /// end when negative): the Gregorian path's and ``ScaleExpansion``'s BYDAY alike.
    @inline(__always)
    static func appendWeekdays(
        _ weekdays: UInt8, _ ordinals: [(weekday: Int, ordinal: Int)], from first: Int, through last: Int, into days: inout [Int]
    ) {
        guard first <= last else { return }
        let firstWeekday = Self.weekday(first)
        if weekdays != 0 {
            for weekday in 1...7 where weekdays & (1 << UInt8(weekday)) != 0 {
                var day = first + (weekday - firstWeekday + 7) % 7
                while day <= last {
                    days.append(day)
                    day += 7
                }
            }
        }
        let lastWeekday = Self.weekday(last)
        for (weekday, ordinal) in ordinals {
            if ordinal > 0 {
                let day = first + (weekday - firstWeekday + 7) % 7 + 7 * (ordinal - 1)
                if day <= last { days.append(day) }
            } else {
                let day = last - (lastWeekday - weekday + 7) % 7 - 7 * (-ordinal - 1)
                if day >= first { days.append(day) }
            }
        }
    }

    /// Whether `day` passes the day-level limits asked for.
    func passesDay(_ day: Int, month: Bool, monthDay: Bool, weekday: Bool, yearDay: Bool, weekNumber: Bool) -> Bool {
        let date = LocalDate(dayNumber: day)
        if month, months != 0, months & (1 << UInt16(date.month)) == 0 { return false }
        if monthDay, monthDayMask | negativeMonthDayMask != 0 {
            let fromEnd = LocalDate.daysIn(month: date.month, year: date.year) - date.day + 1
            if monthDayMask & (1 << UInt32(date.day)) == 0, negativeMonthDayMask & (1 << UInt32(fromEnd)) == 0 { return false }
        }
        if weekday, hasByDay, !passesWeekday(day, date: date) { return false }
        if yearDay, !yearDays.isEmpty {
            let ordinal = day - Self.firstDay(year: date.year, month: 1) + 1
            let length = LocalDate.isLeap(date.year) ? 366 : 365
            if !yearDays.contains(ordinal), !yearDays.contains(ordinal - length - 1) { return false }
        }
        if weekNumber, weekNumberMask | negativeWeekNumberMask != 0, !passesWeekNumber(day, year: date.year) { return false }
        return true
    }

    private func passesWeekday(_ day: Int, date: LocalDate) -> Bool {
        let weekday = Self.weekday(day)
        if weekdays & (1 << UInt8(weekday)) != 0 { return true }
        guard !ordinals.isEmpty else { return false }
        let first: Int
        let last: Int
        if ordinalsInMonth {
            first = day - date.day + 1
            last = first + LocalDate.daysIn(month: date.month, year: date.year) - 1
        } else {
            first = Self.firstDay(year: date.year, month: 1)
            last = first + (LocalDate.isLeap(date.year) ? 365 : 364)
        }
        for (candidate, ordinal) in ordinals where candidate == weekday {
            if ordinal > 0, (day - first) / 7 + 1 == ordinal { return true }
            if ordinal < 0, (last - day) / 7 + 1 == -ordinal { return true }
        }
        return false
    }

    /// Week numbers count weeks that start on WKST; week 1 is the first with at least four
    /// days in the year. A day early in January can be in the previous year's last week, a
    /// day late in December in the next year's week 1.
    private func passesWeekNumber(_ day: Int, year: Int) -> Bool {
        var weekYear = year
        var firstWeek = firstWeekStart(of: year)
        if day < firstWeek {
            weekYear = year - 1
            firstWeek = firstWeekStart(of: weekYear)
        } else {
            let next = firstWeekStart(of: year + 1)
            if day >= next {
                weekYear = year + 1
                firstWeek = next
            }
        }
        let number = (day - firstWeek) / 7 + 1
        let weeks = (firstWeekStart(of: weekYear + 1) - firstWeek) / 7
        return weekNumberMask & (1 << UInt64(number)) != 0 || negativeWeekNumberMask & (1 << UInt64(weeks - number + 1)) != 0
    }

    /// The first day of week 1 of `year`.
    private func firstWeekStart(of year: Int) -> Int {
        let january1 = Self.firstDay(year: year, month: 1)
        let intoWeek = (Self.weekday(january1) - weekStart + 7) % 7
        let start = january1 - intoWeek
        return 7 - intoWeek >= 4 ? start : start + 7
    }

    /// Whether a short period starting at `local` passes the day-level limits and the time
    /// limits at or above the frequency; if not, the first moment after it that could.
    func shortPeriodCheck(_ local: Int) -> Int? {
        let day = Self.floorDiv(local, 86_400)
        let nextDay = (day + 1) * 86_400
        if !passesDay(day, month: true, monthDay: true, weekday: true, yearDay: true, weekNumber: false) { return nextDay }
        let secondOfDay = local - day * 86_400
        let hour = secondOfDay / 3600
        if hourMask != 0, hourMask & (1 << UInt32(hour)) == 0 {
            let later = hourMask >> UInt32(hour + 1)
            return later == 0 ? nextDay : day * 86_400 + (hour + 1 + later.trailingZeroBitCount) * 3600
        }
        let minute = (secondOfDay / 60) % 60
        if minuteMask != 0, minuteMask & (1 << UInt64(minute)) == 0 {
            let later = minuteMask >> UInt64(minute + 1)
            let hourStart = day * 86_400 + hour * 3600
            return later == 0 ? hourStart + 3600 : hourStart + (minute + 1 + later.trailingZeroBitCount) * 60
        }
        let second = secondOfDay % 60
        if secondMask != 0, secondMask & (1 << UInt64(second)) == 0 {
            let later = secondMask >> UInt64(second + 1)
            let minuteStart = day * 86_400 + hour * 3600 + minute * 60
            return later == 0 ? minuteStart + 60 : minuteStart + second + 1 + later.trailingZeroBitCount
        }
        return nil
    }

    /// The day number of the first of a month.
    @inline(__always) static func firstDay(year: Int, month: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }

    /// Sorts `values[from...]` and removes repeats from it.
    static func sortUnique(_ values: inout [Int], from start: Int) {
        guard values.count - start > 1 else { return }
        values[start...].sort()
        var write = start + 1
        for read in (start + 1)..<values.count where values[read] != values[write - 1] {
            values[write] = values[read]
            write += 1
        }
        values.removeLast(values.count - write)
    }
}
