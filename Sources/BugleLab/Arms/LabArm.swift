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
    /// (`FatigueBackoff.stage(_:daysSinceLastDelivery:)`): fewer sends after
    /// ignored ones, a last notice, a pause until the user comes back.
    case learnedWithFatigue
    /// The learned time, with the population's texts (``CopySetting/variants``) sent in turn:
    /// the copy arm without learning.
    case copyRotation
    /// The learned time, with the core's `CopyBandit` choosing the text (Thompson sampling with
    /// a recency penalty, `choose` and `recording` as the scheduler does).
    case copyBandit

    /// "fixed time", "learned time", "learned + fatigue".
    public var description: String {
        switch self {
        case .fixedTime: "fixed time"
        case .learnedTime: "learned time"
        case .learnedWithFatigue: "learned + fatigue"
        case .copyRotation: "learned, texts in turn"
        case .copyBandit: "learned + copy bandit"
        }
    }

    /// The time arm the arm is.
    var slotPolicy: SlotPolicy {
        switch self {
        case .fixedTime: .fixed(-1)
        case .learnedTime, .copyRotation, .copyBandit: .learned
        case .learnedWithFatigue: .learnedWithFatigue
        }
    }

    /// How the arm picks its text.
    var copyPolicy: CopyPolicy {
        switch self {
        case .fixedTime, .learnedTime, .learnedWithFatigue: .single
        case .copyRotation: .rotation
        case .copyBandit: .bandit
        }
    }
}
