import Bugle
import Foundation

/// Formats moments in a named zone, caching the zone rules.
struct ZoneFormatter {
    private var cache: [String: ZoneRules] = [:]
    private let around: Date

    init(around: Date) { self.around = around }

    mutating func rules(_ identifier: String) -> ZoneRules {
        if let rules = cache[identifier] { return rules }
        let rules = ZoneRules(timeZone: TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!, around: around)
        cache[identifier] = rules
        return rules
    }

    mutating func iso(_ date: Date, _ zone: String) -> String { ISO8601.string(from: date, rules: rules(zone)) }

    mutating func local(_ date: Date, _ zone: String) -> LocalDateTime { rules(zone).localDateTime(at: date) }

    mutating func offset(_ date: Date, _ zone: String) -> String {
        let seconds = rules(zone).offset(at: date)
        return seconds == 0 ? "+00:00" : ISO8601.offsetString(seconds)
    }
}

extension Weekday {
    var shortName: String {
        switch self {
        case .sunday: "Sun"
        case .monday: "Mon"
        case .tuesday: "Tue"
        case .wednesday: "Wed"
        case .thursday: "Thu"
        case .friday: "Fri"
        case .saturday: "Sat"
        }
    }
}
