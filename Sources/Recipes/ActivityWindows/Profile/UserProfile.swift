import Foundation

/// The part of the user's profile that notifications read.
///
/// ```json
/// { "activities_enabled": ["swim", "run"],
///   "dog": { "has_dog": true, "dog_name": "Luna" },
///   "preset": "balanced",
///   "thresholds": { "swim_solo": { … }, … },
///   "notification_preferences": { … },
///   "privacy": { "analytics_opt_in": true } }
/// ```
public struct UserProfile: Hashable, Sendable, Codable {
    /// The user's dog, if any.
    public struct Dog: Hashable, Sendable, Codable {
        /// Whether the user has a dog; without one, the dog modes are off at onboarding.
        public var hasDog: Bool
        /// The dog's name; `nil` or blank, the templates say "your dog".
        public var dogName: String?

        /// A dog, or none when `hasDog` is `false`.
        public init(hasDog: Bool, dogName: String? = nil) {
            self.hasDog = hasDog
            self.dogName = dogName
        }

        enum CodingKeys: String, CodingKey {
            case hasDog = "has_dog"
            case dogName = "dog_name"
        }
    }

    /// What the user lets the app send off the device.
    public struct Privacy: Hashable, Sendable, Codable {
        /// Whether events go on to the analytics backend (`analytics_opt_in`); they are always
        /// logged on the device.
        public var analyticsOptIn: Bool

        /// The privacy choice: `analyticsOptIn` or not.
        public init(analyticsOptIn: Bool) { self.analyticsOptIn = analyticsOptIn }

        enum CodingKeys: String, CodingKey {
            case analyticsOptIn = "analytics_opt_in"
        }
    }

    /// The activities picked at onboarding; they decide the default mode toggles.
    public var activitiesEnabled: [Activity]
    /// The user's dog, if any.
    public var dog: Dog
    /// The preset that filled `thresholds`.
    public var preset: Preset
    /// Per mode (`swim_solo`, …), what counts as good.
    public var thresholds: [String: Thresholds]
    /// The notification settings (`notification_preferences`).
    public var notificationPreferences: NotificationPreferences
    /// What the user lets the app send off the device.
    public var privacy: Privacy

    /// A profile; `thresholds` defaults to the preset's, and `notificationPreferences` to the
    /// onboarding defaults for the activities and the dog.
    public init(
        activitiesEnabled: [Activity], dog: Dog, preset: Preset, thresholds: [String: Thresholds]? = nil,
        notificationPreferences: NotificationPreferences? = nil, privacy: Privacy
    ) {
        self.activitiesEnabled = activitiesEnabled
        self.dog = dog
        self.preset = preset
        self.thresholds = thresholds ?? preset.allThresholds
        self.notificationPreferences =
            notificationPreferences
            ?? .defaults(activities: Set(activitiesEnabled), hasDog: dog.hasDog)
        self.privacy = privacy
    }

    /// The dog's name for templates, or "your dog".
    public var dogName: String {
        guard dog.hasDog, let name = dog.dogName?.trimmingCharacters(in: .whitespaces), !name.isEmpty else { return "your dog" }
        return name
    }

    /// The thresholds of `mode`, or the preset's when the profile lacks them.
    public func thresholds(for mode: ActivityMode) -> Thresholds {
        thresholds[mode.rawValue] ?? preset.thresholds(for: mode)
    }

    /// Picks a preset: its thresholds replace the current ones.
    public mutating func apply(_ preset: Preset) {
        self.preset = preset
        thresholds = preset.allThresholds
    }

    enum CodingKeys: String, CodingKey {
        case activitiesEnabled = "activities_enabled"
        case dog
        case preset
        case thresholds
        case notificationPreferences = "notification_preferences"
        case privacy
    }
}
