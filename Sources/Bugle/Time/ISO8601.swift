import Foundation

/// ISO 8601 date-times with the offset of a zone, formatted without `DateFormatter`.
public enum ISO8601 {
    /// `2026-03-15T20:00:00-04:00` (`Z` for a zero offset).
    public static func string(from date: Date, timeZone: TimeZone) -> String {
        let rules = ZoneRules(timeZone: timeZone, from: date, through: date)
        return string(from: date, rules: rules)
    }

    /// The same as ``string(from:timeZone:)`` with zone rules already read.
    public static func string(from date: Date, rules: ZoneRules) -> String {
        string(from: date, offset: rules.offset(at: date))
    }

    /// The same at a known offset from UTC, in seconds.
    static func string(from date: Date, offset: Int) -> String {
        let local = LocalDateTime(localSeconds: date.wholeSecondsSince1970 + offset)
        return "\(local.date)T\(pad(local.time.hour, 2)):\(pad(local.time.minute, 2)):\(pad(local.time.second, 2))\(offsetString(offset))"
    }

    /// `+HH:MM`, `-HH:MM`, or `Z`; `±HH:MM:SS` for an offset with seconds, as zones had
    /// before they kept to whole minutes (Africa/Monrovia was -00:44:30 until 1972).
    public static func offsetString(_ seconds: Int) -> String {
        if seconds == 0 { return "Z" }
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = seconds.magnitude
        let text = "\(sign)\(pad(Int(magnitude / 3600), 2)):\(pad(Int((magnitude / 60) % 60), 2))"
        return magnitude % 60 == 0 ? text : text + ":\(pad(Int(magnitude % 60), 2))"
    }
}
