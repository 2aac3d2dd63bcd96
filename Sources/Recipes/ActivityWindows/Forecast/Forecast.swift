import Bugle
import Foundation

/// An hourly forecast for one place, as `/v1/public/forecast` returns it.
///
/// ```json
/// {
///   "location": { "id": "tel-aviv", "name": "Tel Aviv", "latitude": 32.08, "longitude": 34.77, "timezone": "Asia/Jerusalem" },
///   "fetched_at": "2026-03-22T05:40:00+02:00",
///   "hourly": [
///     { "time": "2026-03-22T07:00:00+02:00",
///       "sea": { "wave_height_m": 0.4, "water_temp_c": 18.2 },
///       "air": { "temp_c": 17.1, "feels_like_c": 16.8, "uv_index": 1.2, "wind_kph": 9, "aqi": 38 } }
///   ]
/// }
/// ```
///
/// Times are ISO 8601 with an offset; `fetched_at` is when the serving cache fetched the
/// data from its providers, which is what its age (and so staleness) counts from.
public struct Forecast: Hashable, Sendable, Codable {
    /// Where the forecast is for.
    public struct Location: Hashable, Sendable, Codable {
        /// The place's identifier in the forecast service (`tel-aviv`).
        public var id: String
        /// The place's name for display (`Tel Aviv`).
        public var name: String
        /// Degrees north, -90 to 90.
        public var latitude: Double
        /// Degrees east, -180 to 180.
        public var longitude: Double
        /// The IANA zone of the place.
        public var timezone: String

        /// A place; `timezone` is an IANA name (`Asia/Jerusalem`). Unlike decoding, it checks
        /// nothing.
        public init(id: String, name: String, latitude: Double, longitude: Double, timezone: String) {
            self.id = id
            self.name = name
            self.latitude = latitude
            self.longitude = longitude
            self.timezone = timezone
        }

        enum CodingKeys: String, CodingKey { case id, name, latitude, longitude, timezone }

        /// Reads a place; the latitude is -90 to 90, the longitude -180 to 180, the zone an
        /// IANA name.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            name = try container.decode(String.self, forKey: .name)
            latitude = try Forecast.decodeMeasure(container, .latitude, in: -90...90)
            longitude = try Forecast.decodeMeasure(container, .longitude, in: -180...180)
            timezone = try container.decode(String.self, forKey: .timezone)
            guard TimeZone(ianaName: timezone) != nil else {
                throw DecodingError.dataCorruptedError(
                    forKey: .timezone, in: container, debugDescription: "unknown time zone \"\(timezone)\"; expected an IANA name such as Asia/Jerusalem")
            }
        }
    }

    /// The sea at the beach for one hour.
    public struct Sea: Hashable, Sendable, Codable {
        /// Wave height in metres (0 to 30 when decoded).
        public var waveHeightM: Double
        /// Sea surface temperature in °C (-5 to 45 when decoded).
        public var waterTempC: Double

        /// The sea with waves of `waveHeightM` metres and water at `waterTempC` °C; no range is
        /// checked.
        public init(waveHeightM: Double, waterTempC: Double) {
            self.waveHeightM = waveHeightM
            self.waterTempC = waterTempC
        }

        enum CodingKeys: String, CodingKey {
            case waveHeightM = "wave_height_m"
            case waterTempC = "water_temp_c"
        }

        /// Reads the sea; waves 0 to 30 m, water -5 to 45 °C.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            waveHeightM = try Forecast.decodeMeasure(container, .waveHeightM, in: 0...30)
            waterTempC = try Forecast.decodeMeasure(container, .waterTempC, in: -5...45)
        }
    }

    /// The air for one hour.
    public struct Air: Hashable, Sendable, Codable {
        /// Air temperature in °C (-90 to 60 when decoded); not scored: the air factor reads
        /// ``Forecast/Air/feelsLikeC``.
        public var tempC: Double
        /// Feels-like temperature in °C (-100 to 80 when decoded): the air factor and the dog heat
        /// gate.
        public var feelsLikeC: Double
        /// UV index (0 to 20 when decoded).
        public var uvIndex: Double
        /// Wind speed in km/h (0 to 500 when decoded).
        public var windKph: Double
        /// US AQI (0–500).
        public var aqi: Double

        /// The air for one hour, in °C, the UV index, km/h and US AQI; no range is checked.
        public init(tempC: Double, feelsLikeC: Double, uvIndex: Double, windKph: Double, aqi: Double) {
            self.tempC = tempC
            self.feelsLikeC = feelsLikeC
            self.uvIndex = uvIndex
            self.windKph = windKph
            self.aqi = aqi
        }

        enum CodingKeys: String, CodingKey {
            case tempC = "temp_c"
            case feelsLikeC = "feels_like_c"
            case uvIndex = "uv_index"
            case windKph = "wind_kph"
            case aqi
        }

        /// Reads the air; air -90 to 60 °C (feels like -100 to 80), UV 0 to 20, wind 0 to
        /// 500 km/h, AQI 0 to 1,000: what Earth's weather has, with room.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            tempC = try Forecast.decodeMeasure(container, .tempC, in: -90...60)
            feelsLikeC = try Forecast.decodeMeasure(container, .feelsLikeC, in: -100...80)
            uvIndex = try Forecast.decodeMeasure(container, .uvIndex, in: 0...20)
            windKph = try Forecast.decodeMeasure(container, .windKph, in: 0...500)
            aqi = try Forecast.decodeMeasure(container, .aqi, in: 0...1_000)
        }
    }

    /// One hour of the series, starting at `time`.
    public struct Hour: Hashable, Sendable, Codable {
        /// The instant the hour starts.
        public var time: Date
        /// The sea during the hour.
        public var sea: Sea
        /// The air during the hour.
        public var air: Air

        /// The hour starting at `time`, with its sea and air.
        public init(time: Date, sea: Sea, air: Air) {
            self.time = time
            self.sea = sea
            self.air = air
        }

        enum CodingKeys: String, CodingKey {
            case time, sea, air
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            time = try Forecast.decodeInstant(container, .time)
            sea = try container.decode(Sea.self, forKey: .sea)
            air = try container.decode(Air.self, forKey: .air)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(ISO8601.string(from: time, timeZone: Forecast.utc), forKey: .time)
            try container.encode(sea, forKey: .sea)
            try container.encode(air, forKey: .air)
        }
    }

    /// The place the forecast is for.
    public var location: Location
    /// When the serving cache fetched the data (`fetched_at`): the forecast's age, and so its
    /// staleness, counts from it.
    public var fetchedAt: Date
    /// In time order, one hour apart where the series has no gap.
    public var hourly: [Hour]

    /// A forecast of `hourly` for `location`, fetched at `fetchedAt`; unlike decoding, it
    /// checks neither the order nor the number of hours.
    public init(location: Location, fetchedAt: Date, hourly: [Hour]) {
        self.location = location
        self.fetchedAt = fetchedAt
        self.hourly = hourly
    }

    enum CodingKeys: String, CodingKey {
        case location
        case fetchedAt = "fetched_at"
        case hourly
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        location = try container.decode(Location.self, forKey: .location)
        fetchedAt = try Forecast.decodeInstant(container, .fetchedAt)
        hourly = try container.decode([Hour].self, forKey: .hourly)
        guard hourly.count <= Self.maximumHours else {
            throw DecodingError.dataCorruptedError(
                forKey: .hourly, in: container, debugDescription: "\(hourly.count) hours; a forecast has at most \(Self.maximumHours)")
        }
        for index in hourly.indices.dropFirst() where hourly[index].time <= hourly[index - 1].time {
            throw DecodingError.dataCorruptedError(
                forKey: .hourly, in: container, debugDescription: "hourly[\(index)] is not after hourly[\(index - 1)]; hours must be in time order")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(location, forKey: .location)
        try container.encode(ISO8601.string(from: fetchedAt, timeZone: Forecast.utc), forKey: .fetchedAt)
        try container.encode(hourly, forKey: .hourly)
    }

    /// The moment the last hour of the series ends.
    public var end: Date? { hourly.last.map { $0.time.addingTimeInterval(3600) } }

    /// How old the data is at `now`.
    public func age(at now: Date) -> TimeInterval { now.timeIntervalSince(fetchedAt) }

    /// The most hours a forecast may hold: 2,000, twelve weeks (services give one to two).
    public static let maximumHours = 2_000

    /// Reads the endpoint's JSON; a mistake names the field and what was expected.
    public static func decode(_ data: Data) throws -> Forecast {
        do {
            return try JSONDecoder().decode(Forecast.self, from: data)
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw ForecastError(field: nil, problem: "not valid JSON")
        }
    }

    /// A measurement inside `range`, or an error that gives the range and the value.
    static func decodeMeasure<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key, in range: ClosedRange<Double>) throws -> Double {
        let value = try container.decode(Double.self, forKey: key)
        guard range.contains(value) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "expected \(number(range.lowerBound)) to \(number(range.upperBound)), found \(value)")
        }
        return value
    }

    private static func number(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

    static let utc = TimeZone(identifier: "UTC")!

    private static func decodeInstant<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws -> Date {
        let text = try container.decode(String.self, forKey: key)
        guard let written = TimeParsing.dateTime(text), written.offset != nil, let date = TimeParsing.instant(text) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\"\(text)\" is not an ISO 8601 time with an offset (2026-03-22T07:00:00+02:00)")
        }
        let years = TimeParsing.supportedYears
        guard years.contains(written.local.date.year) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container, debugDescription: "\"\(text)\" is outside the supported years, \(years.lowerBound) to \(years.upperBound)")
        }
        return date
    }

    private static func describe(_ error: DecodingError) -> ForecastError {
        func path(_ keys: [any CodingKey]) -> String? {
            let text = keys.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined().trimmingCharacters(
                in: CharacterSet(charactersIn: "."))
            return text.isEmpty ? nil : text
        }
        switch error {
        case .keyNotFound(let key, let context):
            return ForecastError(field: path(context.codingPath), problem: "missing key \"\(key.stringValue)\"")
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let kind = type == String.self ? "text" : type == Double.self ? "a number" : type is [Any].Type ? "a list" : "an object"
            return ForecastError(field: path(context.codingPath), problem: "expected \(kind)")
        case .dataCorrupted(let context):
            let field = path(context.codingPath)
            // Foundation's own words for text that is not JSON say nothing of where.
            return ForecastError(field: field, problem: field == nil ? "not valid JSON" : context.debugDescription)
        @unknown default:
            return ForecastError(field: nil, problem: "not a forecast")
        }
    }
}

/// A forecast that could not be read: the field at fault (`hourly[3].sea.wave_height_m`)
/// and what was wrong with it.
public struct ForecastError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The field's path in the document, when the mistake is in one.
    public var field: String?
    /// What was wrong.
    public var problem: String

    /// An error about `field` (`nil` when no field is at fault), saying what was wrong.
    public init(field: String?, problem: String) {
        self.field = field
        self.problem = problem
    }

    /// `field: problem`.
    public var message: String { field.map { "\($0): \(problem)" } ?? problem }
    public var description: String { "invalid forecast: \(message)" }
}
