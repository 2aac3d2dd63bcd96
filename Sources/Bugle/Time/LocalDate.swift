import Foundation

/// A day on the proleptic Gregorian calendar, with no time zone.
///
/// Bugle does its own civil-date arithmetic (days since 1970-01-01) instead of asking
/// `Calendar` for every step: it is exact, allocation-free, and the same on every platform.
public struct LocalDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The year, proleptic Gregorian (year 0 is 1 BC): within ``LocalDate/years`` for a date
    /// made from its fields.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, 1 to the month's length (28 to 31).
    public let day: Int

    /// Creates a date: `try LocalDate(year: 2026, month: 3, day: 1)`.
    ///
    /// Write a date known when the code is written as a literal instead:
    /// `let start: LocalDate = "2026-03-01"`. For an optional, `try? LocalDate(...)`.
    ///
    /// - Parameters:
    ///   - year: ``years``: -11,000,000 to 11,000,000 (year 0 is 1 BC, proleptic Gregorian).
    ///   - month: 1 to 12.
    ///   - day: 1 to the month's length (28 to 31).
    /// - Throws: A ``TimeValueError`` naming the field at fault when the day does not exist
    ///   (2026-02-30) or a field is outside its range.
    public init(year: Int, month: Int, day: Int) throws(TimeValueError) {
        if let (field, problem) = Self.problem(year: year, month: month, day: day) {
            throw TimeValueError(.date, fields: "year: \(year), month: \(month), day: \(day)", field: field, problem)
        }
        self.init(valid: year, month, day)
    }

    /// Reads `YYYY-MM-DD` (`2026-03-01`): four, two and two ASCII digits.
    ///
    /// - Throws: A ``TimeValueError`` with the text, the field at fault and the expected
    ///   form: `"2026-2-30" is not a date: the month must be two digits, found "2"; expected
    ///   YYYY-MM-DD`.
    public init(parsing text: String) throws(TimeValueError) {
        self = try TimeParsing.date(text)
    }

    /// A date whose fields were checked.
    init(valid year: Int, _ month: Int, _ day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The years a date can have: -11,000,000 to 11,000,000, inside ``dayNumberLimit``.
    public static let years = -11_000_000...11_000_000

    /// The field at fault and what is wrong with it, or `nil` when the fields make a date.
    static func problem(year: Int, month: Int, day: Int) -> (field: String, problem: String)? {
        if let problem = TimeValueError.outside(years, year, field: "year") ?? TimeValueError.outside(1...12, month, field: "month") {
            return problem
        }
        return TimeValueError.outside(1...daysIn(month: month, year: year), day, field: "day", in: " in \(monthNames[month - 1]) \(year)")
    }

    private static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

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

    /// Whether `year` is a leap year on the proleptic Gregorian calendar (2000 and 2024 are,
    /// 1900 is not).
    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    /// The number of days in `month` (1 to 12) of `year`: 28 to 31.
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
        do {
            self = try TimeParsing.date(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    /// Encodes as `YYYY-MM-DD`, readable in stored state and payloads.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A time of day with no date and no zone.
public struct LocalTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int
    /// The second, 0 to 59.
    public let second: Int

    /// Creates a time: `try LocalTime(hour: 8, minute: 30)`.
    ///
    /// Write a time known when the code is written as a literal instead:
    /// `let reminder: LocalTime = "08:30"`. For an optional, `try? LocalTime(...)`.
    ///
    /// - Parameters:
    ///   - hour: 0 to 23.
    ///   - minute: 0 to 59.
    ///   - second: 0 to 59 (no leap second).
    /// - Throws: A ``TimeValueError`` naming the field outside its range.
    public init(hour: Int, minute: Int, second: Int = 0) throws(TimeValueError) {
        if let (field, problem) = Self.problem(hour: hour, minute: minute, second: second) {
            throw TimeValueError(.time, fields: "hour: \(hour), minute: \(minute), second: \(second)", field: field, problem)
        }
        self.init(secondOfDay: hour * 3600 + minute * 60 + second)
    }

    /// Reads `HH:MM` or `HH:MM:SS` (`08:30`, `23:59:59`): two ASCII digits a field, on a
    /// 24-hour clock.
    ///
    /// - Throws: A ``TimeValueError`` with the text, the field at fault and the expected
    ///   form: `"8:3" is not a time of day: the hour must be two digits, found "8"; expected
    ///   HH:MM or HH:MM:SS`.
    public init(parsing text: String) throws(TimeValueError) {
        self = try TimeParsing.time(text)
    }

    /// The field at fault and what is wrong with it, or `nil` when the fields make a time.
    static func problem(hour: Int, minute: Int, second: Int) -> (field: String, problem: String)? {
        TimeValueError.outside(0...23, hour, field: "hour")
            ?? TimeValueError.outside(0...59, minute, field: "minute")
            ?? TimeValueError.outside(0...59, second, field: "second")
    }

    init(secondOfDay: Int) {
        hour = secondOfDay / 3600
        minute = (secondOfDay / 60) % 60
        second = secondOfDay % 60
    }

    /// 00:00, the start of a day.
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
        do {
            self = try TimeParsing.time(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(error)")
        }
    }

    /// Encodes as `HH:MM` (with `:SS` when the seconds are not zero).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// A date and a time of day with no zone: what a wall clock shows.
public struct LocalDateTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The day on the calendar.
    public var date: LocalDate
    /// The time of day on the wall clock.
    public var time: LocalTime

    /// The wall-clock reading `time` on `date`.
    public init(date: LocalDate, time: LocalTime) {
        self.date = date
        self.time = time
    }

    /// Reads `YYYY-MM-DDTHH:MM` or `YYYY-MM-DDTHH:MM:SS` (`2026-03-01T08:30`), a wall-clock
    /// reading without an offset; a space may stand for the `T`. For a time written with an
    /// offset, see ``TimeParsing/dateTime(_:)``.
    ///
    /// - Throws: A ``TimeValueError`` with the whole text, the field at fault and the
    ///   expected form.
    public init(parsing text: String) throws(TimeValueError) {
        self = try TimeParsing.wallClock(text)
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

// MARK: - Literals
//
// A literal is part of the program, written by its developer, not input: one that is not a
// date or time stops the program with the error's description the first time it runs, as a
// malformed `URL(string:)!` would. Text from a user, a file or the network goes through
// `init(parsing:)`, which throws.

extension LocalTime: ExpressibleByStringLiteral {
    /// A time written in source: `let reminder: LocalTime = "08:30"`, in the form
    /// ``init(parsing:)`` reads (`HH:MM` or `HH:MM:SS`).
    ///
    /// A literal that is not a time of day (`"8:3"`, `"24:00"`) stops the program with a
    /// message that names it and the expected form:
    /// `"8:3" is not a time of day: the hour must be two digits, found "8"; expected HH:MM or HH:MM:SS`.
    /// Use ``init(parsing:)`` for text that is not a literal.
    public init(stringLiteral text: String) {
        do { self = try TimeParsing.time(text) } catch { fatalError("\(error)") }
    }
}

extension LocalDate: ExpressibleByStringLiteral {
    /// A date written in source: `let start: LocalDate = "2026-03-01"`, in the form
    /// ``init(parsing:)`` reads (`YYYY-MM-DD`).
    ///
    /// A literal that is not a date (`"2026-02-30"`, `"2026-3-1"`) stops the program with a
    /// message that names it and the expected form. Use ``init(parsing:)`` for text that is
    /// not a literal.
    public init(stringLiteral text: String) {
        do { self = try TimeParsing.date(text) } catch { fatalError("\(error)") }
    }
}

extension LocalDateTime: ExpressibleByStringLiteral {
    /// A wall-clock reading written in source: `let launch: LocalDateTime = "2026-03-01T09:00"`,
    /// in the form ``init(parsing:)`` reads (`YYYY-MM-DDTHH:MM[:SS]`, no offset).
    ///
    /// A literal that is not one stops the program with a message that names it and the
    /// expected form. Use ``init(parsing:)`` for text that is not a literal.
    public init(stringLiteral text: String) {
        do { self = try TimeParsing.wallClock(text) } catch { fatalError("\(error)") }
    }
}

/// A day of the week, numbered as `Calendar` numbers them (Sunday = 1).
public enum Weekday: Int, CaseIterable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Sunday: 1, `SU`.
    case sunday = 1
    /// Monday: 2, `MO`.
    case monday
    /// Tuesday: 3, `TU`.
    case tuesday
    /// Wednesday: 4, `WE`.
    case wednesday
    /// Thursday: 5, `TH`.
    case thursday
    /// Friday: 6, `FR`.
    case friday
    /// Saturday: 7, `SA`.
    case saturday

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
