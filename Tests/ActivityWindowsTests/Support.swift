import ActivityWindows
import Bugle
import Foundation

let jerusalem = TimeZone(identifier: "Asia/Jerusalem")!
let zone = ZoneRules(timeZone: jerusalem, around: instant("2026-03-22T00:00+02:00"))

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// An instant written with its offset.
func instant(_ text: String) -> Date { TimeParsing.instant(text)! }

/// A local date-time in Jerusalem.
func local(_ text: String) -> LocalDateTime { TimeParsing.dateTime(text)!.local }

/// A forecast hour with the given values.
func forecastHour(
    _ time: String, wave: Double = 0.3, water: Double = 21, temp: Double = 22, feels: Double = 22, uv: Double = 1, wind: Double = 8, aqi: Double = 30
) -> Forecast.Hour {
    Forecast.Hour(
        time: instant(time), sea: .init(waveHeightM: wave, waterTempC: water), air: .init(tempC: temp, feelsLikeC: feels, uvIndex: uv, windKph: wind, aqi: aqi))
}

/// Scored hours one hour apart from `start`, with the given scores.
func series(_ scores: [Int], from start: String = "2026-03-24T07:00+02:00", mode: ActivityMode = .swimSolo) -> [HourScore] {
    scores.enumerated().map { index, score in
        HourScore(time: instant(start).addingTimeInterval(TimeInterval(index * 3600)), mode: mode, score: score)
    }
}

/// A window over hours starting at `start` (local Jerusalem time) with the given scores.
func window(_ start: String, _ scores: [Int], mode: ActivityMode = .swimSolo) -> ActivityWindow {
    ActivityWindow(mode: mode, hours: series(scores, from: start, mode: mode))
}

/// `HH:MM` of an instant in Jerusalem.
func clock(_ date: Date) -> String { zone.localDateTime(at: date).time.description }

let luna = UserProfile(activitiesEnabled: [.swim, .run], dog: .init(hasDog: true, dogName: "Luna"), preset: .balanced, privacy: .init(analyticsOptIn: true))
