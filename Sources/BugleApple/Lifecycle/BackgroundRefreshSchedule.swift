import Bugle
import Foundation

/// When to ask the system for the next background refresh (`BGAppRefreshTaskRequest`'s
/// `earliestBeginDate`), from the plan's coverage.
///
/// The system decides when a background refresh runs, often hours after the earliest date;
/// asking well before the coverage horizon gives it room to top the plan up before the
/// reminders run dry.
public struct BackgroundRefreshSchedule: Hashable, Sendable {
    /// The longest wait between two refreshes.
    public var interval: TimeInterval
    /// How long before the coverage horizon to ask.
    public var lead: TimeInterval
    /// The shortest wait, so that a plan that is short for good does not ask again and again.
    public var minimumDelay: TimeInterval

    /// A schedule with the given waits, in seconds.
    public init(interval: TimeInterval = 12 * 3600, lead: TimeInterval = 24 * 3600, minimumDelay: TimeInterval = 15 * 60) {
        self.interval = interval
        self.lead = lead
        self.minimumDelay = minimumDelay
    }

    /// The earliest begin date for the next refresh at `now`, or `nil` when nothing more
    /// will ever be planned (the coverage is exhausted) and no refresh is needed.
    public func earliestBeginDate(now: Date, coverage: Coverage) -> Date? {
        if coverage.limit == .exhausted, coverage.horizon == nil { return nil }
        var date = now.addingTimeInterval(interval)
        if let horizon = coverage.horizon, coverage.limit != .exhausted {
            date = min(date, horizon.addingTimeInterval(-lead))
        }
        return max(date, now.addingTimeInterval(minimumDelay))
    }
}
