import Foundation

/// A figure with its 95 % confidence interval over users.
public struct Estimate: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The estimate.
    public var value: Double
    /// The interval's lower end.
    public var low: Double
    /// The interval's upper end.
    public var high: Double

    /// `value ± 1.96 · standardError`, each rounded to 6 decimals.
    init(_ value: Double, standardError: Double) {
        self.value = Self.rounded(value)
        low = Self.rounded(value - 1.96 * standardError)
        high = Self.rounded(value + 1.96 * standardError)
    }

    /// Whether the interval lies wholly above zero.
    public var isAboveZero: Bool { low > 0 }

    /// "0.2345 (0.2301 to 0.2390)".
    public var description: String { "\(Self.text(value)) (\(Self.text(low)) to \(Self.text(high)))" }

    static func rounded(_ value: Double) -> Double { (value * 1e6).rounded() / 1e6 }

    static func text(_ value: Double) -> String {
        String(format: abs(value) >= 100 ? "%.1f" : abs(value) >= 10 ? "%.2f" : "%.4f", value)
    }

    private enum CodingKeys: String, CodingKey { case value, low, high }
}

/// One arm's figures over the population, each per user with its 95 % interval.
public struct ArmSummary: Hashable, Sendable, Codable {
    /// The arm.
    public var arm: LabArm
    /// Notifications sent per user over the run.
    public var sent: Estimate
    /// Notifications opened within the attribution window, per user.
    public var opened: Estimate
    /// Opened over sent, all users' sends together (interval by the delta method).
    public var openRate: Estimate
    /// Days the user opened the app (of their own accord or from a notification), per user.
    public var activeDays: Estimate
    /// The share of users who left during the run.
    public var churned: Estimate
    /// Expected opens per user that the best fixed slot for that user, chosen in hindsight,
    /// would have had beyond this arm's (from the model's open probabilities along each path).
    public var regret: Estimate
    /// Notifications sent, all users.
    public var sentTotal: Int
    /// Notifications opened, all users.
    public var openedTotal: Int
}

/// One arm against another: the difference of each figure, with its 95 % interval over the
/// same users (paired).
public struct ArmDifference: Hashable, Sendable, Codable {
    /// The arm measured.
    public var arm: LabArm
    /// The arm it is measured against.
    public var baseline: LabArm
    /// Open rate, arm − baseline.
    public var openRate: Estimate
    /// Opens per user, arm − baseline.
    public var opened: Estimate
    /// Sends per user, arm − baseline.
    public var sent: Estimate
    /// Active days per user, arm − baseline.
    public var activeDays: Estimate
    /// Share of users who left, arm − baseline.
    public var churned: Estimate
}

/// One arm's week-by-week figures: its learning curve.
public struct LearningCurve: Hashable, Sendable, Codable {
    /// The arm.
    public var arm: LabArm
    /// Open rate of the week's sends, week 1 first (0 for a week with none).
    public var openRate: [Double]
    /// Sends in the week, all users.
    public var sent: [Int]
    /// Opens in the week, all users.
    public var opened: [Int]
}

/// A fixed slot, had every user been sent every day at it: the hindsight comparison.
public struct FixedSlotSummary: Hashable, Sendable, Codable {
    /// The slot's start, `HH:MM`.
    public var time: String
    /// Its open rate over all users' sends.
    public var openRate: Double
    /// Expected opens per user.
    public var expectedOpens: Double
    /// How many users had it as their best slot in hindsight.
    public var bestFor: Int
}

/// The "done when" figures, as this run measured them.
public struct LabFindings: Hashable, Sendable, Codable {
    /// Learned time's open rate − fixed time's, with its interval.
    public var learnedMinusFixedOpenRate: Estimate
    /// Whether that interval lies wholly above zero.
    public var learnedBeatsFixed: Bool
    /// Learned − fixed open rate in week 3 as a fraction of the same in the last full week:
    /// how much of its gain learning reached within three weeks.
    public var gainReachedByWeek3: Double
    /// Learned + fatigue's sends as a fraction of learned time's.
    public var fatigueSendShare: Double
    /// Learned + fatigue's active days per user − learned time's, with its interval.
    public var fatigueMinusLearnedActiveDays: Estimate
    /// Whether learned + fatigue's active days are not lower than learned time's: the
    /// difference's interval reaches zero or lies above it.
    public var fatigueKeepsEngagement: Bool
}

/// What `bugle lab` prints: every arm's figures with 95 % intervals, the differences between
/// arms, the learning curves and the hindsight comparison, for one population and seed.
///
/// The same population, seed and build give the same result, to the byte in ``json()``,
/// whatever the number of jobs.
public struct LabResult: Hashable, Sendable, Codable {
    /// The population's name.
    public var population: String
    /// The seed.
    public var seed: UInt64
    /// Users simulated.
    public var users: Int
    /// Days each user was simulated.
    public var days: Int
    /// `users × days`: each user-day runs every arm and every fixed slot.
    public var userDays: Int
    /// The fixed arm's time and the prior's centre, `HH:MM`.
    public var configured: String
    /// The learning window, `HH:MM–HH:MM`, and its slot length in minutes.
    public var window: String
    /// The slot length, in minutes.
    public var slotMinutes: Int
    /// The confidence level of every interval: 0.95.
    public var confidence: Double
    /// Each arm's figures.
    public var arms: [ArmSummary]
    /// Learned time against fixed time, and learned + fatigue against learned time.
    public var differences: [ArmDifference]
    /// Each arm's open rate week by week.
    public var learningCurves: [LearningCurve]
    /// Every fixed slot of the window, in hindsight.
    public var fixedSlots: [FixedSlotSummary]
    /// The figures.
    public var findings: LabFindings

    /// As JSON: sorted keys, indented, one line per figure; byte-identical for the same
    /// population and seed.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
