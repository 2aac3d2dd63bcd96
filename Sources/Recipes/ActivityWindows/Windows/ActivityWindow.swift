import Bugle
import Foundation

/// A block of consecutive good hours for one mode: what a notification announces.
public struct ActivityWindow: Hashable, Sendable {
    /// The mode the window is for.
    public var mode: ActivityMode
    /// Its hours, one hour apart, in order.
    public var hours: [HourScore]
    /// The mean of the hours' scores.
    public var average: Double

    /// The window made of `hours` (at least one, one hour apart, in order); it computes the
    /// average.
    public init(mode: ActivityMode, hours: [HourScore]) {
        self.mode = mode
        self.hours = hours
        self.average = Double(hours.map(\.score).reduce(0, +)) / Double(max(hours.count, 1))
    }

    /// When the first hour starts (`Date.distantPast` for a window built without hours).
    public var start: Date { hours.first?.time ?? .distantPast }
    /// When the last hour ends (`Date.distantPast` for a window built without hours).
    public var end: Date { hours.last.map { $0.time.addingTimeInterval(3600) } ?? .distantPast }

    /// The words for its average: Perfect, Good, …
    public var label: ScoreLabel { ScoreLabel(score: average) }

    /// Positive reason chips of the window, from the mean of each factor's sub-scores over
    /// its hours, the highest magnitude first.
    public var reasons: [ReasonChip] {
        var sums: [Factor: Double] = [:]
        for hour in hours {
            for (factor, sub) in hour.factors { sums[factor, default: 0] += sub }
        }
        let means = sums.mapValues { $0 / Double(hours.count) }
        return Scorer.chips(means, warm: false, mode: mode).filter(\.positive)
    }

    /// The text of the highest-magnitude positive chip ("Waves calm").
    public var topReason: String { reasons.first?.text ?? "Conditions look good" }
}

/// Finds the good windows of one mode's day: windowing spec v1 (see the *Scoring* article).
///
/// 1. Split the day's scored hours into *stretches*: maximal runs of consecutive hours, one
///    hour apart, that are not gated and score at least ``floor``.
/// 2. In each stretch, take the longest block of at most ``maximumHours`` hours whose
///    average is at least ``minimumAverage``; among blocks of that length the highest
///    average, then the earliest. It is a window. The good hours right next to it (each
///    scoring at least ``minimumAverage``) are the rest of the same good stretch, cut off
///    only by the length limit: they are not another window, and neither is the hour that
///    ends them on each side, the gap between two stretches. Look again in what is left
///    beyond that hour on each side.
/// 3. Rank all windows by average, ties to the earliest start; keep the first ``perDay``.
///
/// So the day's second window, the one a backup announces, is always another good
/// stretch, apart from the best by at least one hour that is not good (below
/// ``minimumAverage``, gated, or missing), never the continuation of the best one.
///
/// - Complexity: O(*n* × *m*²) for *n* hours and a maximum length *m*.
public struct WindowFinder: Hashable, Sendable {
    /// The least average score of a window, 0 to 100: the seed's 70 ("Good" or better).
    public var minimumAverage: Double
    /// The least score of an hour in a stretch (50 by default); a lower one ends the stretch.
    public var floor: Int
    /// The longest window, in hours (3 by default).
    public var maximumHours: Int
    /// How many windows a day keeps: the seed's top 2 per mode per day.
    public var perDay: Int

    /// A finder; the defaults are spec v1's: average 70, floor 50, at most 3 hours, 2 a day.
    public init(minimumAverage: Double = 70, floor: Int = 50, maximumHours: Int = 3, perDay: Int = 2) {
        self.minimumAverage = minimumAverage
        self.floor = floor
        self.maximumHours = maximumHours
        self.perDay = perDay
    }

    /// The ranked windows among `hours` (one mode, one day, in time order).
    public func windows(in hours: [HourScore]) -> [ActivityWindow] {
        var found: [ActivityWindow] = []
        var stretch: [HourScore] = []
        for hour in hours {
            let usable = hour.gate == nil && hour.score >= floor
            if usable, let last = stretch.last, hour.time.timeIntervalSince(last.time) == 3600 {
                stretch.append(hour)
            } else {
                search(stretch[...], into: &found)
                stretch = usable ? [hour] : []
            }
        }
        search(stretch[...], into: &found)
        let ranked = found.sorted { lhs, rhs in
            lhs.average != rhs.average ? lhs.average > rhs.average : lhs.start < rhs.start
        }
        return Array(ranked.prefix(perDay))
    }

    /// Whether `hour` is good on its own: an hour of a stretch (never gated) that scores at
    /// least the minimum average.
    private func isGood(_ hour: HourScore) -> Bool { Double(hour.score) >= minimumAverage }

    private func search(_ stretch: ArraySlice<HourScore>, into found: inout [ActivityWindow]) {
        guard !stretch.isEmpty else { return }
        for length in stride(from: min(maximumHours, stretch.count), through: 1, by: -1) {
            var best: (start: Int, total: Int)?
            var start = stretch.startIndex
            while start + length <= stretch.endIndex {
                let total = stretch[start..<(start + length)].map(\.score).reduce(0, +)
                if Double(total) >= minimumAverage * Double(length), best.map({ total > $0.total }) ?? true {
                    best = (start, total)
                }
                start += 1
            }
            if let best {
                let range = best.start..<(best.start + length)
                found.append(ActivityWindow(mode: stretch[range.lowerBound].mode, hours: Array(stretch[range])))
                // The good hours next to the window are its stretch; the hour that ends them
                // on each side is the gap to the next stretch, part of no window.
                var before = range.lowerBound
                while before > stretch.startIndex, isGood(stretch[before - 1]) { before -= 1 }
                var after = range.upperBound
                while after < stretch.endIndex, isGood(stretch[after]) { after += 1 }
                search(stretch[..<max(before - 1, stretch.startIndex)], into: &found)
                search(stretch[min(after + 1, stretch.endIndex)...], into: &found)
                return
            }
        }
    }
}
