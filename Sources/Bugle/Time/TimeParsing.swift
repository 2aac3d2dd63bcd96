import Foundation

/// A date-time as written in a scenario or on the command line: a wall-clock time,
/// optionally with a UTC offset.
public struct WrittenDateTime: Hashable, Sendable {
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
public enum TimeParsing {
    /// `HH:MM` or `HH:MM:SS`.
    public static func localTime(_ text: String) -> LocalTime? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ $0.count == 2 }) else { return nil }
        guard let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) : 0
        guard let second else { return nil }
        return LocalTime(hour: hour, minute: minute, second: second)
    }

    /// `YYYY-MM-DD`.
    public static func localDate(_ text: String) -> LocalDate? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        return LocalDate(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DDTHH:MM[:SS]` with an optional `Z` or `±HH:MM` / `±HHMM` offset.
    /// A space may stand for the `T`.
    public static func dateTime(_ text: String) -> WrittenDateTime? {
        let text = text.trimmingCharacters(in: .whitespaces)
        guard text.count >= 16 else { return nil }
        let separatorIndex = text.index(text.startIndex, offsetBy: 10)
        guard text[separatorIndex] == "T" || text[separatorIndex] == " ",
              let date = localDate(String(text[..<separatorIndex])) else { return nil }
        var rest = Substring(text[text.index(after: separatorIndex)...])
        var offset: Int?
        if rest.hasSuffix("Z") || rest.hasSuffix("z") {
            offset = 0
            rest = rest.dropLast()
        } else if let signIndex = rest.lastIndex(where: { $0 == "+" || $0 == "-" }) {
            let sign = rest[signIndex] == "-" ? -1 : 1
            let digits = rest[rest.index(after: signIndex)...].filter { $0 != ":" }
            guard digits.count == 4 || digits.count == 2, let value = Int(digits) else { return nil }
            let hours = digits.count == 4 ? value / 100 : value
            let minutes = digits.count == 4 ? value % 100 : 0
            guard hours <= 18, minutes < 60 else { return nil }
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
