import Bugle
import Foundation

/// What an hour is scored on.
public enum Factor: String, Hashable, Sendable, Codable, CaseIterable {
    /// Wave height (swim modes).
    case waves
    /// Water temperature (swim modes).
    case water
    /// Feels-like temperature (every mode).
    case air
    /// UV index (every mode).
    case uv
    /// Wind speed (every mode).
    case wind
    /// US AQI: weighed in the run modes only; its gate applies to every mode.
    case airQuality = "air_quality"
}

/// Why an hour is closed whatever its score: a gated hour is never part of a window.
public enum Gate: String, Hashable, Sendable, Codable, CaseIterable {
    /// Too warm for a dog (dog modes): the heat gate.
    case heat
    /// Waves too high to swim.
    case waves
    /// Air quality unhealthy.
    case airQuality = "air_quality"
}

/// A short reason shown with a score: "Waves calm", "Lower UV", "High UV".
public struct ReasonChip: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The factor it is about.
    public var factor: Factor
    /// Whether it speaks for the hour (`true`) or against it.
    public var positive: Bool
    /// The words shown ("Waves calm"); also the `{top_reason}` of templates.
    public var text: String
    /// How much it moved the score: the factor's weight times its sub-score (positive) or
    /// times what it lacked (negative), 0...1 of the whole score.
    public var magnitude: Double

    public var description: String { text }
}

/// One hour of one mode, scored.
public struct HourScore: Hashable, Sendable {
    /// The instant the hour starts.
    public var time: Date
    /// The mode it was scored for.
    public var mode: ActivityMode
    /// 0...100; 0 when gated.
    public var score: Int
    /// Why the hour is closed, when it is.
    public var gate: Gate?
    /// The 0...1 sub-score of each factor the mode weighs.
    public var factors: [Factor: Double]
    /// Positive chips first, each side by magnitude.
    public var chips: [ReasonChip]

    /// A scored hour; `score` is 0 to 100 (0 for a gated hour).
    public init(time: Date, mode: ActivityMode, score: Int, gate: Gate? = nil, factors: [Factor: Double] = [:], chips: [ReasonChip] = []) {
        self.time = time
        self.mode = mode
        self.score = score
        self.gate = gate
        self.factors = factors
        self.chips = chips
    }

    /// The label of a score: Perfect (85+), Good (70+), Fair (50+), Poor.
    public var label: String { ScoreLabel(score: Double(score)).rawValue }
}

/// The words for a score band.
public enum ScoreLabel: String, Hashable, Sendable {
    /// 85 or more.
    case perfect = "Perfect"
    /// 70 to under 85.
    case good = "Good"
    /// 50 to under 70.
    case fair = "Fair"
    /// Under 50.
    case poor = "Poor"

    /// The label of `score`, 0 to 100: an hour's score or a window's average.
    public init(score: Double) {
        switch score {
        case 85...: self = .perfect
        case 70...: self = .good
        case 50...: self = .fair
        default: self = .poor
        }
    }
}
