import Foundation

/// An RFC 5545 recurrence rule (`RRULE`), with RFC 7529's `RSCALE` (Gregorian, Chinese,
/// Hebrew, Islamic and other calendars, with leap months such as `BYMONTH=5L`) and `SKIP`.
///
/// A rule is only a pattern; ``Recurrence`` pairs it with a start (`DTSTART`), extra dates
/// and exceptions, and expands it.
///
/// ```swift
/// let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD;RSCALE=GREGORIAN")
/// rule.description  // "RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=BACKWARD"
/// ```
///
/// ``description`` prints the rule in a canonical order, and parsing what it prints gives an
/// equal rule. A rule built in code is checked by ``validate()``; ``Recurrence`` checks it
/// again before expanding it.
public struct RecurrenceRule: Hashable, Sendable, CustomStringConvertible {
    /// How often the rule repeats: the length of one *period* (`FREQ`).
    public enum Frequency: Int, CaseIterable, Comparable, Sendable, CustomStringConvertible {
        /// Periods of one second.
        case secondly
        /// Periods of one minute.
        case minutely
        /// Periods of one hour.
        case hourly
        /// Periods of one day.
        case daily
        /// Periods of one week, starting on `WKST`.
        case weekly
        /// Periods of one calendar month.
        case monthly
        /// Periods of one calendar year.
        case yearly

        /// The name RFC 5545 uses (`DAILY`).
        public var description: String {
            switch self {
            case .secondly: "SECONDLY"
            case .minutely: "MINUTELY"
            case .hourly: "HOURLY"
            case .daily: "DAILY"
            case .weekly: "WEEKLY"
            case .monthly: "MONTHLY"
            case .yearly: "YEARLY"
            }
        }

        /// The frequency named `name` (case-insensitive), or `nil`.
        public init?(name: String) {
            guard let match = Frequency.allCases.first(where: { $0.description == name.uppercased() }) else { return nil }
            self = match
        }

        /// Shorter periods come first.
        public static func < (lhs: Frequency, rhs: Frequency) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// What happens to a day that does not exist (RFC 7529 `SKIP`): the 31st in April, the 29th
    /// of February in a common year, `BYMONTHDAY=-31` in April, `BYYEARDAY=366` or `-366` in a
    /// common year.
    ///
    /// A day moved onto one the rule already has counts once; `BYDAY`, `BYSETPOS` and `COUNT`
    /// apply after the move.
    public enum Skip: String, CaseIterable, Sendable {
        /// Leave it out (the default, and RFC 5545's behaviour).
        case omit = "OMIT"
        /// Use the valid day before it: the last day of that month for a day past its end, the
        /// last day of the previous month for a day counted from the end that falls before the
        /// 1st, December 31 (of that year for `366`, of the previous one for `-366`).
        case backward = "BACKWARD"
        /// Use the valid day after it: the first day of the next month for a day past the
        /// month's end, the 1st of that month for a day counted from the end that falls before
        /// it, January 1 (of the next year for `366`, of that year for `-366`).
        case forward = "FORWARD"
    }

    /// The calendar the rule counts in (RFC 7529 `RSCALE`), named as CLDR names it.
    ///
    /// A rule in a calendar other than the Gregorian one counts its years, months and days of
    /// the month in that calendar, computed with Foundation's `Calendar`, and gives Gregorian
    /// wall-clock times. `JAPANESE`, `BUDDHIST` and `ROC` number years differently but share the
    /// Gregorian months and days, so they expand exactly as `GREGORIAN` does.
    public enum CalendarScale: String, CaseIterable, Sendable {
        /// The proleptic Gregorian calendar.
        case gregorian = "GREGORIAN"
        /// The Chinese lunisolar calendar, with leap months (`BYMONTH=9L`).
        case chinese = "CHINESE"
        /// The Korean lunisolar calendar, with leap months.
        case dangi = "DANGI"
        /// The Hebrew calendar; `5L` is Adar I, which only leap years have, and `6` is Adar
        /// (Adar II in a leap year), as RFC 7529 numbers them.
        case hebrew = "HEBREW"
        /// The Islamic calendar, astronomical.
        case islamic = "ISLAMIC"
        /// The Islamic civil calendar (tabular, Friday epoch).
        case islamicCivil = "ISLAMIC-CIVIL"
        /// The Islamic Umm al-Qura calendar of Saudi Arabia.
        case islamicUmmAlQura = "ISLAMIC-UMALQURA"
        /// The Islamic tabular calendar (Thursday epoch).
        case islamicTabular = "ISLAMIC-TBLA"
        /// The Ethiopic calendar (Amete Mihret era); month 13 is Pagume.
        case ethiopic = "ETHIOPIC"
        /// The Ethiopic calendar counted in the Amete Alem era.
        case ethiopicAmeteAlem = "ETHIOAA"
        /// The Coptic calendar; month 13 is the short one.
        case coptic = "COPTIC"
        /// The Persian (Solar Hijri) calendar.
        case persian = "PERSIAN"
        /// The Indian national (Saka) calendar.
        case indian = "INDIAN"
        /// The Japanese calendar: Gregorian months, years by era.
        case japanese = "JAPANESE"
        /// The Thai Buddhist calendar: Gregorian months, years of the Buddhist era.
        case buddhist = "BUDDHIST"
        /// The Republic of China (Minguo) calendar: Gregorian months, years from 1912.
        case republicOfChina = "ROC"

        /// Foundation's calendar for a scale whose months are not the Gregorian ones; `nil`
        /// for `GREGORIAN`, `JAPANESE`, `BUDDHIST` and `ROC`.
        var foundationIdentifier: Calendar.Identifier? {
            switch self {
            case .gregorian, .japanese, .buddhist, .republicOfChina: nil
            case .chinese: .chinese
            case .dangi: .dangi
            case .hebrew: .hebrew
            case .islamic: .islamic
            case .islamicCivil: .islamicCivil
            case .islamicUmmAlQura: .islamicUmmAlQura
            case .islamicTabular: .islamicTabular
            case .ethiopic: .ethiopicAmeteMihret
            case .ethiopicAmeteAlem: .ethiopicAmeteAlem
            case .coptic: .coptic
            case .persian: .persian
            case .indian: .indian
            }
        }

        /// Whether the calendar has leap months that `BYMONTH` names with an `L`.
        var hasLeapMonths: Bool { self == .chinese || self == .dangi || self == .hebrew }

        /// The most days a year of this calendar has: 385 in the lunisolar calendars, 355 in
        /// the Islamic ones, 366 in the others (as ICU's `UCAL_DAY_OF_YEAR` maximum, which
        /// libical checks `BYYEARDAY` against).
        var maximumYearDay: Int {
            switch self {
            case .chinese, .dangi, .hebrew: 385
            case .islamic, .islamicCivil, .islamicUmmAlQura, .islamicTabular: 355
            default: 366
            }
        }

        /// The most weeks (with four days or more in the year) a year of this calendar has,
        /// and the most times a weekday occurs in it: 55 in a year of up to 385 days, 51 in
        /// one of up to 355, 53 in the others.
        var maximumWeek: Int {
            switch self {
            case .chinese, .dangi, .hebrew: 55
            case .islamic, .islamicCivil, .islamicUmmAlQura, .islamicTabular: 51
            default: 53
            }
        }

        /// The most months a year of this calendar has.
        var maximumMonth: Int {
            switch self {
            case .ethiopic, .ethiopicAmeteAlem, .coptic: 13
            default: 12
            }
        }
    }

    /// A weekday in `BYDAY`, optionally with an ordinal: `MO`, `2TU` (the second Tuesday),
    /// `-1FR` (the last Friday).
    public struct WeekdayNumber: Hashable, Sendable, CustomStringConvertible {
        /// 1...53 or -53...-1 (up to 55 in the Chinese, Korean and Hebrew calendars, whose
        /// years have up to 385 days); `nil` for every such weekday in the period.
        public var ordinal: Int?
        /// The day of the week.
        public var weekday: Weekday

        /// `weekday`, the `ordinal`-th in the period when an ordinal is given.
        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }

        /// `2TU`, `-1FR`, `MO`.
        public var description: String { (ordinal.map(String.init) ?? "") + weekday.code }
    }

    /// The end of the rule (`UNTIL`), inclusive, read as RFC 5545 and libical read it (see
    /// ``Recurrence``).
    public enum Until: Hashable, Sendable, CustomStringConvertible {
        /// `UNTIL=20261231`: a date, which comes before every time of that day, so a recurrence
        /// whose start has a time ends on December 30, as in libical. RFC 5545 asks `UNTIL` to
        /// have `DTSTART`'s type; write `UNTIL=20261231T235959` to keep the day.
        case date(LocalDate)
        /// `UNTIL=20261231T090000`: through that wall-clock time, on the start's clock (RFC
        /// 5545 asks for UTC when the start has a zone; libical reads it so too).
        case local(LocalDateTime)
        /// `UNTIL=20261231T140000Z`: through that moment, compared exactly; only for a
        /// recurrence in a time zone.
        case instant(Date)

        /// The value as RFC 5545 writes it.
        public var description: String {
            switch self {
            case .date(let date): RecurrenceText.compact(date)
            case .local(let local): RecurrenceText.compact(local)
            case .instant(let date):
                RecurrenceText.compact(LocalDateTime(localSeconds: date.wholeSecondsSince1970)) + "Z"
            }
        }
    }

    /// The length of a period (`FREQ`).
    public var frequency: Frequency
    /// Every `interval`-th period counts (`INTERVAL`, at least 1).
    public var interval: Int
    /// At most this many occurrences (`COUNT`).
    public var count: Int?
    /// No occurrence after this (`UNTIL`).
    public var until: Until?
    /// Seconds of the minute, 0...59 (`BYSECOND`).
    public var bySecond: [Int]
    /// Minutes of the hour, 0...59 (`BYMINUTE`).
    public var byMinute: [Int]
    /// Hours of the day, 0...23 (`BYHOUR`).
    public var byHour: [Int]
    /// Weekdays, optionally the n-th in the month or year (`BYDAY`).
    public var byDay: [WeekdayNumber]
    /// Days of the month, 1...31 or counted from the end, -1...-31 (`BYMONTHDAY`).
    public var byMonthDay: [Int]
    /// Days of the year, 1...366 or counted from the end (`BYYEARDAY`); up to 385 in the
    /// Chinese, Korean and Hebrew calendars, 355 in the Islamic ones.
    public var byYearDay: [Int]
    /// Weeks of the year, 1...53 or counted from the end (`BYWEEKNO`); week 1 is the first
    /// with four days in the year. In another calendar (`RSCALE`) the weeks are those of its
    /// year, up to 55 in the Chinese, Korean and Hebrew calendars.
    public var byWeekNumber: [Int]
    /// Months, 1...12 (`BYMONTH`), or up to 13 in a calendar with 13 months.
    public var byMonth: [Int]
    /// Leap months (`BYMONTH=5L`): the leap month that follows month `n`, in a calendar that
    /// has them (``CalendarScale/chinese``, ``CalendarScale/dangi``, and
    /// ``CalendarScale/hebrew``, where only `5L`, Adar I, exists).
    public var byLeapMonth: [Int] = []
    /// Positions kept from each period's set (`BYSETPOS`): 1 is the first, -1 the last.
    public var bySetPosition: [Int]
    /// The first day of the week (`WKST`), for `WEEKLY` periods and `BYWEEKNO`.
    public var weekStart: Weekday
    /// `RSCALE`; `SKIP` needs it.
    public var calendarScale: CalendarScale?
    /// `SKIP`: what happens to days of the month that do not exist.
    public var skip: Skip

    /// Creates a rule; call ``validate()`` to check a rule built this way.
    public init(
        frequency: Frequency,
        interval: Int = 1,
        count: Int? = nil,
        until: Until? = nil,
        bySecond: [Int] = [],
        byMinute: [Int] = [],
        byHour: [Int] = [],
        byDay: [WeekdayNumber] = [],
        byMonthDay: [Int] = [],
        byYearDay: [Int] = [],
        byWeekNumber: [Int] = [],
        byMonth: [Int] = [],
        bySetPosition: [Int] = [],
        weekStart: Weekday = .monday,
        calendarScale: CalendarScale? = nil,
        skip: Skip = .omit,
        byLeapMonth: [Int] = []
    ) {
        self.byLeapMonth = byLeapMonth
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
        self.bySecond = bySecond
        self.byMinute = byMinute
        self.byHour = byHour
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byYearDay = byYearDay
        self.byWeekNumber = byWeekNumber
        self.byMonth = byMonth
        self.bySetPosition = bySetPosition
        self.weekStart = weekStart
        self.calendarScale = calendarScale
        self.skip = skip
    }

    /// The largest `INTERVAL` accepted: larger ones would only reach past year 9999.
    public static let maximumInterval = 1_000_000

    /// Checks the ranges of every part and the combinations RFC 5545 and RFC 7529 forbid.
    ///
    /// - Throws: A ``RecurrenceRuleError`` naming the part at fault.
    public func validate() throws(RecurrenceRuleError) {
        guard (1...Self.maximumInterval).contains(interval) else {
            throw RecurrenceRuleError(part: "INTERVAL", "expected 1 to \(Self.maximumInterval), found \(interval)")
        }
        if let count, count < 1 { throw RecurrenceRuleError(part: "COUNT", "expected a positive number, found \(count)") }
        if count != nil, until != nil { throw RecurrenceRuleError(part: "UNTIL", "COUNT and UNTIL cannot both be given") }
        try Self.check(bySecond, "BYSECOND", 0...59, signed: false)
        try Self.check(byMinute, "BYMINUTE", 0...59, signed: false)
        try Self.check(byHour, "BYHOUR", 0...23, signed: false)
        let scale = calendarScale ?? .gregorian
        try Self.check(byMonthDay, "BYMONTHDAY", 1...31, signed: true)
        try Self.check(byYearDay, "BYYEARDAY", 1...scale.maximumYearDay, signed: true)
        try Self.check(byWeekNumber, "BYWEEKNO", 1...scale.maximumWeek, signed: true)
        try Self.check(byMonth, "BYMONTH", 1...scale.maximumMonth, signed: false)
        if !byLeapMonth.isEmpty {
            guard scale.hasLeapMonths else {
                throw RecurrenceRuleError(part: "BYMONTH", "\"\(byLeapMonth[0])L\": leap months do not exist in the \(scale.rawValue) calendar")
            }
            let range = scale == .hebrew ? 5...5 : 1...12
            for month in byLeapMonth where !range.contains(month) {
                throw RecurrenceRuleError(part: "BYMONTH", "\"\(month)L\" is not a leap month of the \(scale.rawValue) calendar")
            }
        }
        if scale.foundationIdentifier != nil { try validateInCalendar(scale) }
        try Self.check(bySetPosition, "BYSETPOS", 1...max(366, scale.maximumYearDay), signed: true)
        for day in byDay {
            guard let ordinal = day.ordinal else { continue }
            guard (1...scale.maximumWeek).contains(abs(ordinal)) else {
                throw RecurrenceRuleError(part: "BYDAY", "\"\(day)\": the ordinal must be 1 to \(scale.maximumWeek) or -\(scale.maximumWeek) to -1")
            }
            guard frequency == .monthly || frequency == .yearly else {
                throw RecurrenceRuleError(part: "BYDAY", "\"\(day)\": an ordinal weekday needs FREQ=MONTHLY or FREQ=YEARLY, not \(frequency)")
            }
            guard byWeekNumber.isEmpty else {
                throw RecurrenceRuleError(part: "BYDAY", "\"\(day)\": an ordinal weekday cannot be combined with BYWEEKNO")
            }
        }
        if !byWeekNumber.isEmpty, frequency != .yearly {
            throw RecurrenceRuleError(part: "BYWEEKNO", "needs FREQ=YEARLY, not \(frequency)")
        }
        if !byYearDay.isEmpty, [.daily, .weekly, .monthly].contains(frequency) {
            throw RecurrenceRuleError(part: "BYYEARDAY", "cannot be used with FREQ=\(frequency)")
        }
        if !byMonthDay.isEmpty, frequency == .weekly {
            throw RecurrenceRuleError(part: "BYMONTHDAY", "cannot be used with FREQ=WEEKLY")
        }
        if !bySetPosition.isEmpty, hasNoOtherByPart {
            throw RecurrenceRuleError(part: "BYSETPOS", "needs another BYxxx part to pick from")
        }
        if skip != .omit, calendarScale == nil {
            throw RecurrenceRuleError(part: "SKIP", "needs RSCALE=GREGORIAN (or another RSCALE): RFC 7529 §4.1 allows SKIP only in a rule with RSCALE")
        }
    }

    private var hasNoOtherByPart: Bool {
        bySecond.isEmpty && byMinute.isEmpty && byHour.isEmpty && byDay.isEmpty && byMonthDay.isEmpty
            && byYearDay.isEmpty && byWeekNumber.isEmpty && byMonth.isEmpty && byLeapMonth.isEmpty
    }

    /// The one combination a rule in a non-Gregorian calendar cannot use: `BYSETPOS` in a
    /// `WEEKLY` rule with `BYMONTH`, whose set (a week's days in the named months) would
    /// straddle the calendar's months. Every other part counts in the calendar: months, days
    /// of the month and of the year, weeks of the year (weeks start on `WKST`, week 1 is the
    /// first with four days in the calendar year, as libical has ICU count them) and ordinal
    /// weekdays in the calendar's month or year.
    private func validateInCalendar(_ scale: CalendarScale) throws(RecurrenceRuleError) {
        if frequency == .weekly, !bySetPosition.isEmpty, !(byMonth.isEmpty && byLeapMonth.isEmpty) {
            throw RecurrenceRuleError(
                part: "BYSETPOS",
                "cannot be combined with FREQ=WEEKLY and BYMONTH in RSCALE=\(scale.rawValue): a week's set would be cut by the calendar's months; use FREQ=DAILY with BYDAY and BYMONTH, or FREQ=MONTHLY"
            )
        }
    }

    private static func check(_ values: [Int], _ part: String, _ range: ClosedRange<Int>, signed: Bool) throws(RecurrenceRuleError) {
        for value in values where !(range.contains(value) || (signed && range.contains(-value))) {
            if part == "BYSECOND", value == 60 {
                throw RecurrenceRuleError(part: part, "60 (a leap second) is not supported; expected 0 to 59")
            }
            let expected =
                signed
                ? "\(range.lowerBound) to \(range.upperBound) or -\(range.upperBound) to -\(range.lowerBound)" : "\(range.lowerBound) to \(range.upperBound)"
            throw RecurrenceRuleError(part: part, "\(value) is out of range; expected \(expected)")
        }
    }

    /// The rule as RFC 5545 text, parts in a fixed order and defaults left out:
    /// `FREQ=WEEKLY;INTERVAL=2;BYDAY=TU`.
    public var description: String { RecurrenceText.print(self) }
}

/// A recurrence rule that cannot be read or used, with the part at fault:
/// `BYDAY: "XX" is not a weekday`.
public struct RecurrenceRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The rule part at fault (`BYDAY`), when one is.
    public let part: String?
    /// What is wrong and what was expected.
    public let message: String

    /// An error about `part`, or about the rule as a whole when `part` is `nil`.
    public init(part: String?, _ message: String) {
        self.part = part
        self.message = message
    }

    /// `PART: message`.
    public var description: String { part.map { "\($0): \(message)" } ?? message }
}
