import Foundation

/// A moment in a named time zone: "a swim window in Tel Aviv", "New Year in New York".
///
/// It fires at the same instant wherever the device is.
public struct ZonedInstant: Hashable, Sendable, CustomStringConvertible {
    /// The moment it fires.
    public var date: Date
    /// The zone it is named in, in which its wall-clock time reads; it does not change the
    /// moment.
    public var timeZone: TimeZone

    /// The moment `date`, named in `timeZone`.
    public init(date: Date, timeZone: TimeZone) {
        self.date = date
        self.timeZone = timeZone
    }

    /// The instant a wall clock in `timeZone` shows `local` (gaps forward, repeats first).
    public init(local: LocalDateTime, timeZone: TimeZone) {
        self.init(
            date: ZoneRules(timeZone: timeZone, around: Date(timeIntervalSince1970: TimeInterval(local.localSeconds))).date(for: local), timeZone: timeZone)
    }

    public var description: String { "\(ISO8601.string(from: date, timeZone: timeZone)) [\(timeZone.identifier)]" }
}

/// When a notification fires.
///
/// The difference between the two kinds is explicit: a *wall-clock* time follows the
/// device's time zone ("08:30 wherever I am"), a *zoned instant* is a fixed moment.
public enum FireTime: Hashable, Sendable, CustomStringConvertible {
    /// Date and time on the device's wall clock, re-read when the device changes zone.
    case wallClock(LocalDateTime)
    /// A fixed moment in a named zone.
    case zoned(ZonedInstant)

    /// The instant this fire time stands for when the device's zone has `rules`.
    public func resolve(in rules: ZoneRules) -> Date {
        switch self {
        case .wallClock(let local): rules.date(for: local)
        case .zoned(let zoned): zoned.date
        }
    }

    public var description: String {
        switch self {
        case .wallClock(let local): "\(local) (wall clock)"
        case .zoned(let zoned): zoned.description
        }
    }
}
