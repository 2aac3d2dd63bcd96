import Foundation

/// A day on the proleptic Gregorian calendar, with no time zone.
///
/// Bugle does its own civil-date arithmetic (days since 1970-01-01) instead of asking
/// `Calendar` for every step: it is exact, allocation-free, and the same on every platform.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Creates a date, or `nil` when the day does not exist (2026-02-30) or the year is
    /// beyond ±11,000,000.
    public init?(year: Int, month: Int, day: Int) {
        guard (-11_000_000...11_000_000).contains(year), (1...12).contains(month), day >= 1, day <= LocalDate.daysIn(month: month, year: year) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The most days either side of 1970-01-01 a date can be: 2^32 days, about 11.7 million
    /// years, far beyond the years 0001 to 9999 that dates are written in.
    public static let dayNumberLimit = 1 << 32

    /// The date `dayNumber` days after 1970-01-01 (within ±``dayNumberLimit``; beyond,
    /// the nearest end of that range, so that no arithmetic can overflow).
    public init(dayNumber: Int) {
        let dayNumber = min(max(dayNumber, -Self.dayNumberLimit), Self.dayNumberLimit)
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.year = yoe + era * 400 + (m <= 2 ? 1 : 0)
        self.month = m
        self.day = d
    }

    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The day of the week.
    public var weekday: Weekday { Weekday(dayNumber: dayNumber) }

    /// The date `days` days later (earlier when negative).
    public func adding(days: Int) -> LocalDate {
        let (sum, overflow) = dayNumber.addingReportingOverflow(days)
        return LocalDate(dayNumber: overflow ? (days > 0 ? Self.dayNumberLimit : -Self.dayNumberLimit) : sum)
    }

    /// Whole days from `self` to `other`.
    public func days(to other: LocalDate) -> Int { other.dayNumber - dayNumber }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// `YYYY-MM-DD` (with a sign or more digits for a year outside 0...9999).
    public var description: String { description(after: "") }

    /// `prefix` followed by ``description``, built in one piece: occurrence ids are a rule id
    /// and a day (`morning@2026-03-01`).
    func description(after prefix: String) -> String {
        guard (0...9999).contains(year) else { return prefix + "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))" }
        return UTF8Writer.string(capacity: prefix.utf8.count + 10) { text in
            text.put(prefix)
            text.put(year, digits: 4)
            text.put(UInt8(ascii: "-"))
            text.put(month, digits: 2)
            text.put(UInt8(ascii: "-"))
            text.put(day, digits: 2)
        }
    }
}

extension LocalDate: Codable {
    /// Decodes `YYYY-MM-DD`, the form ``description`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = TimeParsing.localDate(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a date; expected YYYY-MM-DD")
        }
        self = date
    }

    /// Encodes as `YYYY-MM-DD`, readable in stored state and payloads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A time of day with no date and no zone.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int
    public let second: Int

    /// Creates a time, or `nil` outside 00:00:00...23:59:59.
    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    init(secondOfDay: Int) {
        hour = secondOfDay / 3600
        minute = (secondOfDay / 60) % 60
        second = secondOfDay % 60
    }

    public static let midnight = LocalTime(secondOfDay: 0)

    /// Seconds since midnight.
    public var secondOfDay: Int { hour * 3600 + minute * 60 + second }

    public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool { lhs.secondOfDay < rhs.secondOfDay }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
    public var description: String {
        UTF8Writer.string(capacity: 8) { text in
            text.put(hour, digits: 2)
            text.put(UInt8(ascii: ":"))
            text.put(minute, digits: 2)
            if second != 0 {
                text.put(UInt8(ascii: ":"))
                text.put(second, digits: 2)
            }
        }
    }
}

extension LocalTime: Codable {
    /// Decodes `HH:MM` or `HH:MM:SS`, the form ``description`` writes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = TimeParsing.localTime(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\"\(text)\" is not a time of day; expected HH:MM")
        }
        self = time
    }

    /// Encodes as `HH:MM` (with `:SS` when the seconds are not zero).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A date and a time of day with no zone: what a wall clock shows.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var date: LocalDate
    public var time: LocalTime

    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// Seconds since 1970-01-01T00:00 on the same wall clock, as if the zone were UTC.
    public var localSeconds: Int { date.dayNumber * 86_400 + time.secondOfDay }

    /// The wall-clock time `localSeconds` after 1970-01-01T00:00 (within the days
    /// ``LocalDate/dayNumberLimit`` allows).
    public init(localSeconds: Int) {
        let limit = LocalDate.dayNumberLimit * 86_400
        let localSeconds = min(max(localSeconds, -limit), limit)
        let day = localSeconds >= 0 ? localSeconds / 86_400 : (localSeconds - 86_399) / 86_400
        self.date = LocalDate(dayNumber: day)
        self.time = LocalTime(secondOfDay: localSeconds - day * 86_400)
    }

    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool { lhs.localSeconds < rhs.localSeconds }

    /// `YYYY-MM-DDTHH:MM[:SS]`.
    public var description: String { "\(date)T\(time)" }
}

/// A day of the week, numbered as `Calendar` numbers them (Sunday = 1).
public enum Weekday: Int, CaseIterable, Hashable, Comparable, Sendable, CustomStringConvertible {
    case sunday = 1, monday, tuesday, wednesday, thursday, friday, saturday

    init(dayNumber: Int) {
        // 1970-01-01 was a Thursday.
        let index = ((dayNumber % 7) + 7 + 4) % 7
        self = Weekday(rawValue: index + 1)!
    }

    /// The two-letter code RFC 5545 uses (`MO`, `TU`, …).
    public var code: String {
        switch self {
        case .sunday: "SU"
        case .monday: "MO"
        case .tuesday: "TU"
        case .wednesday: "WE"
        case .thursday: "TH"
        case .friday: "FR"
        case .saturday: "SA"
        }
    }

    /// The weekday for a two-letter RFC 5545 code, case-insensitive.
    public init?(code: String) {
        guard let match = Weekday.allCases.first(where: { $0.code == code.uppercased() }) else { return nil }
        self = match
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { code }
}

@inline(__always)
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    let padded = digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    return value < 0 ? "-" + padded : padded
}
