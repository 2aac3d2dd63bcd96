/// The in-app banner shown while notifications are denied.
public struct SettingsBanner: Hashable, Sendable {
    /// The banner's message.
    public var text: String
    /// The title of its button, which opens the system's notification settings for the app.
    public var action: String

    /// "Enable notifications to get swim/run alerts" with "Open Settings".
    public static let enableNotifications = SettingsBanner(text: "Enable notifications to get swim/run alerts", action: "Open Settings")
}
