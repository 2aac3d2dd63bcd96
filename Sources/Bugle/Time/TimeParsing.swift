import Foundation

/// A date-time as written in a scenario or on the command line: a wall-clock time,
/// optionally with a UTC offset.
public struct WrittenDateTime: Hashable, Sendable {
    /// The date and time of day as written, without the offset.
    public var local: LocalDateTime
    /// Seconds east of UTC, when the text carried an offset (`Z`, `+02:00`, `-0400`).
    public var offset: Int?

    /// The instant, using the written offset, or else `zone`'s wall clock.
    public func resolve(in zone: ZoneRules) -> Date {
        if let offset { return Date(timeIntervalSince1970: TimeInterval(local.localSeconds - offset)) }
        return zone.date(for: local)
    }
}

/// Parsers for the time formats Bugle reads.
///
/// Every field is a fixed number of ASCII digits: no sign (`+08:30` is not a time), no
/// other digits (Arabic-Indic or full-width ones are refused), no spaces inside.
public enum TimeParsing {
    /// The years the command line and scenario files accept in dates: 1900 to 2999.
    /// Time zones' rules are known from about 1900; a plan looks at most ten years ahead.
    public static let supportedYears = 1900...2_999

    /// `HH:MM` or `HH:MM:SS`; `nil` for anything else (``LocalTime/init(parsing:)`` says why).
    public static func localTime(_ text: String) -> LocalTime? {
        try? time(text)
    }

    /// `YYYY-MM-DD`; `nil` for anything else (``LocalDate/init(parsing:)`` says why).
    public static func localDate(_ text: String) -> LocalDate? {
        try? date(text)
    }

    /// `HH:MM` or `HH:MM:SS`, or an error naming the field at fault.
    static func time(_ text: String) throws(TimeValueError) -> LocalTime {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else {
            throw TimeValueError(
                .time, text: text, field: nil,
                parts.count == 1 ? "there is no \":\" between the hour and the minute" : "it has \(parts.count) fields separated by \":\", not 2 or 3")
        }
        let hour = try field(parts[0], "hour", digits: 2, of: .time, in: text)
        let minute = try field(parts[1], "minute", digits: 2, of: .time, in: text)
        let second = parts.count == 3 ? try field(parts[2], "second", digits: 2, of: .time, in: text) : 0
        if let (field, problem) = LocalTime.problem(hour: hour, minute: minute, second: second) {
            throw TimeValueError(.time, text: text, field: field, problem)
        }
        return LocalTime(secondOfDay: hour * 3600 + minute * 60 + second)
    }

    /// `YYYY-MM-DD`, or an error naming the field at fault.
    static func date(_ text: String) throws(TimeValueError) -> LocalDate {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3 else {
            throw TimeValueError(.date, text: text, field: nil, "it has \(parts.count) field\(parts.count == 1 ? "" : "s") separated by \"-\", not 3")
        }
        let year = try field(parts[0], "year", digits: 4, of: .date, in: text)
        let month = try field(parts[1], "month", digits: 2, of: .date, in: text)
        let day = try field(parts[2], "day", digits: 2, of: .date, in: text)
        if let (field, problem) = LocalDate.problem(year: year, month: month, day: day) {
            throw TimeValueError(.date, text: text, field: field, problem)
        }
        return LocalDate(valid: year, month, day)
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` (or with a space for the `T`) without an offset, or an error
    /// naming the field at fault.
    static func wallClock(_ text: String) throws(TimeValueError) -> LocalDateTime {
        let separator = text.firstIndex { $0 == "T" || $0 == " " }
        guard let separator else {
            throw TimeValueError(.dateTime, text: text, field: nil, "there is no \"T\" between the date and the time")
        }
        let timeText = text[text.index(after: separator)...]
        if let sign = timeText.firstIndex(where: { $0 == "+" || $0 == "-" || $0 == "Z" || $0 == "z" }) {
            throw TimeValueError(.dateTime, text: text, field: nil, "a wall-clock time has no UTC offset, found \"\(timeText[sign...])\"")
        }
        do throws(TimeValueError) {
            return LocalDateTime(date: try date(String(text[..<separator])), time: try time(String(timeText)))
        } catch {
            throw error.within(.dateTime, text: text)
        }
    }

    /// The value of `text`, the field `name` of `kind` inside `whole`: exactly `digits` ASCII
    /// digits, or an error that says so.
    private static func field(_ text: Substring, _ name: String, digits: Int, of kind: TimeValueError.Kind, in whole: String) throws(TimeValueError) -> Int {
        guard let value = number(text, digits: digits) else {
            let count = digits == 2 ? "two" : "four"
            throw TimeValueError(kind, text: whole, field: name, "the \(name) must be \(count) digits, found \"\(text)\"")
        }
        return value
    }

    /// The value of exactly `digits` ASCII digits; `nil` for anything else.
    private static func number(_ text: Substring, digits: Int) -> Int? {
        guard text.utf8.count == digits else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// The largest UTC offset a date-time may carry: 18 hours, as `TimeZone` allows.
    public static let largestOffset = 18 * 3600

    /// `YYYY-MM-DDTHH:MM[:SS]` with an optional `Z` or `±HH:MM` / `±HHMM` / `±HH` offset of
    /// at most 18 hours. A space may stand for the `T`.
    public static func dateTime(_ text: String) -> WrittenDateTime? {
        // Spaces and tabs around it only: Foundation's whitespace set also holds invisible
        // characters (a zero-width space) that would then pass unseen.
        let text = String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
        guard text.count >= 16 else { return nil }
        let separatorIndex = text.index(text.startIndex, offsetBy: 10)
        guard text[separatorIndex] == "T" || text[separatorIndex] == " ",
            let date = localDate(String(text[..<separatorIndex]))
        else { return nil }
        var rest = Substring(text[text.index(after: separatorIndex)...])
        var offset: Int?
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            offset = 0
            rest = rest.dropLast()
        } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let sign = rest[signIndex] == "-" ? -1 : 1
            let written = rest[rest.index(after: signIndex)...]
            let parts =
                written.contains(":")
                ? written.split(separator: ":", omittingEmptySubsequences: false)
                : [written.prefix(2), written.dropFirst(2)].filter { !$0.isEmpty }
            guard (1...2).contains(parts.count), let hours = number(parts[0], digits: 2) else { return nil }
            let minutes = parts.count == 2 ? number(parts[1], digits: 2) : 0
            guard let minutes, minutes < 60, hours * 3600 + minutes * 60 <= largestOffset else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
            rest = rest[..<signIndex]
        }
        guard let time = localTime(String(rest)) else { return nil }
        return WrittenDateTime(local: LocalDateTime(date: date, time: time), offset: offset)
    }

    /// An instant written with an offset; `nil` without one.
    public static func instant(_ text: String) -> Date? {
        guard let written = dateTime(text), let offset = written.offset else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(written.local.localSeconds - offset))
    }
}
