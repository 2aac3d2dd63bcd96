/// A way of sending a daily notification that the lab compares on the same users.
///
/// Each arm sends at most one notification a day. The timing arms differ in when (and
/// whether) they send; every arm is run on every user, with the same random numbers for the
/// same user and day (common random numbers), so a difference between arms is the arms', not
/// the luck of the draw.
public enum LabArm: String, CaseIterable, Codable, Sendable, CustomStringConvertible {
    /// Every day at the configured time (``TimingSetting/configured``): the rule without learning.
    case fixedTime
    /// Every day at the slot the core's `SendTimeLearner` chooses, learning from each
    /// answer: what the scheduler does for a rule with `ScheduledRule.learning`.
    case learnedTime
    /// The learned time, with the core's `FatigueBackoff` deciding whether to send at all
    /// (`FatigueBackoff.stage(ignoredInARow:daysSinceLastDelivery:)`): fewer sends after
    /// ignored ones, a last notice, a pause until the user comes back.
    case learnedWithFatigue

    /// "fixed time", "learned time", "learned + fatigue".
    public var description: String {
        switch self {
        case .fixedTime: "fixed time"
        case .learnedTime: "learned time"
        case .learnedWithFatigue: "learned + fatigue"
        }
    }

    /// Whether the arm asks the learner for its slot.
    var learns: Bool { self != .fixedTime }
}
