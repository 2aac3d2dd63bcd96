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
        /// `swim_solo`: notifications for swimming alone.
        public var swimSolo: Bool
        /// `swim_dog`: notifications for swimming with the dog.
        public var swimDog: Bool
        /// `run_solo`: notifications for running alone.
        public var runSolo: Bool
        /// `run_dog`: notifications for running with the dog.
        public var runDog: Bool

        /// The four toggles, one per mode.
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
        /// Whether quiet hours apply; off by default.
        public var enabled: Bool
        /// When they begin, `HH:MM`; 22:00 by default.
        public var start: String
        /// When they end (not included), `HH:MM`; 07:00 by default. Earlier than `start`, the
        /// hours run past midnight.
        public var end: String

        /// Quiet hours from `start` to `end`; by default the seed's 22:00–07:00, off.
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
    /// Per mode, whether it gets notifications (under the master switch).
    public var modeToggles: ModeToggles
    /// The user's quiet hours, which suppress notifications inside them.
    public var quietHours: QuietHoursSetting

    /// Preferences with the master switch `enabled`, the toggles, and quiet hours (off by default).
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
