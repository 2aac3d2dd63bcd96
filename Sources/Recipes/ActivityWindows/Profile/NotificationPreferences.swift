import Bugle

/// The user's notification settings, stored in the profile as `notification_preferences`:
///
/// ```json
/// "notification_preferences": {
///   "enabled": true,
///   "mode_toggles": { "swim_solo": true, "swim_dog": true, "run_solo": true, "run_dog": false },
///   "quiet_hours": { "enabled": false, "start": "22:00", "end": "07:00" }
/// }
/// ```
public struct NotificationPreferences: Hashable, Sendable, Codable {
    /// One toggle per mode.
    public struct ModeToggles: Hashable, Sendable, Codable {
        public var swimSolo: Bool
        public var swimDog: Bool
        public var runSolo: Bool
        public var runDog: Bool

        public init(swimSolo: Bool, swimDog: Bool, runSolo: Bool, runDog: Bool) {
            self.swimSolo = swimSolo
            self.swimDog = swimDog
            self.runSolo = runSolo
            self.runDog = runDog
        }

        /// The toggle of `mode`.
        public subscript(mode: ActivityMode) -> Bool {
            get {
                switch mode {
                case .swimSolo: swimSolo
                case .swimDog: swimDog
                case .runSolo: runSolo
                case .runDog: runDog
                }
            }
            set {
                switch mode {
                case .swimSolo: swimSolo = newValue
                case .swimDog: swimDog = newValue
                case .runSolo: runSolo = newValue
                case .runDog: runDog = newValue
                }
            }
        }

        enum CodingKeys: String, CodingKey {
            case swimSolo = "swim_solo"
            case swimDog = "swim_dog"
            case runSolo = "run_solo"
            case runDog = "run_dog"
        }
    }

    /// Hours without notifications, on the device's clock (24 h, `HH:MM`).
    public struct QuietHoursSetting: Hashable, Sendable, Codable {
        public var enabled: Bool
        public var start: String
        public var end: String

        public init(enabled: Bool = false, start: String = "22:00", end: String = "07:00") {
            self.enabled = enabled
            self.start = start
            self.end = end
        }

        /// The window as the core's policy, when enabled and well formed. Notifications inside
        /// it are suppressed, never deferred.
        public var policy: QuietHours? {
            guard enabled, let start = TimeParsing.localTime(start), let end = TimeParsing.localTime(end) else { return nil }
            return QuietHours(start: start, end: end, mode: .suppress)
        }
    }

    /// The master switch: off, nothing is scheduled whatever the toggles say.
    public var enabled: Bool
    public var modeToggles: ModeToggles
    public var quietHours: QuietHoursSetting

    public init(enabled: Bool, modeToggles: ModeToggles, quietHours: QuietHoursSetting = QuietHoursSetting()) {
        self.enabled = enabled
        self.modeToggles = modeToggles
        self.quietHours = quietHours
    }

    /// The onboarding defaults: a mode is on when its activity is, dog modes only with a dog.
    public static func defaults(activities: Set<Activity>, hasDog: Bool) -> NotificationPreferences {
        var toggles = ModeToggles(swimSolo: false, swimDog: false, runSolo: false, runDog: false)
        for mode in ActivityMode.allCases where activities.contains(mode.activity) && (!mode.withDog || hasDog) {
            toggles[mode] = true
        }
        return NotificationPreferences(enabled: true, modeToggles: toggles)
    }

    /// Whether `mode` gets notifications: the master switch and its toggle.
    public func isEnabled(_ mode: ActivityMode) -> Bool { enabled && modeToggles[mode] }

    /// The modes that get notifications.
    public var enabledModes: [ActivityMode] { ActivityMode.allCases.filter(isEnabled) }

    /// At most this many notifications a day in total: 4, or 2 per enabled mode up to 8
    /// when more than 2 modes are on.
    public var dailyCap: Int { Self.dailyCap(enabledModes: enabledModes.count) }

    /// The daily cap with `count` modes on.
    public static func dailyCap(enabledModes count: Int) -> Int { count > 2 ? min(2 * count, 8) : 4 }

    /// At most this many notifications per mode per day.
    public static let perModeCap = 2

    enum CodingKeys: String, CodingKey {
        case enabled
        case modeToggles = "mode_toggles"
        case quietHours = "quiet_hours"
    }
}
