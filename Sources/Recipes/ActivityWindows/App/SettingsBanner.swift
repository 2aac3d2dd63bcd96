/// The in-app banner shown while notifications are denied.
public struct SettingsBanner: Hashable, Sendable {
    public var text: String
    public var action: String

    /// "Enable notifications to get swim/run alerts" with "Open Settings".
    public static let enableNotifications = SettingsBanner(text: "Enable notifications to get swim/run alerts", action: "Open Settings")
}
