import Bugle

/// The recipe's rules and policies, in the order they apply.
public enum ActivityWindowsPlan {
    /// No new notifications on a forecast older than 3 hours; none at all while paused,
    /// which the app decides when it finds the forecast older than 6 hours.
    public static let staleness = ForecastStaleness()

    /// One rule per mode.
    public static var rules: [any Rule] { ActivityMode.allCases.map { ActivityWindowRule(mode: $0) } }

    /// Staleness, quiet hours (suppress), no re-notification of a window within 30 minutes,
    /// then the caps, so that a cap counts only what survived the rest.
    public static var policies: [any Policy] {
        [staleness, PreferenceQuietHours(), NoRenotify(within: 30 * 60), PreferenceCaps()]
    }
}
