import ActivityWindows
import Bugle
import Foundation
import Testing

@Suite struct ForecastTests {
    @Test func theExampleForecastCrossesSpringForward() throws {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("Examples/activity-windows/forecast-2026-03-22.json"))
        let forecast = try Forecast.decode(data)
        // 14 local days from 03-22 00:00 to 04-05 00:00, less the hour skipped on 03-27.
        #expect(forecast.hourly.count == 14 * 24 - 1)
        #expect(forecast.fetchedAt == instant("2026-03-22T05:40+02:00"))
        #expect(forecast.location.timezone == "Asia/Jerusalem")
        let times = forecast.hourly.map { zone.localDateTime(at: $0.time).description }
        #expect(times.contains("2026-03-27T01:00") && !times.contains("2026-03-27T02:00") && times.contains("2026-03-27T03:00"))
        #expect(zip(forecast.hourly, forecast.hourly.dropFirst()).allSatisfy { $1.time.timeIntervalSince($0.time) == 3600 })
    }

    @Test func mistakesNameTheField() {
        func error(_ json: String) -> String? {
            do {
                _ = try Forecast.decode(Data(json.utf8))
                return nil
            } catch {
                return String(describing: error)
            }
        }
        let location = #""location": {"id": "x", "name": "x", "latitude": 0, "longitude": 0, "timezone": "Asia/Jerusalem"}"#
        let hour =
            #"{"time": "2026-03-22T07:00:00+02:00", "sea": {"wave_height_m": 0.3, "water_temp_c": 18}, "air": {"temp_c": 18, "feels_like_c": 18, "uv_index": 1, "wind_kph": 8, "aqi": 30}}"#
        #expect(
            error("{\(location), \"fetched_at\": \"2026-03-22T05:40\", \"hourly\": []}")
                == "invalid forecast: fetched_at: \"2026-03-22T05:40\" is not an ISO 8601 time with an offset (2026-03-22T07:00:00+02:00)")
        #expect(error("{\(location), \"fetched_at\": \"2026-03-22T05:40+02:00\"}") == "invalid forecast: missing key \"hourly\"")
        #expect(
            error("{\(location), \"fetched_at\": \"2026-03-22T05:40+02:00\", \"hourly\": [\(hour), \(hour)]}")
                == "invalid forecast: hourly: hourly[1] is not after hourly[0]; hours must be in time order")
        #expect(
            error("{\(location), \"fetched_at\": \"2026-03-22T05:40+02:00\", \"hourly\": [{\"time\": \"2026-03-22T07:00:00+02:00\"}]}")
                == "invalid forecast: hourly[0]: missing key \"sea\"")
    }
}
