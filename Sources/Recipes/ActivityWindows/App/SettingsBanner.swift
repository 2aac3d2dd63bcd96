/// The in-app banner shown while notifications are denied.
public struct SettingsBanner: Hashable, Sendable {
    /// The banner's message.
    public var text: String
    /// The title of its button, which opens the system's notification settings for the app.
    public var action: String

    /// "Enable notifications to get swim/run alerts" with "Open Settings".
    public static let enableNotifications = SettingsBanner(text: "Enable notifications to get swim/run alerts", action: "Open Settings")

    /// What the button opens on Android: the app's notification settings
    /// (`Settings.ACTION_APP_NOTIFICATION_SETTINGS`, with the package in `EXTRA_APP_PACKAGE`).
    /// On iOS it opens `UIApplication.openSettingsURLString`.
    ///
    /// - SeeAlso: [`Settings.ACTION_APP_NOTIFICATION_SETTINGS`](https://developer.android.com/reference/android/provider/Settings#ACTION_APP_NOTIFICATION_SETTINGS)
    public static let androidSettingsAction = "android.settings.APP_NOTIFICATION_SETTINGS"
}
