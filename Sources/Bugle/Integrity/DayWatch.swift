import Foundation

/// Notices that the local day changed: at midnight, or because the device moved to a zone
/// where it is another day.
///
/// The app keeps the value, calls ``observe(_:zone:)`` whenever it runs (launch, foreground,
/// a timer at ``nextMidnight(after:zone:)``) and does its day's work when it reports a change.
public struct DayWatch: Hashable, Sendable, Codable {
    /// A change of local day.
    public struct Change: Hashable, Sendable {
        /// The day seen before, `nil` at the first observation.
        public var from: LocalDate?
        /// The day now.
        public var to: LocalDate

        /// A change from `from` to `to`.
        public init(from: LocalDate?, to: LocalDate) {
            self.from = from
            self.to = to
        }
    }

    /// The local day of the last observation.
    public private(set) var day: LocalDate?

    /// A watch that last saw `day` (`nil`: never observed).
    public init(day: LocalDate? = nil) { self.day = day }

    /// Records the local day at `now`; returns the change when it is not the day seen before.
    public mutating func observe(_ now: Date, zone: ZoneRules) -> Change? {
        let today = zone.localDate(at: now)
        defer { day = today }
        return today == day ? nil : Change(from: day, to: today)
    }

    /// The start of the next local day after `now`: when to run the day's work. On a day
    /// whose midnight falls in a daylight-saving gap it is the first moment that exists.
    public static func nextMidnight(after now: Date, zone: ZoneRules) -> Date {
        zone.startOfDay(zone.localDate(at: now).adding(days: 1))
    }
}
