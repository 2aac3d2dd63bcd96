import Bugle
import Foundation

/// A simulated user who taps notifications: what a scenario's `user:` block describes, so that
/// a rule that learns its send time or backs off when ignored has someone to learn from.
///
/// The user opens a delivered notification when it is shown in the local hours ``from`` (included) to
/// ``to`` (not), on a day from ``firstDay`` through ``lastDay``, of a rule
/// in ``rules``, with probability ``chance``: ``after`` later, the app records the open
/// (`Scheduler/opened(id:)`) and comes to the foreground, as a tap does. Every other
/// notification is ignored. ``titleChances`` gives some texts their own probability (a user
/// who answers one wording more than another). On each day, with probability
/// ``visitChance``, the user also opens the app at ``visitAt`` of their own accord, notified or
/// not. The draws come from ``seed`` and the delivery's moment (or the day), so the same
/// scenario gives the same taps and visits.
public struct SimulatedUser: Hashable, Sendable {
    /// The local time from which the user answers (included).
    public var from: LocalTime
    /// The local time until which the user answers (not included); earlier than ``from``: the
    /// hours run past midnight.
    public var to: LocalTime
    /// The probability of opening a notification shown in those hours: 0 to 1; 1 by default.
    public var chance: Double
    /// How long after it is shown the user opens it: 0 s to 2 hours; 1 minute by default.
    public var after: TimeInterval
    /// The first local day the user answers; `nil`: from the start.
    public var firstDay: LocalDate?
    /// The last local day the user answers; `nil`: to the end.
    public var lastDay: LocalDate?
    /// The rules whose notifications the user answers; `nil`: every rule's.
    public var rules: Set<String>?
    /// Seeds the draws of ``chance``.
    public var seed: UInt64
    /// The probability of opening a notification with this title, instead of ``chance``, by title.
    public var titleChances: [String: Double] = [:]
    /// The local time the user opens the app of their own accord on a day they do; `nil`: never.
    public var visitAt: LocalTime?
    /// The probability of that visit on a day (from ``firstDay`` through ``lastDay``): 0 to 1.
    public var visitChance: Double = 0

    /// The range of ``chance``.
    public static let chanceRange: ClosedRange<Double> = 0...1
    /// The range of ``after``, in seconds.
    public static let afterRange: ClosedRange<TimeInterval> = 0...7_200

    /// A user who answers from `from` to `to`; see the properties for the rest.
    public init(
        from: LocalTime, to: LocalTime, chance: Double = 1, after: TimeInterval = 60, firstDay: LocalDate? = nil,
        lastDay: LocalDate? = nil, rules: Set<String>? = nil, seed: UInt64 = 1
    ) {
        (self.from, self.to) = (from, to)
        self.chance = chance
        self.after = after
        self.firstDay = firstDay
        self.lastDay = lastDay
        self.rules = rules
        self.seed = seed
    }

    /// When the user opens `delivery`, shown at the local time `local`; `nil` when never.
    public func opens(_ delivery: DeliveredNotification, shownAt local: LocalDateTime) -> Date? {
        if let rules, !rules.contains(delivery.ruleID ?? "") { return nil }
        if let firstDay, local.date < firstDay { return nil }
        if let lastDay, local.date > lastDay { return nil }
        let inHours = from <= to ? local.time >= from && local.time < to : local.time >= from || local.time < to
        guard inHours else { return nil }
        let chance = titleChances[delivery.content.title] ?? chance
        if chance < 1 {
            let moment = UInt64(bitPattern: Int64(delivery.date.timeIntervalSince1970.rounded(.down)))
            var generator = SeededGenerator(seed: seed ^ (moment &* 0x9E37_79B9_7F4A_7C15))
            guard Double.random(in: 0..<1, using: &generator) < chance else { return nil }
        }
        return delivery.date.addingTimeInterval(after)
    }

    /// When the user opens the app of their own accord on `day`, as a local time; `nil` when not.
    public func visit(on day: LocalDate) -> LocalTime? {
        guard let visitAt, visitChance > 0 else { return nil }
        if let firstDay, day < firstDay { return nil }
        if let lastDay, day > lastDay { return nil }
        var generator = SeededGenerator(seed: seed ^ 0x5649_5349_5400 ^ (UInt64(bitPattern: Int64(day.dayNumber)) &* 0xD1B5_4A32_D192_ED03))
        return Double.random(in: 0..<1, using: &generator) < visitChance ? visitAt : nil
    }
}
