import Bugle
import Foundation

/// What the app knows that notifications depend on: the profile, the latest forecast, and
/// whether notifications are paused because that forecast is stale.
///
/// It reaches the planner as an `AppState` snapshot (``appState``): the profile and the
/// forecast as JSON, the forecast's fetch time and the pause for the staleness policy
/// (``ForecastStaleness``), and two derived facts the policies and rule conditions read
/// directly: each mode's effective switch (`notify.swim_solo`: the master switch and the
/// toggle) and the quiet hours.
public struct ActivityState: Hashable, Sendable {
    /// The keys of the snapshot.
    public enum Key {
        /// `profile`: the ``UserProfile`` as JSON, `null` when there is none.
        public static let profile = "profile"
        /// `forecast`: the ``Forecast`` as JSON (``Forecast/json``), `null` when there is none.
        public static let forecast = "forecast"
        /// `forecast_fetched_at`: the forecast's fetch time (ISO 8601, UTC), which the staleness
        /// policy reads; `null` without a forecast.
        public static let forecastFetchedAt = "forecast_fetched_at"
        /// `quiet_hours`: the user's quiet-hours setting as JSON, `null` without a profile.
        public static let quietHours = "quiet_hours"
        /// `true` while notifications are paused for stale data.
        public static let notificationsPaused = "notifications_paused"
        /// `planned_from_forecast`: the notifications the app planned from the current
        /// forecast (`fetched_at`, as ``forecastFetchedAt``, and the candidate ids, `ids`), which
        /// the staleness policy keeps after a restart cleared them; `null` before the first plan
        /// of a forecast.
        public static let plannedFromForecast = "planned_from_forecast"
        /// `notify.<mode>`: whether the mode gets notifications.
        public static func notify(_ mode: ActivityMode) -> String { "notify.\(mode.rawValue)" }
    }

    /// The user's profile; `nil` before onboarding, when nothing is planned.
    public var profile: UserProfile?
    /// The latest forecast; `nil` before the first fetch, when nothing is planned.
    public var forecast: Forecast?
    /// Whether notifications are paused until a fresher forecast arrives: the app found the
    /// forecast older than 6 hours when it came to the foreground, and told the user.
    public var notificationsPaused: Bool
    /// The candidate ids of the notifications planned from ``forecast`` so far: checked by the
    /// seed's rules when the forecast was fresh, so they are not new when a restart (Android
    /// clears every alarm) has them planned again from a forecast older than 3 hours. Empty
    /// when a new forecast comes.
    public var plannedFromForecast: Set<String>

    /// A state with `profile`, `forecast` and the pause; by default empty and not paused.
    public init(profile: UserProfile? = nil, forecast: Forecast? = nil, notificationsPaused: Bool = false, plannedFromForecast: Set<String> = []) {
        self.profile = profile
        self.forecast = forecast
        self.notificationsPaused = notificationsPaused
        self.plannedFromForecast = plannedFromForecast
    }

    /// Reads the profile, the forecast, the pause and what was planned from the forecast back
    /// from a snapshot; missing ones are `nil` (not paused, nothing planned).
    public init(appState: AppState) throws {
        notificationsPaused = appState[Key.notificationsPaused] == .bool(true)
        plannedFromForecast = Self.planned(in: appState)
        profile = try appState[Key.profile].flatMap { $0 == .null ? nil : try JSONBridge.decode(UserProfile.self, from: $0) }
        forecast = try appState[Key.forecast].flatMap { value in
            guard value != .null else { return nil }
            guard let forecast = Forecast(json: value) else { throw ForecastError(field: Key.forecast, problem: "the state's value is not a forecast") }
            return forecast
        }
    }

    /// The snapshot the planner reads. Every key is present (`null` when unknown), so
    /// writing it key by key replaces the previous one entirely.
    public var appState: AppState {
        var state = AppState()
        state[Key.profile] = profile.map(JSONBridge.encode) ?? .null
        state[Key.forecast] = forecast?.json ?? .null
        state[Key.forecastFetchedAt] = forecast.map { .string(ISO8601.string(from: $0.fetchedAt, timeZone: Forecast.utc)) } ?? .null
        state[Key.quietHours] = profile.map { JSONBridge.encode($0.notificationPreferences.quietHours) } ?? .null
        state[Key.notificationsPaused] = .bool(notificationsPaused)
        state[Key.plannedFromForecast] =
            forecast.flatMap { forecast in
                plannedFromForecast.isEmpty
                    ? nil
                    : .object([
                        "fetched_at": .string(ISO8601.string(from: forecast.fetchedAt, timeZone: Forecast.utc)),
                        "ids": .array(plannedFromForecast.sorted().map(JSONValue.string)),
                    ])
            } ?? .null
        for mode in ActivityMode.allCases {
            state[Key.notify(mode)] = .bool(profile?.notificationPreferences.isEnabled(mode) ?? false)
        }
        return state
    }
}

extension ActivityState {
    /// The candidate ids `state` says were planned from its current forecast: none when they
    /// were planned from another one (its `fetched_at` is not the forecast's).
    static func planned(in state: AppState) -> Set<String> {
        guard case .object(let record)? = state[Key.plannedFromForecast], record["fetched_at"] == state[Key.forecastFetchedAt],
            case .array(let ids)? = record["ids"]
        else { return [] }
        return Set(
            ids.compactMap {
                if case .string(let id) = $0 { return id }
                return nil
            })
    }
}

/// Converts between Codable values and `JSONValue`, through JSON text.
enum JSONBridge {
    static func encode<T: Encodable>(_ value: T) -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Our models always encode; a failure here is a programming error.
        let data = try! encoder.encode(value)
        return try! JSONDecoder().decode(JSONValue.self, from: data)
    }

    static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try JSONDecoder().decode(type, from: JSONEncoder().encode(value))
    }
}
