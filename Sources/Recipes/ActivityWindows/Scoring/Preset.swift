import Bugle

/// A named set of thresholds for every mode, picked at onboarding or in Settings.
///
/// The values are documented in the scoring article: `balanced` suits most people,
/// `cautious` wants calmer sea, cooler air and keeps dogs out of the heat sooner, `hardy`
/// takes rougher, colder and warmer conditions.
public enum Preset: String, Hashable, Sendable, Codable, CaseIterable {
    /// Calmer sea, cooler air, and the dog heat gate sooner: one step below `balanced`.
    case cautious
    /// The default, for most people.
    case balanced
    /// Rougher, colder and warmer conditions: one step above `balanced`.
    case hardy

    /// The thresholds this preset fills in for `mode`.
    public func thresholds(for mode: ActivityMode) -> Thresholds {
        // Offsets from `balanced`: how much calmer/cooler (cautious) or rougher/warmer (hardy).
        let step: Double
        switch self {
        case .cautious: step = -1
        case .balanced: step = 0
        case .hardy: step = 1
        }
        let aqi = UpperBand(idealMax: 50, zeroAt: 150 + 25 * step, gateAt: 150 + 25 * step)
        let uv = UpperBand(idealMax: 2 + step, zeroAt: 9 + step)
        switch mode {
        case .swimSolo, .swimDog:
            let dog = mode.withDog
            return Thresholds(
                activeHours: ActiveHours(start: "07:00", end: "18:00"),
                waveHeightM: UpperBand(idealMax: 0.5 + 0.2 * step, zeroAt: 1.4 + 0.3 * step, gateAt: 1.6 + 0.3 * step),
                waterTempC: LowerBand(idealMin: 20 - step, zeroAt: 15 - step),
                feelsLikeC: ComfortBand(
                    idealMin: 20 - 2 * step, idealMax: dog ? 26 + step : 30 + step, zeroBelow: 12 - 2 * step, zeroAbove: dog ? 33 + step : 38 + step,
                    gateAbove: dog ? 31 + 2 * step : nil),
                uvIndex: uv,
                windKph: UpperBand(idealMax: 12 + 3 * step, zeroAt: 35 + 5 * step),
                aqi: aqi)
        case .runSolo, .runDog:
            let dog = mode.withDog
            return Thresholds(
                activeHours: ActiveHours(start: "07:00", end: "21:00"),
                feelsLikeC: ComfortBand(
                    idealMin: 8 - 2 * step, idealMax: dog ? 16 + step : 18 + step, zeroBelow: -2 - 2 * step, zeroAbove: dog ? 25 + step : 28 + 2 * step,
                    gateAbove: dog ? 24 + 2 * step : nil),
                uvIndex: uv,
                windKph: UpperBand(idealMax: 15 + 3 * step, zeroAt: 45 + 5 * step),
                aqi: aqi)
        }
    }

    /// Thresholds for every mode, keyed as the profile stores them.
    public var allThresholds: [String: Thresholds] {
        Dictionary(uniqueKeysWithValues: ActivityMode.allCases.map { ($0.rawValue, thresholds(for: $0)) })
    }
}
