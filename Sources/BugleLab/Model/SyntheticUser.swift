import Bugle
import Foundation

/// Random numbers for the lab, from the core's `SeededGenerator`.
enum Draw {
    /// A uniform number in [0, 1): 53 random bits.
    static func unit(_ generator: inout SeededGenerator) -> Double {
        Double(generator.next() >> 11) * 0x1.0p-53
    }

    /// A standard normal number: Box–Muller, one of the pair.
    static func gaussian(_ generator: inout SeededGenerator) -> Double {
        let radius = (-2 * Foundation.log(1 - unit(&generator))).squareRoot()
        return radius * Foundation.sin(2 * Double.pi * unit(&generator))
    }

    /// A number from `spread`, drawn again while outside `range` (16 times at most, then
    /// clamped to it).
    static func value(_ spread: Spread, in range: ClosedRange<Double>, _ generator: inout SeededGenerator) -> Double {
        var value = spread.mean
        for _ in 0..<16 {
            value = spread.mean + spread.sd * gaussian(&generator)
            if range.contains(value) { return value }
        }
        return Swift.min(Swift.max(value, range.lowerBound), range.upperBound)
    }

    /// The purpose of a user's lapse stream: above every other (0 to 2 for the user's texts,
    /// numbers and learner, 3 + day for a day's numbers).
    static let lapses: UInt64 = 1 << 32

    /// A seed for one purpose of one user (and day): SplitMix64's finaliser over the parts, so
    /// that nearby users and days get unrelated streams.
    static func seed(_ run: UInt64, _ user: UInt64, _ purpose: UInt64) -> UInt64 {
        var hash: UInt64 = 0x6C62_272E_07BB_0142
        for part in [run, user, purpose] {
            var generator = SeededGenerator(seed: hash ^ part)
            hash = generator.next()
        }
        return hash
    }
}

/// One synthetic user: the numbers drawn for them from the population, where their best hour is
/// today, and whether they are in a lapse. What they do with a notification depends only on
/// these, the day and the arm's own history with them (habituation, novelty), never on which arm
/// asks.
struct SyntheticUser {
    let peakRate: Double
    let floorRate: Double
    let width: Double
    let weekendShift: Double
    let organic: Double
    /// The best hour today (on a weekday), 0 ..< 24.
    private(set) var peak: Double
    /// The user's own stream: drift and moves, the same for every arm.
    private var generator: SeededGenerator
    /// The user's lapses' stream, apart so that lapses leave every other number as it was.
    private var lapseGenerator: SeededGenerator
    /// The days of the current lapse still to come, today's included: 0 out of one.
    private(set) var lapseDaysLeft = 0
    private let population: Population
    private let totalWeight: Double

    /// A user drawn from `seed`, whose lapses are drawn from `lapseSeed`.
    init(population: Population, seed: UInt64, lapseSeed: UInt64) {
        self.population = population
        lapseGenerator = SeededGenerator(seed: lapseSeed)
        var generator = SeededGenerator(seed: seed)
        totalWeight = population.chronotypes.reduce(0) { $0 + $1.weight }
        peakRate = Draw.value(population.peakOpenRate, in: Population.rateRange, &generator)
        floorRate = Swift.min(Draw.value(population.floorOpenRate, in: Population.rateRange, &generator), peakRate)
        width = Draw.value(population.peakWidthHours, in: Population.peakWidthRange, &generator)
        weekendShift = Draw.value(population.weekendShiftHours, in: Population.weekendShiftRange, &generator)
        organic = Draw.value(population.organicActivity, in: Population.rateRange, &generator)
        peak = 0
        self.generator = generator
        peak = drawPeak()
    }

    /// A best hour from the chronotypes: a group by weight, then an hour around the group's.
    private mutating func drawPeak() -> Double {
        var pick = Draw.unit(&generator) * totalWeight
        var group = population.chronotypes[population.chronotypes.count - 1]
        for chronotype in population.chronotypes {
            if pick < chronotype.weight {
                group = chronotype
                break
            }
            pick -= chronotype.weight
        }
        return Self.wrapped(group.peakHour + group.spreadHours * Draw.gaussian(&generator))
    }

    /// `hour` on the 24-hour circle.
    private static func wrapped(_ hour: Double) -> Double {
        let wrapped = hour.truncatingRemainder(dividingBy: 24)
        return wrapped < 0 ? wrapped + 24 : wrapped
    }

    /// The start of day `day` (0 the first): after the first, the best hour wanders, and now and
    /// then moves to a new one; then the day of a lapse under way is counted, or one may start.
    mutating func begin(day: Int) {
        if day > 0 { advance() }
        let lapse = population.lapse
        if lapseDaysLeft > 0 { lapseDaysLeft -= 1 }
        guard lapseDaysLeft == 0, lapse.daily > 0, Draw.unit(&lapseGenerator) < lapse.daily else { return }
        // Geometric on 1, 2, 3 … with mean `meanDays`: by inversion, one draw.
        let end = 1 / lapse.meanDays
        lapseDaysLeft = end >= 1 ? 1 : 1 + Int(Foundation.log(1 - Draw.unit(&lapseGenerator)) / Foundation.log(1 - end))
    }

    /// Whether the user is in a lapse today.
    var lapsing: Bool { lapseDaysLeft > 0 }

    /// What today leaves of the chance of opening a notification: the lapse's
    /// `responsiveness` in one, 1 otherwise.
    var responsiveness: Double { lapsing ? population.lapse.responsiveness : 1 }

    /// The chance of a visit of the user's own today: `organic`, times the lapse's `activity`
    /// in one.
    var activity: Double { lapsing ? organic * population.lapse.activity : organic }

    /// The best hour wanders, and now and then moves to a new one.
    private mutating func advance() {
        let drift = population.drift
        if drift.jumpChance > 0, Draw.unit(&generator) < drift.jumpChance {
            peak = drawPeak()
        } else if drift.hoursPerDay > 0 {
            peak = Self.wrapped(peak + drift.hoursPerDay * Draw.gaussian(&generator))
        }
    }

    /// The chance of an open within the attribution window for a send at `hour` today, before
    /// habituation and novelty: the floor, plus a Gaussian bump around the day's best hour.
    func rate(atHour hour: Double, weekend: Bool) -> Double {
        let centre = weekend ? peak + weekendShift : peak
        var distance = abs(hour - centre).truncatingRemainder(dividingBy: 24)
        distance = Swift.min(distance, 24 - distance)
        return floorRate + (peakRate - floorRate) * Foundation.exp(-0.5 * distance * distance / (width * width))
    }
}
