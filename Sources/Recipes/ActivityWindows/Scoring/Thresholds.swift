import Bugle

/// A factor that is best low (waves, UV, wind, haze): full marks up to `idealMax`, none
/// from `zeroAt`, a straight line between. At `gateAt` or above the hour is closed.
public struct UpperBand: Hashable, Sendable, Codable {
    /// Full marks at or below this, in the factor's unit (m, UV index, km/h, AQI).
    public var idealMax: Double
    /// No marks at or above this.
    public var zeroAt: Double
    /// The hour is closed at or above this; `nil`: never.
    public var gateAt: Double?

    /// A band best below `idealMax`, worth nothing from `zeroAt`, gated from `gateAt` (`nil`: no
    /// gate).
    public init(idealMax: Double, zeroAt: Double, gateAt: Double? = nil) {
        self.idealMax = idealMax
        self.zeroAt = zeroAt
        self.gateAt = gateAt
    }

    /// 0...1 for `value`.
    public func score(_ value: Double) -> Double {
        if value <= idealMax { return 1 }
        if value >= zeroAt { return 0 }
        return (zeroAt - value) / (zeroAt - idealMax)
    }

    enum CodingKeys: String, CodingKey {
        case idealMax = "ideal_max"
        case zeroAt = "zero_at"
        case gateAt = "gate_at"
    }
}

/// A factor that is best high (water temperature): full marks from `idealMin`, none at
/// `zeroAt` or below, a straight line between.
public struct LowerBand: Hashable, Sendable, Codable {
    /// Full marks at or above this, in the factor's unit (°C for water).
    public var idealMin: Double
    /// No marks at or below this.
    public var zeroAt: Double

    /// A band best from `idealMin`, worth nothing at `zeroAt` or below.
    public init(idealMin: Double, zeroAt: Double) {
        self.idealMin = idealMin
        self.zeroAt = zeroAt
    }

    /// 0...1 for `value`.
    public func score(_ value: Double) -> Double {
        if value >= idealMin { return 1 }
        if value <= zeroAt { return 0 }
        return (value - zeroAt) / (idealMin - zeroAt)
    }

    enum CodingKeys: String, CodingKey {
        case idealMin = "ideal_min"
        case zeroAt = "zero_at"
    }
}

/// A factor with a comfortable range (feels-like temperature): full marks inside
/// `idealMin...idealMax`, none at `zeroBelow` or `zeroAbove`, straight lines between. At
/// `gateAbove` or above the hour is closed: the heat gate of the dog modes.
public struct ComfortBand: Hashable, Sendable, Codable {
    /// The lowest temperature with full marks, °C.
    public var idealMin: Double
    /// The highest temperature with full marks, °C; above it a low sub-score reads "Too warm".
    public var idealMax: Double
    /// No marks at or below this, °C.
    public var zeroBelow: Double
    /// No marks at or above this, °C.
    public var zeroAbove: Double
    /// The heat gate, °C: the hour is closed at or above it; `nil` (the solo modes): no gate.
    public var gateAbove: Double?

    /// A band with full marks in `idealMin...idealMax`, none at `zeroBelow` or `zeroAbove`,
    /// and the heat gate `gateAbove` (`nil`: none).
    public init(idealMin: Double, idealMax: Double, zeroBelow: Double, zeroAbove: Double, gateAbove: Double? = nil) {
        self.idealMin = idealMin
        self.idealMax = idealMax
        self.zeroBelow = zeroBelow
        self.zeroAbove = zeroAbove
        self.gateAbove = gateAbove
    }

    /// 0...1 for `value`.
    public func score(_ value: Double) -> Double {
        if value < idealMin { return LowerBand(idealMin: idealMin, zeroAt: zeroBelow).score(value) }
        if value > idealMax { return UpperBand(idealMax: idealMax, zeroAt: zeroAbove).score(value) }
        return 1
    }

    enum CodingKeys: String, CodingKey {
        case idealMin = "ideal_min"
        case idealMax = "ideal_max"
        case zeroBelow = "zero_below"
        case zeroAbove = "zero_above"
        case gateAbove = "gate_above"
    }
}

/// The hours of the day a mode is scored at all, on the device's wall clock; written
/// `{ "start": "07:00", "end": "18:00" }`.
public struct ActiveHours: Hashable, Sendable, Codable {
    /// The first hour that may start a window.
    public var start: LocalTime
    /// Windows end by this time.
    public var end: LocalTime

    /// The hours from `start` to `end` on the device's clock.
    public init(start: LocalTime, end: LocalTime) {
        self.start = start
        self.end = end
    }

    /// Whether the hour starting at `time` lies inside (its whole hour ends by `end`).
    public func contains(_ time: LocalTime) -> Bool {
        time >= start && time.secondOfDay + 3600 <= end.secondOfDay
    }

    enum CodingKeys: String, CodingKey {
        case start, end
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func time(_ key: CodingKeys) throws -> LocalTime {
            let text = try container.decode(String.self, forKey: key)
            guard let time = TimeParsing.localTime(text) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "\"\(text)\" is not a time of day (HH:MM)")
            }
            return time
        }
        start = try time(.start)
        end = try time(.end)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(start.description, forKey: .start)
        try container.encode(end.description, forKey: .end)
    }
}

/// What one mode counts as good: the user's `thresholds` for it, as a preset fills them.
///
/// A factor without thresholds is not scored for the mode (run modes have no sea).
public struct Thresholds: Hashable, Sendable, Codable {
    /// The hours of the day the mode is scored; every preset sets 07:00–18:00 for swims and
    /// 07:00–21:00 for runs.
    public var activeHours: ActiveHours
    /// Wave height in metres, with the waves gate; `nil` for the run modes.
    public var waveHeightM: UpperBand?
    /// Water temperature in °C; `nil` for the run modes.
    public var waterTempC: LowerBand?
    /// Feels-like temperature in °C, with the heat gate in the dog modes.
    public var feelsLikeC: ComfortBand
    /// UV index.
    public var uvIndex: UpperBand
    /// Wind speed in km/h.
    public var windKph: UpperBand
    /// US AQI: weighed in the run modes only; its gate closes hours in every mode.
    public var aqi: UpperBand

    /// Thresholds for one mode; leave the sea bands `nil` for a mode that does not swim.
    public init(
        activeHours: ActiveHours, waveHeightM: UpperBand? = nil, waterTempC: LowerBand? = nil, feelsLikeC: ComfortBand, uvIndex: UpperBand, windKph: UpperBand,
        aqi: UpperBand
    ) {
        self.activeHours = activeHours
        self.waveHeightM = waveHeightM
        self.waterTempC = waterTempC
        self.feelsLikeC = feelsLikeC
        self.uvIndex = uvIndex
        self.windKph = windKph
        self.aqi = aqi
    }

    enum CodingKeys: String, CodingKey {
        case activeHours = "active_hours"
        case waveHeightM = "wave_height_m"
        case waterTempC = "water_temp_c"
        case feelsLikeC = "feels_like_c"
        case uvIndex = "uv_index"
        case windKph = "wind_kph"
        case aqi
    }
}
