/// An Android notification channel, as data for an adapter to create.
public struct AndroidChannel: Hashable, Sendable {
    /// Android's importance levels that the channels use.
    public enum Importance: String, Hashable, Sendable {
        /// `IMPORTANCE_DEFAULT`: sound, and the notification shade.
        case `default`
    }

    /// The channel id: the mode's raw value (`swim_solo`).
    public var id: String
    /// The name users see in the system settings ("Swim alerts").
    public var name: String
    /// The description users see in the system settings ("Solo swimming conditions").
    public var description: String
    /// `IMPORTANCE_DEFAULT` for every channel, as the seed says.
    public var importance: Importance

    /// One channel per mode: created at first launch (or after an update that adds one),
    /// never deleted, since Android does not let a deleted channel be created again.
    public static let all: [AndroidChannel] = ActivityMode.allCases.map(channel)

    /// What the app's Settings shows next to a mode that is on while the user turned its
    /// channel off in the system settings (read at each start with
    /// `NotificationManager.getNotificationChannel(id).importance == IMPORTANCE_NONE`): the
    /// app cannot turn it back on, only say so ("Run alerts: off in system settings").
    public var offInSystemSettings: String { "\(name): off in system settings" }

    /// The channel of `mode`.
    public static func channel(for mode: ActivityMode) -> AndroidChannel {
        switch mode {
        case .swimSolo: AndroidChannel(id: "swim_solo", name: "Swim alerts", description: "Solo swimming conditions", importance: .default)
        case .swimDog: AndroidChannel(id: "swim_dog", name: "Dog swim alerts", description: "Swimming with dog conditions", importance: .default)
        case .runSolo: AndroidChannel(id: "run_solo", name: "Run alerts", description: "Solo running conditions", importance: .default)
        case .runDog: AndroidChannel(id: "run_dog", name: "Dog run alerts", description: "Running with dog conditions", importance: .default)
        }
    }
}

/// An iOS notification category with its actions, as data for an adapter to register.
public struct NotificationCategory: Hashable, Sendable {
    /// A button on the notification.
    public struct Action: Hashable, Sendable {
        /// The action's identifier (`view_details`, `dismiss`).
        public var id: String
        /// The button's title ("View Details", "Dismiss").
        public var title: String
        /// Opens the app (to the Today tab) rather than acting in the background.
        public var opensApp: Bool
        /// Whether the button is shown as destructive ("Dismiss").
        public var destructive: Bool
    }

    /// The category identifier (`activity_window`) that every notification's content names.
    public var id: String
    /// The buttons, in order.
    public var actions: [Action]

    /// `activity_window`: "View Details" opens the Today tab; "Dismiss".
    public static let activityWindow = NotificationCategory(
        id: "activity_window",
        actions: [
            Action(id: "view_details", title: "View Details", opensApp: true, destructive: false),
            Action(id: "dismiss", title: "Dismiss", opensApp: false, destructive: true),
        ])
}
