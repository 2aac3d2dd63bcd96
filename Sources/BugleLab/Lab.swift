import Bugle
import Foundation

/// The lab: runs every ``LabArm`` on every synthetic user of a ``Population`` and measures them
/// against each other (see <doc:LabModel>).
///
/// The learned arms use the core's own `SendTimeLearner` (`choose` and `recording`, as
/// the scheduler does) and `FatigueBackoff` (its
/// `FatigueBackoff.stage(_:daysSinceLastDelivery:)`), without the scheduler
/// around them, so that a million user-days take seconds. Each user is also run at every fixed
/// slot of the window, for the best fixed slot in hindsight.
///
/// ```swift
/// let lab = try Lab(population: .default, seed: 1)
/// let result = await lab.run(jobs: 2)
/// print(result.findings.learnedMinusFixedOpenRate)  // 0.05… (0.04… to 0.05…)
/// ```
///
/// - Complexity: O(users × days × (slots + learner cost)), in memory that does not grow with
///   the users.
public struct Lab: Sendable {
    /// The population, checked.
    public let population: Population
    /// The seed every random number derives from.
    public let seed: UInt64
    private let setting: ArmSetting
    /// Each slot's start, in hours.
    private let slotHours: [Double]

    /// The most jobs a run splits into.
    public static let jobsRange = 1...64
    /// Users are cut into at most this many blocks, whatever the jobs: the order in which
    /// figures are summed, and so every figure, does not depend on the jobs.
    static let blockLimit = 256
    /// The tallies kept per user and arm: sent, opened, active days, churned, expected opens.
    private static let figuresPerArm = 5

    /// A lab for `population` (checked: ``PopulationError`` names a field out of range) and
    /// `seed`.
    public init(population: Population, seed: UInt64) throws(PopulationError) {
        self.population = try population.validated()
        self.seed = seed
        let timing = try population.timing.learnedTiming()
        let learner = SendTimeLearner(timing: timing)
        setting = ArmSetting(
            learner: learner, backoff: try population.fatigue.backoff(), habituation: population.habituation, novelty: population.novelty,
            churn: population.churn, configuredSlot: timing.slot(of: timing.configured) ?? 0, bandit: try population.copy.bandit())
        slotHours = learner.slots.map { Double($0.secondOfDay) / 3_600 }
    }

    /// Runs every arm on every user, split across `jobs` tasks (clamped to ``jobsRange``);
    /// `progress`, when given, is called from the jobs with the number of users each finished
    /// block held.
    public func run(jobs: Int = ProcessInfo.processInfo.activeProcessorCount, progress: (@Sendable (_ users: Int) -> Void)? = nil) async -> LabResult {
        let blocks = Swift.min(population.users, Self.blockLimit)
        let jobs = Swift.min(Swift.max(jobs, Self.jobsRange.lowerBound), Self.jobsRange.upperBound, blocks)
        let finished = await withTaskGroup(of: [(Int, BlockTally)].self) { group in
            for job in 0..<jobs {
                group.addTask {
                    var done: [(Int, BlockTally)] = []
                    for block in stride(from: job, to: blocks, by: jobs) {
                        let users = userRange(block: block, of: blocks)
                        done.append((block, simulate(users: users)))
                        progress?(users.count)
                    }
                    return done
                }
            }
            var all: [(Int, BlockTally)] = []
            for await done in group { all += done }
            return all.sorted { $0.0 < $1.0 }.map(\.1)
        }
        var total = BlockTally(arms: LabArm.allCases.count, weeks: weeks, slots: slotHours.count, figures: figureCount)
        for tally in finished { total.merge(tally) }
        return result(total)
    }

    private var weeks: Int { (population.days + 6) / 7 }
    private var figureCount: Int { LabArm.allCases.count * Self.figuresPerArm + 1 }

    private func userRange(block: Int, of blocks: Int) -> Range<Int> {
        (population.users * block / blocks)..<(population.users * (block + 1) / blocks)
    }

    /// The users of one block, in order.
    private func simulate(users: Range<Int>) -> BlockTally {
        let arms = LabArm.allCases
        let slots = slotHours.count
        var tally = BlockTally(arms: arms.count, weeks: weeks, slots: slots, figures: figureCount)
        var figures = Array(repeating: 0.0, count: figureCount)
        let texts = population.copy.variants
        var draws = DayDraws(
            day: 0, date: population.start, rates: Array(repeating: 0, count: slots), open: 0, responsiveness: 1, visits: false, leave: 0,
            appeal: Array(repeating: 1, count: texts))
        for index in users {
            let user = UInt64(index)
            var person = SyntheticUser(population: population, seed: Draw.seed(seed, user, 1), lapseSeed: Draw.seed(seed, user, Draw.lapses))
            let learnerSeed = Draw.seed(seed, user, 2)
            // Each text's appeal to this user: lognormal with mean 1, from a stream of its own.
            var appealGenerator = SeededGenerator(seed: Draw.seed(seed, user, 0))
            let spread = population.copy.appealSd
            for text in 0..<texts { draws.appeal[text] = Foundation.exp(spread * Draw.gaussian(&appealGenerator) - spread * spread / 2) }
            // The reported arms first, then every fixed slot for the hindsight comparison (the
            // fixed arm is the configured slot's).
            var runs = arms.map { arm in
                let slots: SlotPolicy
                if case .fixed = arm.slotPolicy { slots = .fixed(setting.configuredSlot) } else { slots = arm.slotPolicy }
                return ArmRun(policy: slots, copy: arm.copyPolicy, setting: setting, start: population.start)
            }
            let fixedRun = { (slot: Int) in slot == setting.configuredSlot ? 0 : arms.count + slot - (slot > setting.configuredSlot ? 1 : 0) }
            for slot in 0..<slots where slot != setting.configuredSlot {
                runs.append(ArmRun(policy: .fixed(slot), setting: setting, start: population.start))
            }
            for day in 0..<population.days {
                person.begin(day: day)
                draws.day = day
                draws.date = population.start.adding(days: day)
                let weekend = draws.date.weekday == .saturday || draws.date.weekday == .sunday
                for slot in 0..<slots { draws.rates[slot] = person.rate(atHour: slotHours[slot], weekend: weekend) }
                var generator = SeededGenerator(seed: Draw.seed(seed, user, 3 + UInt64(day)))
                draws.open = Draw.unit(&generator)
                draws.visits = Draw.unit(&generator) < person.activity
                draws.responsiveness = person.responsiveness
                draws.leave = Draw.unit(&generator)
                let week = day / 7
                for run in runs.indices {
                    let answer = runs[run].live(draws, setting, seed: learnerSeed)
                    if run < arms.count, answer.sent { tally.countWeek(arm: run, week: week, opened: answer.opened) }
                }
            }
            var best = 0
            for slot in 0..<slots {
                let run = runs[fixedRun(slot)]
                tally.countSlot(slot, sent: run.sent, opened: run.opened, expected: run.expectedOpens)
                if run.expectedOpens > runs[fixedRun(best)].expectedOpens { best = slot }
            }
            tally.bestFor[best] += 1
            for arm in arms.indices {
                let run = runs[arm]
                let base = arm * Self.figuresPerArm
                figures[base] = Double(run.sent)
                figures[base + 1] = Double(run.opened)
                figures[base + 2] = Double(run.activeDays)
                figures[base + 3] = run.churned ? 1 : 0
                figures[base + 4] = run.expectedOpens
            }
            figures[figureCount - 1] = runs[fixedRun(best)].expectedOpens
            tally.moments.add(figures)
        }
        return tally
    }

    /// The figures from the merged tallies.
    private func result(_ tally: BlockTally) -> LabResult {
        let moments = tally.moments
        let arms = LabArm.allCases
        func figure(_ arm: LabArm, _ offset: Int) -> Int { (arms.firstIndex(of: arm) ?? 0) * Self.figuresPerArm + offset }
        func estimate(_ weights: [Double], value: Double? = nil) -> Estimate {
            let (mean, error) = moments.linear(weights)
            return Estimate(value ?? mean, standardError: error)
        }
        func minus(_ left: [Double], _ right: [Double]) -> [Double] { zip(left, right).map { $0 - $1 } }
        let summaries = arms.map { arm in
            let rate = moments.ratio(figure(arm, 1), figure(arm, 0))
            var regret = moments.unit(figureCount - 1)
            regret[figure(arm, 4)] = -1
            return ArmSummary(
                arm: arm, sent: estimate(moments.unit(figure(arm, 0))), opened: estimate(moments.unit(figure(arm, 1))),
                openRate: estimate(rate.weights, value: rate.rate), activeDays: estimate(moments.unit(figure(arm, 2))),
                churned: estimate(moments.unit(figure(arm, 3))), regret: estimate(regret),
                sentTotal: tally.weeklySent[(arms.firstIndex(of: arm) ?? 0) * weeks..<((arms.firstIndex(of: arm) ?? 0) + 1) * weeks].reduce(0, +),
                openedTotal: tally.weeklyOpened[(arms.firstIndex(of: arm) ?? 0) * weeks..<((arms.firstIndex(of: arm) ?? 0) + 1) * weeks].reduce(0, +))
        }
        func difference(_ arm: LabArm, _ baseline: LabArm) -> ArmDifference {
            let (left, right) = (moments.ratio(figure(arm, 1), figure(arm, 0)), moments.ratio(figure(baseline, 1), figure(baseline, 0)))
            func paired(_ offset: Int) -> Estimate { estimate(minus(moments.unit(figure(arm, offset)), moments.unit(figure(baseline, offset)))) }
            return ArmDifference(
                arm: arm, baseline: baseline, openRate: estimate(minus(left.weights, right.weights), value: left.rate - right.rate), opened: paired(1),
                sent: paired(0), activeDays: paired(2), churned: paired(3))
        }
        let differences = [
            difference(.learnedTime, .fixedTime), difference(.learnedWithFatigue, .learnedTime), difference(.copyBandit, .copyRotation),
        ]
        let curves = arms.indices.map { arm in
            let sent = Array(tally.weeklySent[arm * weeks..<(arm + 1) * weeks])
            let opened = Array(tally.weeklyOpened[arm * weeks..<(arm + 1) * weeks])
            return LearningCurve(
                arm: arms[arm], openRate: zip(opened, sent).map { Estimate.rounded($1 > 0 ? Double($0) / Double($1) : 0) }, sent: sent, opened: opened)
        }
        let timing = setting.learner.timing
        let fixedSlots = setting.learner.slots.indices.map { slot in
            FixedSlotSummary(
                time: setting.learner.slots[slot].description,
                openRate: Estimate.rounded(tally.slotSent[slot] > 0 ? Double(tally.slotOpened[slot]) / Double(tally.slotSent[slot]) : 0),
                expectedOpens: Estimate.rounded(tally.slotExpected[slot] / Double(Swift.max(moments.count, 1))), bestFor: tally.bestFor[slot])
        }
        // Week 3 against the last full week.
        let gain = { (week: Int) in curves[1].openRate[week] - curves[0].openRate[week] }
        let lastFull = population.days / 7 - 1
        let reached = lastFull >= 2 && gain(lastFull) != 0 ? gain(2) / gain(lastFull) : 0
        let fatigue = differences[1]
        let findings = LabFindings(
            learnedMinusFixedOpenRate: differences[0].openRate, learnedBeatsFixed: differences[0].openRate.isAboveZero,
            gainReachedByWeek3: Estimate.rounded(reached),
            fatigueSendShare: Estimate.rounded(summaries[1].sentTotal > 0 ? Double(summaries[2].sentTotal) / Double(summaries[1].sentTotal) : 0),
            fatigueMinusLearnedActiveDays: fatigue.activeDays, fatigueKeepsEngagement: fatigue.activeDays.high >= 0)
        return LabResult(
            population: population.name, seed: seed, users: population.users, days: population.days, userDays: population.users * population.days,
            configured: timing.configured.description, window: "\(timing.windowStart)–\(timing.windowEnd)", slotMinutes: timing.slotMinutes,
            confidence: 0.95, arms: summaries, differences: differences, learningCurves: curves, fixedSlots: fixedSlots, findings: findings)
    }
}

/// What one block of users adds up to.
struct BlockTally: Sendable {
    var moments: Moments
    /// Per arm, then per week.
    var weeklySent: [Int]
    var weeklyOpened: [Int]
    let weeks: Int
    var slotSent: [Int]
    var slotOpened: [Int]
    var slotExpected: [Double]
    /// How many users had each slot as their best in hindsight.
    var bestFor: [Int]

    init(arms: Int, weeks: Int, slots: Int, figures: Int) {
        moments = Moments(width: figures)
        self.weeks = weeks
        weeklySent = Array(repeating: 0, count: arms * weeks)
        weeklyOpened = weeklySent
        slotSent = Array(repeating: 0, count: slots)
        slotOpened = slotSent
        bestFor = slotSent
        slotExpected = Array(repeating: 0, count: slots)
    }

    mutating func countWeek(arm: Int, week: Int, opened: Bool) {
        weeklySent[arm * weeks + week] += 1
        if opened { weeklyOpened[arm * weeks + week] += 1 }
    }

    mutating func countSlot(_ slot: Int, sent: Int, opened: Int, expected: Double) {
        slotSent[slot] += sent
        slotOpened[slot] += opened
        slotExpected[slot] += expected
    }

    mutating func merge(_ other: BlockTally) {
        moments.merge(other.moments)
        for index in weeklySent.indices {
            weeklySent[index] += other.weeklySent[index]
            weeklyOpened[index] += other.weeklyOpened[index]
        }
        for slot in slotSent.indices {
            slotSent[slot] += other.slotSent[slot]
            slotOpened[slot] += other.slotOpened[slot]
            slotExpected[slot] += other.slotExpected[slot]
            bestFor[slot] += other.bestFor[slot]
        }
    }
}
