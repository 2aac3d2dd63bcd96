import Bugle
import Foundation

/// A population of synthetic users and the app setting the lab runs them through: how many
/// users, for how many days, how each one answers notifications (see <doc:LabModel>), and the
/// learned timing and fatigue back-off under test.
///
/// Every number has a range; ``validated()`` names the first field outside its range. A
/// population file (JSON or YAML) may give any subset of the fields: the others keep the
/// values of ``default``, and a field the lab does not know is an error.
///
/// ```swift
/// var population = Population.default
/// population.users = 2_000
/// population.churn.perIgnore = 0.01
/// let result = try await Lab(population: population.validated(), seed: 7).run()
/// ```
public struct Population: Hashable, Sendable, Codable {
    /// A name for reports.
    public var name: String
    /// How many users: 1 to 1,000,000.
    public var users: Int
    /// How many days each user is simulated: 7 to 3,660.
    public var days: Int
    /// The first simulated day: it fixes which days are weekends.
    public var start: LocalDate
    /// The groups users are drawn from by the hour they answer best (1 to 8 groups).
    public var chronotypes: [Chronotype]
    /// The chance a user opens a notification at their best hour, within the attribution
    /// window: drawn per user, kept in 0…1.
    public var peakOpenRate: Spread
    /// The chance a user opens one at their worst hour: drawn per user, kept in 0…1 and at most
    /// their peak rate.
    public var floorOpenRate: Spread
    /// How wide a user's good hours are, in hours (the standard deviation of the bump around
    /// the peak): drawn per user, kept in 0.25…12.
    public var peakWidthHours: Spread
    /// How much later (negative: earlier) a user's peak is on Saturdays and Sundays, in hours:
    /// drawn per user, kept in −12…12.
    public var weekendShiftHours: Spread
    /// The chance a user opens the app on a day of their own accord: drawn per user, kept in
    /// 0…1.
    public var organicActivity: Spread
    /// How the same send time, day after day, wears off.
    public var habituation: Habituation
    /// How a text not seen for a while draws more opens.
    public var novelty: Novelty
    /// How a user's best hour moves over time.
    public var drift: Drift
    /// How users leave when they are over-notified, and otherwise.
    public var churn: Churn
    /// How users drop out for a while and come back (a holiday, a busy month): off by default.
    public var lapse: Lapse
    /// The learned timing under test: its window and `LearnedTiming.configured` time (the fixed
    /// arm's time) and its learning settings.
    public var timing: TimingSetting
    /// The fatigue back-off the "learned + fatigue" arm runs.
    public var fatigue: FatigueSetting
    /// The texts of the copy arms, how differently users take to them, and the copy bandit's
    /// setting.
    public var copy: CopySetting

    /// See ``users``.
    public static let usersRange = 1...1_000_000
    /// See ``days``.
    public static let daysRange = 7...3_660
    /// See ``chronotypes``.
    public static let chronotypeCountRange = 1...8
    /// See ``peakWidthHours``.
    public static let peakWidthRange: ClosedRange<Double> = 0.25...12
    /// See ``weekendShiftHours``.
    public static let weekendShiftRange: ClosedRange<Double> = -12...12
    /// The range of a rate.
    public static let rateRange: ClosedRange<Double> = 0...1

    /// A population; ``validated()`` checks it.
    public init(
        name: String, users: Int, days: Int, start: LocalDate, chronotypes: [Chronotype], peakOpenRate: Spread, floorOpenRate: Spread,
        peakWidthHours: Spread, weekendShiftHours: Spread, organicActivity: Spread, habituation: Habituation, novelty: Novelty, drift: Drift,
        churn: Churn, lapse: Lapse = Lapse.never, timing: TimingSetting, fatigue: FatigueSetting, copy: CopySetting
    ) {
        (self.name, self.users, self.days, self.start, self.chronotypes) = (name, users, days, start, chronotypes)
        (self.peakOpenRate, self.floorOpenRate, self.peakWidthHours) = (peakOpenRate, floorOpenRate, peakWidthHours)
        (self.weekendShiftHours, self.organicActivity, self.habituation, self.novelty) = (weekendShiftHours, organicActivity, habituation, novelty)
        (self.drift, self.churn, self.lapse, self.timing, self.fatigue, self.copy) = (drift, churn, lapse, timing, fatigue, copy)
    }

    /// The population itself when every field is in its range; otherwise the error that names
    /// the first one that is not.
    public func validated() throws(PopulationError) -> Population {
        try check("users", users, Self.usersRange)
        try check("days", days, Self.daysRange)
        try check("chronotypes", chronotypes.count, Self.chronotypeCountRange)
        for (index, chronotype) in chronotypes.enumerated() { try chronotype.check("chronotypes[\(index)]") }
        guard chronotypes.contains(where: { $0.weight > 0 }) else { throw PopulationError("chronotypes", "no group has a weight above 0") }
        try peakOpenRate.check("peakOpenRate", Self.rateRange)
        try floorOpenRate.check("floorOpenRate", Self.rateRange)
        try peakWidthHours.check("peakWidthHours", Self.peakWidthRange)
        try weekendShiftHours.check("weekendShiftHours", Self.weekendShiftRange)
        try organicActivity.check("organicActivity", Self.rateRange)
        try habituation.check("habituation")
        try novelty.check("novelty")
        try drift.check("drift")
        try churn.check("churn")
        try lapse.check("lapse")
        _ = try timing.learnedTiming()
        _ = try fatigue.backoff()
        _ = try copy.bandit()
        return self
    }

    private static let fields = [
        "name", "users", "days", "start", "chronotypes", "peakOpenRate", "floorOpenRate", "peakWidthHours", "weekendShiftHours",
        "organicActivity", "habituation", "novelty", "drift", "churn", "lapse", "timing", "fatigue", "copy",
    ]

    /// Decodes a population: missing fields keep ``default``'s values, unknown ones are an
    /// error; then it is checked (``validated()``).
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(decoder, fields: Self.fields)
        let base = Population.default
        self.init(
            name: try reader.read("name", or: base.name), users: try reader.read("users", or: base.users), days: try reader.read("days", or: base.days),
            start: try reader.read("start", or: base.start), chronotypes: try reader.read("chronotypes", or: base.chronotypes),
            peakOpenRate: try reader.read("peakOpenRate", or: base.peakOpenRate), floorOpenRate: try reader.read("floorOpenRate", or: base.floorOpenRate),
            peakWidthHours: try reader.read("peakWidthHours", or: base.peakWidthHours),
            weekendShiftHours: try reader.read("weekendShiftHours", or: base.weekendShiftHours),
            organicActivity: try reader.read("organicActivity", or: base.organicActivity),
            habituation: try reader.read("habituation", or: base.habituation), novelty: try reader.read("novelty", or: base.novelty),
            drift: try reader.read("drift", or: base.drift), churn: try reader.read("churn", or: base.churn), lapse: try reader.read("lapse", or: base.lapse),
            timing: try reader.read("timing", or: base.timing), fatigue: try reader.read("fatigue", or: base.fatigue),
            copy: try reader.read("copy", or: base.copy))
        self = try validated()
    }

    private enum CodingKeys: String, CodingKey {
        case name, users, days, start, chronotypes, peakOpenRate, floorOpenRate, peakWidthHours, weekendShiftHours, organicActivity
        case habituation, novelty, drift, churn, lapse, timing, fatigue, copy
    }

    /// A population read from a JSON file's bytes; ``PopulationError`` names what is wrong.
    public static func json(_ data: Data) throws(PopulationError) -> Population {
        do {
            return try JSONDecoder().decode(Population.self, from: data)
        } catch {
            throw PopulationError(reading: error)
        }
    }

    /// The population as JSON a person can edit: sorted keys, indented.
    public func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}

/// A group of users by the hour they answer best (a chronotype): its share of the population
/// and the spread of its members' peak hours around its own (all three fields required).
public struct Chronotype: Hashable, Sendable, Codable {
    /// The group's share, relative to the other groups' weights: 0 to 1,000.
    public var weight: Double
    /// The group's mean peak hour, 0 to 23.99 (13.5 is 13:30).
    public var peakHour: Double
    /// How far members' peak hours spread around it (a standard deviation), in hours: 0 to 12.
    public var spreadHours: Double

    /// A group of `weight` whose members peak around `peakHour`, give or take `spreadHours`.
    public init(weight: Double, peakHour: Double, spreadHours: Double) {
        (self.weight, self.peakHour, self.spreadHours) = (weight, peakHour, spreadHours)
    }

    func check(_ path: String) throws(PopulationError) {
        try BugleLab.check("\(path).weight", weight, 0...1_000)
        try BugleLab.check("\(path).peakHour", peakHour, 0...23.99)
        try BugleLab.check("\(path).spreadHours", spreadHours, 0...12)
    }

    /// Decodes it; every field is required, and an unknown one is an error.
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(decoder, fields: ["weight", "peakHour", "spreadHours"])
        self.init(weight: try reader.read("weight"), peakHour: try reader.read("peakHour"), spreadHours: try reader.read("spreadHours"))
    }
}

/// How a per-user number is drawn (both fields required): a normal distribution of ``mean`` and ``sd``, redrawn when it
/// falls outside the field's range (and, after 16 draws that all did, clamped to it).
public struct Spread: Hashable, Sendable, Codable {
    /// The mean: inside the field's range.
    public var mean: Double
    /// The standard deviation: 0 (every user the same) to the width of the field's range.
    public var sd: Double

    /// A spread of `mean` give or take `sd`.
    public init(mean: Double, sd: Double) { (self.mean, self.sd) = (mean, sd) }

    func check(_ path: String, _ range: ClosedRange<Double>) throws(PopulationError) {
        try BugleLab.check("\(path).mean", mean, range)
        try BugleLab.check("\(path).sd", sd, 0...(range.upperBound - range.lowerBound))
    }

    /// Decodes it; every field is required, and an unknown one is an error.
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(decoder, fields: ["mean", "sd"])
        self.init(mean: try reader.read("mean"), sd: try reader.read("sd"))
    }
}

/// Habituation: the same send time day after day draws fewer opens. The open probability is
/// multiplied by `1 − depth · (1 − e^(−run / days))`, where `run` is the number of sends in a
/// row, one a day, at the same time before this one.
public struct Habituation: Hashable, Sendable, Codable {
    /// The most repetition takes away, as a fraction of the open probability: 0 to 1.
    public var depth: Double
    /// How many days of repetition take about 63 % of it (the time constant): 0.5 to 365.
    public var days: Double

    /// A habituation of `depth` over `days`.
    public init(depth: Double, days: Double) { (self.depth, self.days) = (depth, days) }

    func check(_ path: String) throws(PopulationError) {
        try BugleLab.check("\(path).depth", depth, 0...1)
        try BugleLab.check("\(path).days", days, 0.5...365)
    }

    /// Decodes it: missing fields keep the default population's values, unknown ones are an error.
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(decoder, fields: ["depth", "days"])
        let base = Population.default.habituation
        self.init(depth: try reader.read("depth", or: base.depth), days: try reader.read("days", or: base.days))
    }
}

/// Novelty: a text the user has not seen for a while draws more opens. The open probability is
/// multiplied by `1 + boost · (1 − e^(−gap / recoveryDays))`, where `gap` is the days since
/// the same text was last sent (never: the whole boost), as in a recovering bandit's arm.
public struct Novelty: Hashable, Sendable, Codable {
    /// The most a fresh text adds, as a fraction of the open probability: 0 to 2.
    public var boost: Double
    /// How many days without a text restore about 63 % of its boost: 0.5 to 365.
    public var recoveryDays: Double

    /// A novelty of `boost`, recovering over `recoveryDays`.
    public init(boost: Double, recoveryDays: Double) { (self.boost, self.recoveryDays) = (boost, recoveryDays) }

    func check(_ path: String) throws(PopulationError) {
        try BugleLab.check("\(path).boost", boost, 0...2)
        try BugleLab.check("\(path).recoveryDays", recoveryDays, 0.5...365)
    }

    /// Decodes it: missing fields keep the default population's values, unknown ones are an error.
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(decoder, fields: ["boost", "recoveryDays"])
        let base = Population.default.novelty
        self.init(boost: try reader.read("boost", or: base.boost), recoveryDays: try reader.read("recoveryDays", or: base.recoveryDays))
    }
}

/// Drift: a user's best hour wanders a little every day (a random walk) and now and then moves
/// to a new hour altogether (a new job, a new baby), drawn again from the chronotypes.
public struct Drift: Hashable, Sendable, Codable {
    /// The standard deviation of the daily wander, in hours: 0 to 3.
    public var hoursPerDay: Double
    /// The chance, each day, that the best hour moves to a new one: 0 to 1.
    public var jumpChance: Double

    /// A drift of `hoursPerDay` a day, with a move on a day with probability `jumpChance`.
    public init(hoursPerDay: Double, jumpChance: Double) { (self.hoursPerDay, self.jumpChance) = (hoursPerDay, jumpChance) }

    func check(_ path: String) throws(PopulationError) {
        try BugleLab.check("\(path).hoursPerDay", hoursPerDay, 0...3)
        try BugleLab.check("\(path).jumpChance", jumpChance, 0...1)
    }

    /// Decodes it: missing fields keep the default population's values, unknown ones are an error.
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(decoder, fields: ["hoursPerDay", "jumpChance"])
        let base = Population.default.drift
        self.init(hoursPerDay: try reader.read("hoursPerDay", or: base.hoursPerDay), jumpChance: try reader.read("jumpChance", or: base.jumpChance))
    }
}

/// Churn: a user leaves (turns the notifications off, or stops using the app) with a daily
/// chance that rises with the notifications they ignored in a row. A user who left is sent
/// nothing more and has no more active days.
///
/// On a day the user ignores a notification, the `k`-th in a row, the chance is
/// `daily + min(maximum, perIgnore · max(0, k − tolerance))`; on other days, `daily`.
public struct Churn: Hashable, Sendable, Codable {
    /// How many ignored in a row the user shrugs off: 0 to 100.
    public var tolerance: Int
    /// What each further ignored one adds to the day's chance of leaving: 0 to 1.
    public var perIgnore: Double
    /// The most ignoring adds to a day's chance: 0 to 1.
    public var maximum: Double
    /// The chance of leaving on any day, notifications or not: 0 to 0.1.
    public var daily: Double

    /// A churn model; see the type's description.
    public init(tolerance: Int, perIgnore: Double, maximum: Double, daily: Double) {
        (self.tolerance, self.perIgnore, self.maximum, self.daily) = (tolerance, perIgnore, maximum, daily)
    }

    func check(_ path: String) throws(PopulationError) {
        try BugleLab.check("\(path).tolerance", tolerance, 0...100)
        try BugleLab.check("\(path).perIgnore", perIgnore, 0...1)
        try BugleLab.check("\(path).maximum", maximum, 0...1)
        try BugleLab.check("\(path).daily", daily, 0...0.1)
    }

    /// Decodes it: missing fields keep the default population's values, unknown ones are an error.
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(decoder, fields: ["tolerance", "perIgnore", "maximum", "daily"])
        let base = Population.default.churn
        self.init(
            tolerance: try reader.read("tolerance", or: base.tolerance), perIgnore: try reader.read("perIgnore", or: base.perIgnore),
            maximum: try reader.read("maximum", or: base.maximum), daily: try reader.read("daily", or: base.daily))
    }
}

/// Lapses: now and then a user drops out for a while and comes back (a holiday, a busy month, a
/// new phone habit). On a day out of a lapse, a user starts one with probability ``daily``; its
/// length is drawn when it starts, geometric on 1, 2, 3 … days with mean ``meanDays`` (each of
/// its days is the last with probability 1 / ``meanDays``), and the next can start the day after
/// it ends. During a lapse the chance of opening a notification is multiplied by
/// ``responsiveness`` and the chance of a visit of the user's own by ``activity``. Every arm sees
/// the same lapses: they are drawn from a stream of the user's own.
///
/// Off unless ``daily`` is above 0 (the default population's is 0): then a population runs as
/// if the section were not there.
public struct Lapse: Hashable, Sendable, Codable {
    /// The chance, on each day out of a lapse, that one starts: 0 (never) to 1.
    public var daily: Double
    /// The mean length of a lapse in days: 1 to 365.
    public var meanDays: Double
    /// What a lapse leaves of the chance of opening a notification: 0 (the user opens none) to
    /// 1 (as usual).
    public var responsiveness: Double
    /// What a lapse leaves of the chance of a visit of the user's own: 0 (none) to 1 (as usual).
    public var activity: Double

    /// No lapses: the default population's (``daily`` 0; a file that turns them on with
    /// ``daily`` alone gets lapses of 10 days on average that take every open and visit).
    public static let never = Lapse(daily: 0, meanDays: 10, responsiveness: 0, activity: 0)

    /// Lapses that start on a day with probability `daily` and last `meanDays` on average, during
    /// which opens and visits are multiplied by `responsiveness` and `activity`.
    public init(daily: Double, meanDays: Double, responsiveness: Double, activity: Double) {
        (self.daily, self.meanDays, self.responsiveness, self.activity) = (daily, meanDays, responsiveness, activity)
    }

    func check(_ path: String) throws(PopulationError) {
        try BugleLab.check("\(path).daily", daily, 0...1)
        try BugleLab.check("\(path).meanDays", meanDays, 1...365)
        try BugleLab.check("\(path).responsiveness", responsiveness, 0...1)
        try BugleLab.check("\(path).activity", activity, 0...1)
    }

    /// Decodes it: missing fields keep the default population's values, unknown ones are an error.
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(decoder, fields: ["daily", "meanDays", "responsiveness", "activity"])
        let base = Population.default.lapse
        self.init(
            daily: try reader.read("daily", or: base.daily), meanDays: try reader.read("meanDays", or: base.meanDays),
            responsiveness: try reader.read("responsiveness", or: base.responsiveness), activity: try reader.read("activity", or: base.activity))
    }
}

/// The fatigue back-off of the "learned + fatigue" arm: the numbers of a `FatigueBackoff`,
/// with its ranges.
public struct FatigueSetting: Hashable, Sendable, Codable {
    /// After this many ignored in a row, fewer sends: 1 to 29.
    public var reduceAfter: Int
    /// After this many, the last notice, then a pause: more than ``reduceAfter``, at most 30.
    public var pauseAfter: Int
    /// In the reduced stage, a send every this many days: 2 to 30.
    public var reducedEvery: Int
    /// The back-off acts only on users who open less often than this: 0.01 to 1.
    public var minimumOpenRate: Double

    /// A setting; ``backoff()`` checks it.
    public init(reduceAfter: Int, pauseAfter: Int, reducedEvery: Int, minimumOpenRate: Double) {
        (self.reduceAfter, self.pauseAfter, self.reducedEvery, self.minimumOpenRate) = (reduceAfter, pauseAfter, reducedEvery, minimumOpenRate)
    }

    /// The core's back-off with these numbers; a number outside its range is an error about
    /// the `fatigue` field.
    public func backoff() throws(PopulationError) -> FatigueBackoff {
        do {
            return try FatigueBackoff(reduceAfter: reduceAfter, pauseAfter: pauseAfter, reducedEvery: reducedEvery, minimumOpenRate: minimumOpenRate)
        } catch {
            throw PopulationError(section: "fatigue", error.description)
        }
    }

    /// Decodes it: missing fields keep the default population's values, unknown ones are an error.
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(decoder, fields: ["reduceAfter", "pauseAfter", "reducedEvery", "minimumOpenRate"])
        let base = Population.default.fatigue
        self.init(
            reduceAfter: try reader.read("reduceAfter", or: base.reduceAfter), pauseAfter: try reader.read("pauseAfter", or: base.pauseAfter),
            reducedEvery: try reader.read("reducedEvery", or: base.reducedEvery), minimumOpenRate: try reader.read("minimumOpenRate", or: base.minimumOpenRate))
    }
}

/// The learned timing under test: the numbers of a `LearnedTiming`, with its ranges. Fields
/// a file leaves out keep the default population's.
public struct TimingSetting: Hashable, Sendable, Codable {
    /// The window's start, `HH:MM`.
    public var windowStart: LocalTime
    /// The window's end, `HH:MM`, later than the start.
    public var windowEnd: LocalTime
    /// The slot length in minutes: 5 to 240.
    public var slotMinutes: Int
    /// The fixed arm's time and the centre of the learner's prior: in the window.
    public var configured: LocalTime
    /// After how many days evidence counts half: 1 to 365.
    public var halfLife: Double
    /// After how many days the prior counts half: 0.5 to 60.
    public var priorHalfLife: Double
    /// How many sends the prior is worth on day one: 0 to 100.
    public var priorWeight: Double
    /// How far, in slots, a send teaches its neighbours: 0 to 12.
    public var neighbourWidth: Double
    /// Whether weekdays and weekends learn apart.
    public var splitWeekend: Bool

    /// A setting; ``learnedTiming()`` checks it.
    public init(
        windowStart: LocalTime, windowEnd: LocalTime, slotMinutes: Int, configured: LocalTime, halfLife: Double, priorHalfLife: Double,
        priorWeight: Double, neighbourWidth: Double, splitWeekend: Bool
    ) {
        (self.windowStart, self.windowEnd, self.slotMinutes, self.configured) = (windowStart, windowEnd, slotMinutes, configured)
        (self.halfLife, self.priorHalfLife, self.priorWeight, self.neighbourWidth, self.splitWeekend) =
            (halfLife, priorHalfLife, priorWeight, neighbourWidth, splitWeekend)
    }

    /// The core's timing with these numbers; a number outside its range is an error about the
    /// `timing` field that names it.
    public func learnedTiming() throws(PopulationError) -> LearnedTiming {
        do {
            return try LearnedTiming(
                windowStart: windowStart, windowEnd: windowEnd, slotMinutes: slotMinutes, configured: configured, halfLife: halfLife,
                priorHalfLife: priorHalfLife, priorWeight: priorWeight, neighbourWidth: neighbourWidth, splitWeekend: splitWeekend)
        } catch {
            throw PopulationError(section: "timing", error.description)
        }
    }

    /// Decodes it: missing fields keep the default population's values, unknown ones are an error.
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(
            decoder,
            fields: ["windowStart", "windowEnd", "slotMinutes", "configured", "halfLife", "priorHalfLife", "priorWeight", "neighbourWidth", "splitWeekend"])
        let base = Population.default.timing
        self.init(
            windowStart: try reader.read("windowStart", or: base.windowStart), windowEnd: try reader.read("windowEnd", or: base.windowEnd),
            slotMinutes: try reader.read("slotMinutes", or: base.slotMinutes), configured: try reader.read("configured", or: base.configured),
            halfLife: try reader.read("halfLife", or: base.halfLife), priorHalfLife: try reader.read("priorHalfLife", or: base.priorHalfLife),
            priorWeight: try reader.read("priorWeight", or: base.priorWeight), neighbourWidth: try reader.read("neighbourWidth", or: base.neighbourWidth),
            splitWeekend: try reader.read("splitWeekend", or: base.splitWeekend))
    }
}

/// The copy arms' texts and bandit. Each user takes to each text differently: its open
/// probability is multiplied by a lognormal factor of mean 1 and spread ``appealSd``, drawn per
/// user and text (the timing arms' single text has factor 1).
public struct CopySetting: Hashable, Sendable, Codable {
    /// How many texts: 2 to 50.
    public var variants: Int
    /// The spread of a text's appeal to a user (the standard deviation of its logarithm): 0 to 2.
    public var appealSd: Double
    /// The bandit's half-life of evidence, in days: 1 to 365.
    public var halfLife: Double
    /// How much the bandit holds back a text shown very recently: 0 to 1.
    public var recencyPenalty: Double
    /// After how many days a shown text recovers half its penalty: 0.5 to 90.
    public var recoveryHalfLife: Double
    /// How many sends the bandit's prior is worth: 0.1 to 100.
    public var priorWeight: Double

    /// A setting; ``bandit()`` checks it.
    public init(variants: Int, appealSd: Double, halfLife: Double, recencyPenalty: Double, recoveryHalfLife: Double, priorWeight: Double) {
        (self.variants, self.appealSd, self.halfLife) = (variants, appealSd, halfLife)
        (self.recencyPenalty, self.recoveryHalfLife, self.priorWeight) = (recencyPenalty, recoveryHalfLife, priorWeight)
    }

    /// The core's copy bandit over ``variants`` texts ("Text 1", "Text 2", …); a number outside
    /// its range is an error about the `copy` field that names it.
    public func bandit() throws(PopulationError) -> CopyBandit {
        try BugleLab.check("copy.variants", variants, CopyVariants.variantCountRange)
        try BugleLab.check("copy.appealSd", appealSd, 0...2)
        let texts = (1...variants).map { ContentVariant(id: "text-\($0)", content: NotificationContent(title: "Text \($0)", body: "")) }
        do {
            return CopyBandit(
                copy: try CopyVariants(
                    variants: texts, halfLife: halfLife, recencyPenalty: recencyPenalty, recoveryHalfLife: recoveryHalfLife, priorWeight: priorWeight
                ).validated())
        } catch {
            throw PopulationError(section: "copy", error.description)
        }
    }

    /// Decodes it: missing fields keep the default population's values, unknown ones are an error.
    public init(from decoder: any Decoder) throws {
        let reader = try FieldReader(decoder, fields: ["variants", "appealSd", "halfLife", "recencyPenalty", "recoveryHalfLife", "priorWeight"])
        let base = Population.default.copy
        self.init(
            variants: try reader.read("variants", or: base.variants), appealSd: try reader.read("appealSd", or: base.appealSd),
            halfLife: try reader.read("halfLife", or: base.halfLife), recencyPenalty: try reader.read("recencyPenalty", or: base.recencyPenalty),
            recoveryHalfLife: try reader.read("recoveryHalfLife", or: base.recoveryHalfLife), priorWeight: try reader.read("priorWeight", or: base.priorWeight))
    }
}
