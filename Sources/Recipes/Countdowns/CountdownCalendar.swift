import Bugle
import Foundation

/// The calendar a recurring countdown repeats in (``Countdown/calendar``): a yearly event
/// comes back on the same day of the same month of that calendar, a monthly one on the same
/// day of each of its months.
///
/// Lunar New Year is the 1st day of the 1st Chinese month; a Hebrew birthday is the same
/// Hebrew date each year. The month and the day are read from the event's
/// ``Countdown/originalDateAt``, on the wall clock of its zone; the occurrences come from the
/// recurrence engine's RFC 7529 `RSCALE` rules (``scale``), and a day that a year does not
/// have moves as ``skip`` says, following the conventions people keep:
///
/// | calendar | the day does not exist that year | so it falls on |
/// | --- | --- | --- |
/// | ``gregorian`` | February 29, or the 31st in a monthly event | the day before: February 28, the month's last day |
/// | ``chinese``, ``korean`` | a leap month (閏月) in a year without it | the regular month of the same number, same day |
/// | ``chinese``, ``korean`` | the 30th of a month of 29 days | the 29th, the month's last day |
/// | ``hebrew`` | 30 Cheshvan or 30 Kislev in a year where the month has 29 days | the 1st of the next month: 1 Kislev, 1 Tevet |
/// | ``hebrew`` | Adar I (5L) in a common year | Adar, same day; 30 Adar I is 1 Nisan |
///
/// A Hebrew date in Adar of a common year is in Adar II in a leap year (RFC 7529 numbers both
/// 6), and one in Adar II is in Adar in a common year. These are the rules of a Hebrew
/// birthday in Reingold and Dershowitz, *Calendrical Calculations* (the "Hebrew birthday"
/// function, which Hebcal's anniversary code follows), and the practice for a bar or bat
/// mitzvah (Shulchan Aruch, Orach Chayim 55:10, with the Rema): born in Adar of a common year,
/// one celebrates in Adar II. A *yahrzeit* is reckoned differently (some keep Adar I, and 30
/// Cheshvan may fall on 29 Cheshvan), so it is not what ``hebrew`` does. For the Chinese and
/// Korean lunar calendars, a birthday in a leap month is celebrated in the regular month of
/// that number in the years without the leap month, and one on the 30th on the 29th (the
/// last day) of a short month.
///
/// A day of these calendars is read as the civil day it falls on: a Hebrew date begins at
/// sunset the evening before, but a countdown at 09:00 on 2027-03-23 is on 14 Adar II 5787,
/// the Hebrew date of that day's daylight.
public enum CountdownCalendar: String, Hashable, Sendable, Codable, CaseIterable {
    /// The Gregorian calendar, the default: what every event had before this property.
    case gregorian
    /// The Chinese lunisolar calendar (农历): Lunar New Year, a lunar birthday.
    case chinese
    /// The Korean lunisolar calendar (RFC 7529 `DANGI`): Seollal, Chuseok, a lunar birthday.
    /// It differs from ``chinese`` on a few days, being reckoned at Korea's meridian.
    case korean
    /// The Hebrew calendar: a Hebrew birthday or anniversary.
    case hebrew

    /// The recurrence engine's calendar (RFC 7529 `RSCALE`).
    public var scale: RecurrenceRule.CalendarScale {
        switch self {
        case .gregorian: .gregorian
        case .chinese: .chinese
        case .korean: .dangi
        case .hebrew: .hebrew
        }
    }

    /// What a day or leap month that a year lacks becomes (RFC 7529 `SKIP`): the day or month
    /// before it (`BACKWARD`) in the Gregorian, Chinese and Korean calendars, the one after it
    /// (`FORWARD`) in the Hebrew calendar. See the table in ``CountdownCalendar``.
    public var skip: RecurrenceRule.Skip {
        self == .hebrew ? .forward : .backward
    }

    /// The calendar's name as the app shows it: "Gregorian", "Chinese", "Korean", "Hebrew".
    public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    /// The calendar that reads an RFC 7529 `RSCALE`, or `nil` when none of these does.
    /// `JAPANESE`, `BUDDHIST` and `ROC` share the Gregorian months and days: ``gregorian``.
    public init?(scale: RecurrenceRule.CalendarScale) {
        switch scale {
        case .gregorian, .japanese, .buddhist, .republicOfChina: self = .gregorian
        case .chinese: self = .chinese
        case .dangi: self = .korean
        case .hebrew: self = .hebrew
        default: return nil
        }
    }

    /// The date in this calendar of the civil day `day`; `nil` in ``gregorian`` (the date is
    /// `day` itself) and outside the range Foundation's calendar covers.
    public func date(of day: LocalDate) -> CountdownCalendarDate? {
        let identifier: Calendar.Identifier
        switch self {
        case .gregorian: return nil
        case .chinese: identifier = .chinese
        case .korean: identifier = .dangi
        case .hebrew: identifier = .hebrew
        }
        var calendar = Calendar(identifier: identifier)
        guard let utc = TimeZone(identifier: "UTC") else { return nil }
        calendar.timeZone = utc
        let moment = Date(timeIntervalSince1970: TimeInterval(day.dayNumber) * 86_400)
        let parts = calendar.dateComponents([.year, .month, .day, .isLeapMonth], from: moment)
        guard let year = parts.year, var month = parts.month, let dayOfMonth = parts.day else { return nil }
        var leap = parts.isLeapMonth ?? false
        if self == .hebrew {
            // Foundation numbers the Hebrew months 1 to 13 with Adar I as 6 in every year
            // (skipped in common years); RFC 7529 calls Adar I 5L and numbers the rest 1 to 12.
            if month == 6 {
                (month, leap) = (5, true)
            } else if month > 6 {
                month -= 1
            }
        }
        return CountdownCalendarDate(calendar: self, year: year, month: month, isLeapMonth: leap, day: dayOfMonth)
    }
}

/// A day in a ``CountdownCalendar`` other than the Gregorian one, its months numbered as RFC
/// 7529 numbers them: `14 Adar II 5787`, `month 1, day 1` (Lunar New Year), `leap month 6,
/// day 10`.
public struct CountdownCalendarDate: Hashable, Sendable, CustomStringConvertible {
    /// The calendar.
    public var calendar: CountdownCalendar
    /// The year as Foundation's calendar numbers it: the Hebrew year (5787); for the Chinese
    /// and Korean calendars, the year of the 60-year cycle (1 to 60).
    public var year: Int
    /// The month, 1 to 12: in the Hebrew calendar 1 is Tishri, 5 Shevat, 6 Adar (Adar II in a
    /// leap year), 7 Nisan and 12 Elul.
    public var month: Int
    /// Whether the month is a leap month: the Chinese and Korean leap month that follows
    /// ``month``, or Adar I (month 5) in the Hebrew calendar (`5L` in an `RRULE`).
    public var isLeapMonth: Bool
    /// The day of the month, 1 to 30.
    public var day: Int

    /// A day; see the properties.
    public init(calendar: CountdownCalendar, year: Int, month: Int, isLeapMonth: Bool = false, day: Int) {
        self.calendar = calendar
        self.year = year
        self.month = month
        self.isLeapMonth = isLeapMonth
        self.day = day
    }

    /// Whether a Hebrew year has 13 months (7 years in 19).
    static func isHebrewLeapYear(_ year: Int) -> Bool { ((7 * year + 1) % 19 + 19) % 19 < 7 }

    /// The month's name: `Adar I`, `Adar II` (month 6 of a leap year), `Adar` (of a common
    /// year), `Tishri`; `month 1`, `leap month 6` in the Chinese and Korean calendars.
    public var monthName: String {
        guard calendar == .hebrew else { return (isLeapMonth ? "leap month " : "month ") + String(month) }
        if isLeapMonth { return "Adar I" }
        if month == 6 { return Self.isHebrewLeapYear(year) ? "Adar II" : "Adar" }
        let names = ["Tishri", "Cheshvan", "Kislev", "Tevet", "Shevat", "Adar", "Nisan", "Iyar", "Sivan", "Tammuz", "Av", "Elul"]
        return (1...12).contains(month) ? names[month - 1] : "month \(month)"
    }

    /// `14 Adar II 5787` in the Hebrew calendar; `month 1, day 1` in the Chinese and Korean
    /// ones, whose cyclic years are left out.
    public var description: String {
        calendar == .hebrew ? "\(day) \(monthName) \(year)" : "\(monthName), day \(day)"
    }
}
