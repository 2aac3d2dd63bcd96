import Bugle

/// What the app asks the user to allow (`UNAuthorizationOptions`).
public struct AuthorizationOptions: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: UInt
    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Banners and alerts.
    public static let alert = AuthorizationOptions(rawValue: 1 << 0)
    /// Sounds.
    public static let sound = AuthorizationOptions(rawValue: 1 << 1)
    /// A number on the app's icon.
    public static let badge = AuthorizationOptions(rawValue: 1 << 2)
    /// Deliver quietly to the notification list without asking first; the user keeps or
    /// turns off the app's notifications from the first one they see.
    public static let provisional = AuthorizationOptions(rawValue: 1 << 3)
    /// Critical alerts; needs the critical-alerts entitlement from Apple.
    public static let criticalAlert = AuthorizationOptions(rawValue: 1 << 4)
    /// The app has its own notification settings screen; the system links to it.
    public static let providesAppNotificationSettings = AuthorizationOptions(rawValue: 1 << 5)

    /// Alerts, sounds and badges: what a reminder app asks for.
    public static let standard: AuthorizationOptions = [.alert, .sound, .badge]
}

/// Whether one kind of presentation is on in the system's settings for the app
/// (`UNNotificationSetting`).
public enum NotificationSetting: String, Hashable, Sendable, CaseIterable {
    /// The setting does not apply to the app, or the system reported an unknown value.
    case notSupported
    /// The user turned it off.
    case disabled
    /// It is on.
    case enabled
}

/// What the user allowed, as the system's settings for the app say
/// (`UNNotificationSettings`).
public struct PermissionState: Hashable, Sendable {
    /// Whether notifications are allowed at all.
    public var status: AuthorizationStatus
    /// Banners and alerts.
    public var alerts: NotificationSetting
    /// Sounds.
    public var sounds: NotificationSetting
    /// Badges on the app's icon.
    public var badges: NotificationSetting
    /// Whether time-sensitive notifications break through Focus.
    public var timeSensitive: NotificationSetting
    /// Critical alerts.
    public var criticalAlerts: NotificationSetting

    /// A state from its parts; settings not given are `notSupported`.
    public init(
        status: AuthorizationStatus,
        alerts: NotificationSetting = .notSupported,
        sounds: NotificationSetting = .notSupported,
        badges: NotificationSetting = .notSupported,
        timeSensitive: NotificationSetting = .notSupported,
        criticalAlerts: NotificationSetting = .notSupported
    ) {
        self.status = status
        self.alerts = alerts
        self.sounds = sounds
        self.badges = badges
        self.timeSensitive = timeSensitive
        self.criticalAlerts = criticalAlerts
    }
}
