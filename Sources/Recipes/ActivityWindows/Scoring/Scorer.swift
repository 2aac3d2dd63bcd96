import Bugle
import Foundation

/// Scores forecast hours for one mode: scoring spec v1 (see the *Scoring* article).
///
/// Each factor with thresholds gets a 0...1 sub-score from its band; the hour's score is
/// the weighted mean times 100, rounded half up. A gate (dog heat, high waves, unhealthy
/// air) closes the hour: its score is 0 and no window may contain it.
public struct Scorer: Sendable {
    /// The version of this spec, logged with every event.
    public static let scoringVersion = "v1"

    /// Sub-scores at or above this make a positive chip; at or below ``negativeChip``, a negative one.
    public static let positiveChip = 0.75
    /// Sub-scores at or below this make a negative chip (0.4).
    public static let negativeChip = 0.4

    /// The mode scored; it decides the factors' weights.
    public var mode: ActivityMode
    /// The mode's thresholds: the bands and gates.
    public var thresholds: Thresholds

    /// A scorer for `mode` with `thresholds`.
    public init(mode: ActivityMode, thresholds: Thresholds) {
        self.mode = mode
        self.thresholds = thresholds
    }

    /// The weight of each factor for `mode`, in percent; the same for every preset.
    public static func weights(for mode: ActivityMode) -> [Factor: Double] {
        switch mode {
        case .swimSolo: [.waves: 35, .water: 25, .air: 15, .uv: 15, .wind: 10]
        case .swimDog: [.waves: 35, .water: 15, .air: 25, .uv: 15, .wind: 10]
        case .runSolo: [.air: 40, .uv: 25, .wind: 15, .airQuality: 20]
        case .runDog: [.air: 45, .uv: 25, .wind: 10, .airQuality: 20]
        }
    }

    /// The score of `hour`.
    public func score(_ hour: Forecast.Hour) -> HourScore {
        var subs: [Factor: Double] = [:]
        if let waves = thresholds.waveHeightM { subs[.waves] = waves.score(hour.sea.waveHeightM) }
        if let water = thresholds.waterTempC { subs[.water] = water.score(hour.sea.waterTempC) }
        subs[.air] = thresholds.feelsLikeC.score(hour.air.feelsLikeC)
        subs[.uv] = thresholds.uvIndex.score(hour.air.uvIndex)
        subs[.wind] = thresholds.windKph.score(hour.air.windKph)
        subs[.airQuality] = thresholds.aqi.score(hour.air.aqi)

        // Air quality only gates the swim modes: its sub-score counts where it has a weight.
        let weights = Self.weights(for: mode)
        subs = subs.filter { weights[$0.key] != nil }
        var total = 0.0
        var weightSum = 0.0
        // In a fixed order: a dictionary's order changes from one process to the next, and a
        // sum of doubles in another order can land on the other side of .5 when rounded.
        for factor in Factor.allCases {
            guard let sub = subs[factor], let weight = weights[factor] else { continue }
            total += weight * sub
            weightSum += weight
        }
        let mean = weightSum > 0 ? 100 * total / weightSum : 0
        let gate = gate(hour)
        // Sub-scores are 0 to 1; a reading no forecast has (infinite, or NaN from it) scores 0.
        let score = mean.isFinite ? Int((min(max(mean, 0), 100) + 0.5).rounded(.down)) : 0
        return HourScore(
            time: hour.time, mode: mode, score: gate == nil ? score : 0, gate: gate, factors: subs,
            chips: Self.chips(subs, warm: hour.air.feelsLikeC > thresholds.feelsLikeC.idealMax, mode: mode))
    }

    /// The first gate that closes `hour`: heat, then waves, then air quality.
    public func gate(_ hour: Forecast.Hour) -> Gate? {
        if let heat = thresholds.feelsLikeC.gateAbove, hour.air.feelsLikeC >= heat { return .heat }
        if let waves = thresholds.waveHeightM?.gateAt, hour.sea.waveHeightM >= waves { return .waves }
        if let aqi = thresholds.aqi.gateAt, hour.air.aqi >= aqi { return .airQuality }
        return nil
    }

    /// Chips for sub-scores, positive ones first, each side by magnitude then factor order.
    /// `warm` says which way a low air sub-score points ("Too warm" or "Chilly").
    static func chips(_ subs: [Factor: Double], warm: Bool, mode: ActivityMode) -> [ReasonChip] {
        let weights = weights(for: mode)
        var chips: [ReasonChip] = []
        for factor in Factor.allCases {
            guard let sub = subs[factor], let weight = weights[factor] else { continue }
            if sub >= positiveChip {
                chips.append(ReasonChip(factor: factor, positive: true, text: positiveText(factor, mode: mode), magnitude: weight / 100 * sub))
            } else if sub <= negativeChip {
                chips.append(ReasonChip(factor: factor, positive: false, text: negativeText(factor, warm: warm), magnitude: weight / 100 * (1 - sub)))
            }
        }
        return chips.enumerated().sorted { lhs, rhs in
            if lhs.element.positive != rhs.element.positive { return lhs.element.positive }
            if lhs.element.magnitude != rhs.element.magnitude { return lhs.element.magnitude > rhs.element.magnitude }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }

    static func positiveText(_ factor: Factor, mode: ActivityMode) -> String {
        switch factor {
        case .waves: "Waves calm"
        case .water: "Warm water"
        case .air: mode.activity == .run ? "Cooler temps" : "Pleasant air"
        case .uv: "Lower UV"
        case .wind: "Light wind"
        case .airQuality: "Clean air"
        }
    }

    static func negativeText(_ factor: Factor, warm: Bool) -> String {
        switch factor {
        case .waves: "Choppy sea"
        case .water: "Cold water"
        case .air: warm ? "Too warm" : "Chilly"
        case .uv: "High UV"
        case .wind: "Windy"
        case .airQuality: "Hazy air"
        }
    }
}
