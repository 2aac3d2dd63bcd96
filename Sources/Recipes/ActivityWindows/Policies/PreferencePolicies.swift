import Bugle

/// Quiet hours as the user set them in `notification_preferences`: read from the snapshot
/// at each plan, and always suppressing (a notification inside them is not sent, and the
/// user sees the window in the app).
public struct PreferenceQuietHours: Policy {
    /// Quiet hours as the snapshot holds them.
    public init() {}

    /// Suppresses a candidate whose fire time is inside the snapshot's quiet hours; keeps every
    /// candidate when they are off, missing or not well formed.
    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        guard case .object(let value)? = context.state[ActivityState.Key.quietHours], value["enabled"] == .bool(true),
            case .string(let start)? = value["start"], case .string(let end)? = value["end"],
            let policy = NotificationPreferences.QuietHoursSetting(enabled: true, start: start, end: end).policy
        else { return .keep(candidate) }
        return policy.evaluate(candidate, context: context, ledger: ledger)
    }

    public var summary: String { "quiet hours as the user set them (suppress)" }
}

/// The anti-spam caps: at most 2 per mode per day, and 4 per day in total, or 2 per enabled
/// mode up to 8 when more than 2 modes are on. Deliveries of the day count.
public struct PreferenceCaps: Policy {
    /// The seed's caps.
    public init() {}

    /// Applies the caps: ``NotificationPreferences/perModeCap`` per mode a day, and the daily
    /// total for the number of modes on in the snapshot (``ActivityState/Key/notify(_:)``).
    public func evaluate(_ candidate: Candidate, context: PolicyContext, ledger: PlanLedger) -> PolicyDecision {
        let enabled = ActivityMode.allCases.filter { context.state[ActivityState.Key.notify($0)] == .bool(true) }.count
        let total = NotificationPreferences.dailyCap(enabledModes: enabled)
        let perMode = Dictionary(uniqueKeysWithValues: ActivityMode.allCases.map { ($0.rawValue, NotificationPreferences.perModeCap) })
        return Caps(perDay: total, perGroupPerDay: perMode).evaluate(candidate, context: context, ledger: ledger)
    }

    public var summary: String {
        "caps: \(NotificationPreferences.perModeCap) per mode a day; \(NotificationPreferences.dailyCap(enabledModes: 1)) a day, or \(NotificationPreferences.perModeCap) per enabled mode past 2 modes"
    }
}
