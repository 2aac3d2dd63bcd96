import Bugle
import Foundation

/// The importance of an Android notification channel: `NotificationManager`'s
/// `IMPORTANCE_NONE` (0) to `IMPORTANCE_HIGH` (4). A channel the user turns off has `none`.
///
/// - SeeAlso: [`NotificationManager` constants](https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_DEFAULT),
///   [Create and manage notification channels](https://developer.android.com/develop/ui/views/notifications/channels).
public enum AndroidImportance: String, Hashable, Sendable, CaseIterable, Comparable {
    /// `IMPORTANCE_NONE` (0): the channel is off; nothing posted to it is shown.
    case none
    /// `IMPORTANCE_MIN` (1): in the shade only, collapsed.
    case min
    /// `IMPORTANCE_LOW` (2): shown, without sound.
    case low
    /// `IMPORTANCE_DEFAULT` (3): shown, with sound.
    case `default`
    /// `IMPORTANCE_HIGH` (4): shown, with sound, as a heads-up.
    case high

    /// The `NotificationManager` constant: 0 to 4.
    public var level: Int { Self.allCases.firstIndex(of: self)! }

    /// Whether `lhs` is less important than `rhs`.
    public static func < (lhs: AndroidImportance, rhs: AndroidImportance) -> Bool { lhs.level < rhs.level }
}

/// A notification channel as the app creates it, and the rules whose notifications it carries.
public struct SimulatedChannel: Hashable, Sendable {
    /// The channel id, unique in the app (`reminders`, `swim_solo`).
    public var id: String
    /// The importance the app creates it with; the user may change it later, the app cannot.
    public var importance: AndroidImportance
    /// The rules whose notifications post to it; `nil` for the app's default channel, which
    /// carries every rule no other channel names.
    public var rules: [String]?

    /// A channel `id` created with `importance`, carrying `rules` (every other rule when `nil`).
    public init(id: String, importance: AndroidImportance = .default, rules: [String]? = nil) {
        self.id = id
        self.importance = importance
        self.rules = rules
    }
}

/// What makes a ``SimulatedCenter`` behave as Android: the API level and the app's setup.
///
/// See <doc:SimulatedAndroid> for the model and its sources. In short:
///
/// - Each planned notification is an alarm (`AlarmManager`), at most ``alarmLimit`` of them;
///   the next one is refused (AOSP throws `IllegalStateException`). An alarm keeps its
///   *instant*: a time-zone change does not move it, the app must set it again.
/// - A reboot clears every alarm; the app's `BOOT_COMPLETED` receiver sets them again.
/// - Without exact alarms (`SCHEDULE_EXACT_ALARM`, denied by default from API 34 on), an alarm is
///   a `setWindow` alarm delivered some time in a window of ``inexactWindow`` after its time.
/// - In Doze, allow-while-idle alarms fire at most ``dozeQuota`` times per ``dozeQuotaWindow``,
///   and window alarms wait for the end of Doze.
/// - Notifications post to channels; one on a channel that is off, deleted or never created is
///   not shown. From API 33 on, nothing is shown without `POST_NOTIFICATIONS`.
public struct AndroidProfile: Hashable, Sendable {
    /// The API levels the simulation knows: 26 (Android 8.0, the first with channels) to 36
    /// (Android 16).
    public static let supportedVersions = 26...36
    /// API 34, Android 14: the level a profile has unless told otherwise.
    public static let defaultVersion = 34

    /// The device's API level, in ``supportedVersions``; the app targets it (or later).
    public var version: Int
    /// The channels the app creates each time its process starts, in order.
    public var channels: [SimulatedChannel]
    /// Whether exact alarms are allowed at install; `nil` for the version's default
    /// (``exactAlarmsByDefault``).
    public var exactAlarms: Bool?
    /// Seeds the delivery moment of each inexact alarm in its window and the delay of each run
    /// of periodic work: the same seed, the same moments.
    public var seed: UInt64

    /// A device on API `version` (34 by default) whose app creates `channels` (one `default`
    /// channel for every rule, by default); exact alarms as the version has them at install
    /// unless `exactAlarms` says; moments drawn from `seed`.
    public init(
        version: Int = AndroidProfile.defaultVersion, channels: [SimulatedChannel] = [SimulatedChannel(id: "default")], exactAlarms: Bool? = nil,
        seed: UInt64 = 1
    ) {
        self.version = version
        self.channels = channels
        self.exactAlarms = exactAlarms
        self.seed = seed
    }

    /// The most alarms one app may hold at once: 500 (AOSP `DEFAULT_MAX_ALARMS_PER_UID`).
    ///
    /// - SeeAlso: [AlarmManagerService.java](https://github.com/aosp-mirror/platform_frameworks_base/blob/main/apex/jobscheduler/service/java/com/android/server/alarm/AlarmManagerService.java)
    public static let alarmLimit = 500

    /// Whether a new install may set exact alarms: before API 31 no permission exists; on API
    /// 31 to 33 `SCHEDULE_EXACT_ALARM` is granted at install; from API 34 (Android 14) it is
    /// denied by default for new installs of apps that target API 33 or later.
    ///
    /// - SeeAlso: [Schedule exact alarms are denied by default](https://developer.android.com/about/versions/14/changes/schedule-exact-alarms)
    public var exactAlarmsByDefault: Bool { version < 34 }

    /// Whether the user can deny exact alarms (the "Alarms & reminders" special access): from
    /// API 31 (Android 12) on.
    ///
    /// - SeeAlso: [Exact alarm permission](https://developer.android.com/about/versions/12/behavior-changes-12#exact-alarm-permission)
    public var exactAlarmsCanBeDenied: Bool { version >= 31 }

    /// Whether showing notifications needs the runtime permission `POST_NOTIFICATIONS`: from API
    /// 33 (Android 13) on. Before, notifications are allowed from install (the user can still
    /// turn them off in the app's settings).
    ///
    /// - SeeAlso: [Notification runtime permission](https://developer.android.com/develop/ui/views/notifications/notification-permission)
    public var needsNotificationPermission: Bool { version >= 33 }

    /// The window of an inexact alarm: 10 minutes, the shortest `setWindow` allows from API 31
    /// on ("windowLengthMillis values under 600000 are clipped to 600000"), which Bugle asks for.
    ///
    /// - SeeAlso: [Schedule alarms: deliver an alarm during a time window](https://developer.android.com/develop/background-work/services/alarms#window),
    ///   [Schedule exact alarms are denied by default: use cases](https://developer.android.com/about/versions/14/changes/schedule-exact-alarms#use-cases)
    public static let inexactWindow: TimeInterval = 600

    /// How many allow-while-idle alarms of one app may fire per ``dozeQuotaWindow`` while the
    /// device dozes: 72 per hour from API 31 on (AOSP `DEFAULT_ALLOW_WHILE_IDLE_QUOTA`), one per
    /// 9 minutes before ("can fire alarms more than once per 9 minutes, per app" is not allowed).
    ///
    /// - SeeAlso: [AlarmManagerService.java](https://github.com/aosp-mirror/platform_frameworks_base/blob/main/apex/jobscheduler/service/java/com/android/server/alarm/AlarmManagerService.java),
    ///   [Optimize for Doze and App Standby](https://developer.android.com/training/monitoring-device-state/doze-standby)
    public var dozeQuota: Int { version >= 31 ? 72 : 1 }

    /// The window the Doze quota counts in: one hour from API 31 on
    /// (`DEFAULT_ALLOW_WHILE_IDLE_WINDOW`), 9 minutes before.
    public var dozeQuotaWindow: TimeInterval { version >= 31 ? 3600 : 540 }

    /// How long the device stays idle in Doze before its first maintenance window: one hour
    /// (`IDLE_TIMEOUT`); each idle period after a window is twice the one before
    /// (`IDLE_FACTOR`), up to ``dozeLongestIdle``.
    ///
    /// - SeeAlso: [DeviceIdleController.java](https://github.com/aosp-mirror/platform_frameworks_base/blob/main/apex/jobscheduler/service/java/com/android/server/DeviceIdleController.java),
    ///   [Optimize for Doze and App Standby](https://developer.android.com/training/monitoring-device-state/doze-standby)
    public static let dozeFirstIdle: TimeInterval = 3600

    /// The longest idle period of Doze: six hours (`MAX_IDLE_TIMEOUT`). A window alarm set
    /// while the device dozes may wait this long for a maintenance window.
    public static let dozeLongestIdle: TimeInterval = 6 * 3600

    /// How long the first maintenance window of Doze lasts: five minutes
    /// (`IDLE_PENDING_TIMEOUT`); each later one twice the one before (`IDLE_PENDING_FACTOR`),
    /// up to ten minutes (`MAX_IDLE_PENDING_TIMEOUT`).
    public static let dozeFirstMaintenance: TimeInterval = 300

    /// The longest maintenance window of Doze: ten minutes (`MAX_IDLE_PENDING_TIMEOUT`).
    public static let dozeLongestMaintenance: TimeInterval = 600

    /// The maintenance window of a Doze that began at `start` that is open at `date`, or the
    /// next one to open after it: idle for ``dozeFirstIdle``, a window of
    /// ``dozeFirstMaintenance``, idle twice as long, a window twice as long, and so on, up to
    /// ``dozeLongestIdle`` and ``dozeLongestMaintenance``.
    public static func dozeMaintenanceWindow(dozingSince start: Date, atOrAfter date: Date) -> Range<Date> {
        var (idle, window) = (dozeFirstIdle, dozeFirstMaintenance)
        var opens = start.addingTimeInterval(idle)
        // Past the periods that double, every cycle is as long: skip whole cycles at once.
        while idle < dozeLongestIdle || window < dozeLongestMaintenance {
            if opens.addingTimeInterval(window) > date { return opens..<opens.addingTimeInterval(window) }
            idle = Swift.min(idle * 2, dozeLongestIdle)
            opens = opens.addingTimeInterval(window + idle)
            window = Swift.min(window * 2, dozeLongestMaintenance)
        }
        let cycle = dozeLongestIdle + dozeLongestMaintenance
        if opens.addingTimeInterval(window) <= date {
            opens = opens.addingTimeInterval((date.timeIntervalSince(opens.addingTimeInterval(window)) / cycle).rounded(.down) * cycle + cycle)
        }
        return opens..<opens.addingTimeInterval(window)
    }

    /// The shortest interval of periodic work: 15 minutes
    /// (`PeriodicWorkRequest.MIN_PERIODIC_INTERVAL_MILLIS`).
    ///
    /// - SeeAlso: [`PeriodicWorkRequest`](https://developer.android.com/reference/androidx/work/PeriodicWorkRequest)
    public static let minimumPeriodicInterval: TimeInterval = 15 * 60

    /// The longest interval of periodic work the simulation accepts: 7 days.
    public static let maximumPeriodicInterval: TimeInterval = 7 * 86_400

    /// The Android version's name for the API level: `Android 14 (API 34)`.
    public var versionName: String {
        let names = [
            26: "8.0", 27: "8.1", 28: "9", 29: "10", 30: "11", 31: "12", 32: "12L", 33: "13", 34: "14", 35: "15", 36: "16",
        ]
        return "Android \(names[version] ?? "?") (API \(version))"
    }

    /// The channel a request posts to: the channel that names its rule, else the default
    /// channel (the one without rules); `nil` when there is neither.
    public func channelID(for request: NotificationRequest) -> String? { channelID(forRule: request.ruleID) }

    /// The channel the notifications of rule `ruleID` post to: the channel that names it, else
    /// the default channel; `nil` when there is neither.
    public func channelID(forRule ruleID: String?) -> String? {
        if let ruleID, let named = channels.first(where: { $0.rules?.contains(ruleID) == true }) { return named.id }
        return channels.first { $0.rules == nil }?.id
    }
}

/// The state of one channel on the simulated device.
struct ChannelState: Sendable {
    var importance: AndroidImportance
    /// The importance before the user turned the channel off, restored when turned on.
    var importanceBeforeOff: AndroidImportance?
    var userChanged = false
    var deleted = false
}

/// The POST_NOTIFICATIONS permission of the simulated Android app.
struct AndroidPermission: Sendable {
    /// Granted, or allowed (before API 33, unless the user turned notifications off).
    var granted: Bool
    /// Whether the user has been asked (or chose in settings) at all.
    var determined: Bool
    /// How many times the user tapped "Don't allow" in the system dialog.
    var denials = 0
}
