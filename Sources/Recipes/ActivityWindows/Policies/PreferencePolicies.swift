import Bugle

/// Quiet hours as the user set them in `notification_preferences`: read from the snapshot
/// at each plan, and always suppressing (a notification inside them is not sent, and the
/// user sees the window in the app).
public struct PreferenceQuietHours: Policy {
    public init() {}

    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        guard case .object(let value)? = context.state[ActivityState.Key.quietHours], value["enabled"] == .bool(true),
              case .string(let start)? = value["start"], case .string(let end)? = value["end"],
              let policy = NotificationPreferences.QuietHoursSetting(enabled: true, start: start, end: end).policy else { return .keep(candidate) }
        return policy.evaluate(candidate, context: context, ledger: ledger)
    }
}

/// The anti-spam caps: at most 2 per mode per day, and 4 per day in total, or 2 per enabled
/// mode up to 8 when more than 2 modes are on. Deliveries of the day count.
public struct PreferenceCaps: Policy {
    public init() {}

    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        let enabled = ActivityMode.allCases.filter { context.state[ActivityState.Key.notify($0)] == .bool(true) }.count
        let total = NotificationPreferences.dailyCap(enabledModes: enabled)
        let perMode = Dictionary(uniqueKeysWithValues: ActivityMode.allCases.map { ($0.rawValue, NotificationPreferences.perModeCap) })
        return Caps(perDay: total, perGroupPerDay: perMode).evaluate(candidate, context: context, ledger: ledger)
    }
}

/// The recipe's rules and policies, in the order they apply.
public enum ActivityWindowsPlan {
    /// No new notifications on a forecast older than 3 hours; none at all past 6 hours.
    public static let staleness = Staleness(timestampKey: ActivityState.Key.forecastFetchedAt, holdAfter: 3 * 3600, cancelAfter: 6 * 3600)

    /// One rule per mode.
    public static var rules: [any Rule] { ActivityMode.allCases.map { ActivityWindowRule(mode: $0) } }

    /// Staleness, quiet hours (suppress), no re-notification of a window within 30 minutes,
    /// then the caps, so that a cap counts only what survived the rest.
    public static var policies: [any Policy] {
        [staleness, PreferenceQuietHours(), NoRenotify(within: 30 * 60), PreferenceCaps()]
    }
}
