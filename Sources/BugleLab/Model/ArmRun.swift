import Bugle
import Foundation

/// What is the same for every arm on one user's day: the date, the base open rate of each slot,
/// and the day's random numbers (common to the arms).
struct DayDraws {
    var day: Int
    var date: LocalDate
    /// The user's open rate per slot today, before habituation and novelty.
    var rates: [Double]
    /// A notification is opened when this is below its open probability.
    var open: Double
    /// What the day leaves of every open probability: the lapse's responsiveness in one, 1
    /// otherwise.
    var responsiveness: Double
    /// Whether the user opens the app today of their own accord.
    var visits: Bool
    /// The user leaves today when this is below the day's chance of leaving.
    var leave: Double
    /// The user's appeal of each of the population's texts, relative to the single text.
    var appeal: [Double]
}

/// The settings every arm reads, prepared once for a run.
struct ArmSetting: Sendable {
    let learner: SendTimeLearner
    let backoff: FatigueBackoff
    let habituation: Habituation
    let novelty: Novelty
    let churn: Churn
    /// The configured time's slot: the fixed arm's.
    let configuredSlot: Int
    /// The copy arms' bandit, over the population's texts.
    let bandit: CopyBandit
}

/// How an arm picks its text.
enum CopyPolicy {
    /// One text, always.
    case single
    /// The population's texts in turn.
    case rotation
    /// The core's copy bandit.
    case bandit
}

/// How an arm picks its slot.
enum SlotPolicy {
    /// Always this slot: the fixed arm, and each fixed slot for the hindsight comparison.
    case fixed(Int)
    /// The learner's choice.
    case learned
    /// The learner's choice, on the days the fatigue back-off allows.
    case learnedWithFatigue
}

/// One arm's run on one user: its state with the user (what the learner knows, the user's
/// habituation, ignored notifications, whether they left) and its tallies.
struct ArmRun {
    let policy: SlotPolicy
    private var learned: SendTimeState?
    let copyPolicy: CopyPolicy
    private var copyState: CopyState?
    /// The day each text was last sent: one for a single text.
    private var textShown: [Int?]
    private(set) var churned = false
    /// Ignored notifications in a row, reset by an open: what churn reads.
    private var ignoredInARow = 0
    /// Ignored in a row as the back-off counts them: since the latest open, or the user's
    /// visit after a pause (`FatigueBackoff.appOpenResumes`).
    private var unanswered = 0
    /// The days of the sends, and of the opened ones, in the last ``historyDays``: the rule's
    /// open rate as the back-off reads it.
    private var sentDays: [Int] = []
    private var openedDays: [Int] = []
    /// The days of answers the back-off reads: the scheduler's default history window.
    static let historyDays = Int(Scheduler.defaultHistoryWindow / 86_400)
    private var lastDelivery: Int?
    private var lastSlot = -1
    /// Sends in a row, a day apart, in the same slot, before the latest.
    private var sameSlotRun = 0
    private(set) var sent = 0
    private(set) var opened = 0
    private(set) var activeDays = 0
    /// The sum of the open probabilities of the sends: the expected opens along this path.
    private(set) var expectedOpens = 0.0

    init(policy: SlotPolicy, copy: CopyPolicy = .single, setting: ArmSetting, start: LocalDate) {
        self.policy = policy
        copyPolicy = copy
        copyState = copy == .bandit ? CopyState(startingOn: start) : nil
        textShown = Array(repeating: nil, count: copy == .single ? 1 : setting.bandit.copy.variants.count)
        if case .fixed = policy {
            learned = nil
        } else {
            learned = SendTimeState(timing: setting.learner.timing, startingOn: start)
        }
    }

    /// The slot the arm sends in on `draws.day`, or `nil` when it sends nothing.
    private func slot(_ draws: DayDraws, _ setting: ArmSetting, seed: UInt64) -> Int? {
        switch policy {
        case .fixed(let slot):
            return slot
        case .learned:
            return learned.map { setting.learner.choose(on: draws.date, state: $0, seed: seed).slot }
        case .learnedWithFatigue:
            let since = draws.day - Self.historyDays
            let answers = RuleEngagement(
                ignoredInARow: unanswered, lastDelivery: nil, sent: sentDays.count { $0 > since }, opened: openedDays.count { $0 > since })
            switch setting.backoff.stage(answers, daysSinceLastDelivery: lastDelivery.map { draws.day - $0 }) {
            case .normal, .reduced, .lastNotice:
                return learned.map { setting.learner.choose(on: draws.date, state: $0, seed: seed).slot }
            case .waiting, .paused:
                return nil
            }
        }
    }

    /// The text the arm sends today: the single one, the next in turn, or the bandit's choice.
    private func text(_ draws: DayDraws, _ setting: ArmSetting, seed: UInt64) -> Int {
        switch copyPolicy {
        case .single: return 0
        case .rotation: return sent % textShown.count
        case .bandit: return copyState.map { setting.bandit.choose(on: draws.date, state: $0, seed: ~seed).index } ?? 0
        }
    }

    /// The user's day under this arm: a send or not, its answer, a visit, and whether the user
    /// leaves. Returns whether a notification was sent and whether it was opened.
    @discardableResult
    mutating func live(_ draws: DayDraws, _ setting: ArmSetting, seed: UInt64) -> (sent: Bool, opened: Bool) {
        guard !churned else { return (false, false) }
        var answer: (sent: Bool, opened: Bool) = (false, false)
        if let slot = slot(draws, setting, seed: seed) {
            sameSlotRun = slot == lastSlot && lastDelivery == draws.day - 1 ? sameSlotRun + 1 : 0
            let habituation = 1 - setting.habituation.depth * (1 - Foundation.exp(-Double(sameSlotRun) / setting.habituation.days))
            let text = self.text(draws, setting, seed: seed)
            // Novelty counts the days since this text was last shown.
            let gap = textShown[text].map { Double(draws.day - $0) } ?? .infinity
            let novelty = 1 + setting.novelty.boost * (1 - Foundation.exp(-gap / setting.novelty.recoveryDays))
            let appeal = copyPolicy == .single ? 1 : draws.appeal[text]
            let probability = Swift.min(1, draws.rates[slot] * habituation * novelty * appeal) * draws.responsiveness
            textShown[text] = draws.day
            let opened = draws.open < probability
            answer = (true, opened)
            sent += 1
            expectedOpens += probability
            lastSlot = slot
            lastDelivery = draws.day
            if case .learnedWithFatigue = policy {
                sentDays.removeAll { $0 <= draws.day - Self.historyDays }
                openedDays.removeAll { $0 <= draws.day - Self.historyDays }
                sentDays.append(draws.day)
                if opened { openedDays.append(draws.day) }
            }
            if opened {
                self.opened += 1
                ignoredInARow = 0
                unanswered = 0
            } else {
                ignoredInARow += 1
                unanswered += 1
            }
            if let state = learned {
                learned = setting.learner.recording(state, sentAt: setting.learner.slots[slot], on: draws.date, opened: opened)
            }
            if let state = copyState {
                copyState = setting.bandit.recording(state, variant: setting.bandit.copy.variants[text].id, on: draws.date, opened: opened)
            }
        }
        if draws.visits, setting.backoff.appOpenResumes(ignoredInARow: unanswered) { unanswered = 0 }
        if draws.visits || answer.opened { activeDays += 1 }
        var leaving = setting.churn.daily
        if answer.sent, !answer.opened {
            leaving += Swift.min(setting.churn.maximum, setting.churn.perIgnore * Double(Swift.max(0, ignoredInARow - setting.churn.tolerance)))
        }
        if draws.leave < leaving { churned = true }
        return answer
    }
}
