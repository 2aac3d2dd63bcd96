import Bugle
import Foundation

/// The forecast as a `JSONValue` and back, directly: the planner reads it from the state
/// snapshot at every plan, and going through JSON text each time would cost more than the
/// scoring itself.
extension Forecast {
    /// The forecast in the endpoint's shape, except that hour times are seconds since 1970
    /// (read back faster than text; ``init(json:)`` takes either).
    public var json: JSONValue {
        .object([
            "location": .object([
                "id": .string(location.id), "name": .string(location.name), "latitude": .double(location.latitude),
                "longitude": .double(location.longitude), "timezone": .string(location.timezone),
            ]),
            "fetched_at": .string(ISO8601.string(from: fetchedAt, timeZone: Forecast.utc)),
            "hourly": .array(
                hourly.map { hour in
                    .object([
                        "time": .int(Int(hour.time.timeIntervalSince1970)),
                        "sea": .object(["wave_height_m": .double(hour.sea.waveHeightM), "water_temp_c": .double(hour.sea.waterTempC)]),
                        "air": .object([
                            "temp_c": .double(hour.air.tempC), "feels_like_c": .double(hour.air.feelsLikeC), "uv_index": .double(hour.air.uvIndex),
                            "wind_kph": .double(hour.air.windKph), "aqi": .double(hour.air.aqi),
                        ]),
                    ])
                }),
        ])
    }

    /// Reads ``json`` back; `nil` when a field is missing or of the wrong kind.
    public init?(json: JSONValue) {
        guard case .object(let root) = json, case .object(let place)? = root["location"],
            case .string(let id)? = place["id"], case .string(let name)? = place["name"], case .string(let zone)? = place["timezone"],
            let latitude = place["latitude"]?.number, let longitude = place["longitude"]?.number,
            case .string(let fetched)? = root["fetched_at"], let fetchedAt = TimeParsing.instant(fetched),
            case .array(let entries)? = root["hourly"]
        else { return nil }
        var hours: [Hour] = []
        hours.reserveCapacity(entries.count)
        for entry in entries {
            guard case .object(let hour) = entry, let date = Self.instant(hour["time"]),
                case .object(let sea)? = hour["sea"], case .object(let air)? = hour["air"],
                let wave = sea["wave_height_m"]?.number, let water = sea["water_temp_c"]?.number,
                let temp = air["temp_c"]?.number, let feels = air["feels_like_c"]?.number, let uv = air["uv_index"]?.number,
                let wind = air["wind_kph"]?.number, let aqi = air["aqi"]?.number
            else { return nil }
            hours.append(
                Hour(time: date, sea: Sea(waveHeightM: wave, waterTempC: water), air: Air(tempC: temp, feelsLikeC: feels, uvIndex: uv, windKph: wind, aqi: aqi))
            )
        }
        self.init(location: Location(id: id, name: name, latitude: latitude, longitude: longitude, timezone: zone), fetchedAt: fetchedAt, hourly: hours)
    }

    private static func instant(_ value: JSONValue?) -> Date? {
        switch value {
        case .string(let text)?: TimeParsing.instant(text)
        case let number?: number.number.map { Date(timeIntervalSince1970: $0) }
        case nil: nil
        }
    }
}
