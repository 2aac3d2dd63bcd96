import Bugle
import Foundation

/// The range of every number a scenario file can give, in one place: the parser checks
/// each value against its range and names the field, the value and the range when it is
/// outside; the scenario reference (*Scenario format*) lists the same ranges.
///
/// The ranges keep every run bounded: ten years of days, a limit a real system could have,
/// durations no longer than a plan can look ahead.
public enum ScenarioLimits {
    /// `days`, and `bugle simulate --days`: one day to ten years.
    public static let days = 1...3_660
    /// `pendingLimit`: a custom platform's pending limit (iOS keeps 64, Android 500 alarms).
    public static let pendingLimit = 1...1_000
    /// `lookahead`: one minute to ten years (`PlanningContext.maximumLookahead`).
    public static let lookahead: ClosedRange<TimeInterval> = 60...PlanningContext.maximumLookahead
    /// `every.days`.
    public static let everyDays = 1...3_660
    /// A rule's `count`.
    public static let count = 1...100_000
    /// A rule's `priority`.
    public static let priority = -1_000...1_000
    /// A rule's `badge`.
    public static let badge = 0...99_999
    /// A rule's `relevance`: up to a year.
    public static let relevance: ClosedRange<TimeInterval> = 0...(366 * 86_400)
    /// `caps.perDay` and each `caps.perGroupPerDay`.
    public static let cap = 0...1_000
    /// `minimumSpacing`: up to 30 days.
    public static let minimumSpacing: ClosedRange<TimeInterval> = 0...(30 * 86_400)
    /// `noRenotify`: up to a year.
    public static let noRenotify: ClosedRange<TimeInterval> = 0...(366 * 86_400)
    /// `staleness.holdAfter` and `staleness.cancelAfter`: up to a year.
    public static let staleness: ClosedRange<TimeInterval> = 0...(366 * 86_400)
    /// `fatigue.reduceAfter` (`FatigueBackoff/reduceAfter`); `fatigue.pauseAfter` is more than it,
    /// at most 30.
    public static let fatigueReduceAfter = 1...29
    /// `fatigue.reducedEvery`, in days (`FatigueBackoff/reducedEvery`).
    public static let fatigueReducedEvery = 2...30
    /// The years of every date and date-time (`TimeParsing/supportedYears`).
    public static var years: ClosedRange<Int> { TimeParsing.supportedYears }
}
