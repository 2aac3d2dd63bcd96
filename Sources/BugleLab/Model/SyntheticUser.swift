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

/// One synthetic user: the numbers drawn for them from the population, and where their best
/// hour is today. What they do with a notification depends only on these, the day and the arm's
/// own history with them (habituation, novelty), never on which arm asks.
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
    private let population: Population
    private let totalWeight: Double

    init(population: Population, seed: UInt64) {
        self.population = population
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

    /// The next day: the best hour wanders, and now and then moves to a new one.
    mutating func advance() {
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
