/// The `AndroidManifest.xml` entries a host needs: permissions and the two broadcast receivers.
///
/// ```swift
/// let manifest = AndroidManifestSpec(exactAlarms: .useExactAlarm, alarmReceiver: ".BugleAlarmReceiver",
///                                    rescheduleReceiver: ".BugleRescheduleReceiver")
/// print(manifest.xml())  // a <manifest> the Android build's manifest merger merges into the app's
/// ```
///
/// **Receivers.** The alarm receiver gets the alarms' broadcasts through explicit `PendingIntent`s, so it
/// has no intent filter. The reschedule receiver gets the system's broadcasts after which the
/// alarms are wrong or gone, and reconciles: ``rescheduleActions``. Both are `exported="false"`: the
/// system's broadcasts still reach them ("whether the broadcast receiver can receive messages from
/// non-system sources outside its application"), other apps cannot.
///
/// - SeeAlso: [`<receiver>`](https://developer.android.com/guide/topics/manifest/receiver-element),
///   [`<uses-permission>`](https://developer.android.com/guide/topics/manifest/uses-permission-element).
public struct AndroidManifestSpec: Hashable, Sendable {
    /// Which permission lets the app set exact alarms.
    ///
    /// Choose by what the app is, as Google Play's policy and Android 14 decide:
    ///
    /// | seed | choice | why |
    /// | --- | --- | --- |
    /// | Chronox countdowns | ``useExactAlarm`` | reminders and alarms at a chosen time are the app's core function, as a calendar's or an alarm clock's are |
    /// | Go Now activity windows | ``scheduleExactAlarm`` | windows are better on time, but the app works with a ten-minute window; the user may grant it |
    /// | Facts a Day, Streak Rescue, Study Reminders | ``none`` | a daily reminder within ten minutes of its time is on time |
    public enum ExactAlarms: Hashable, Sendable, CaseIterable {
        /// No exact alarms: every alarm is a window (``AndroidExactness/inexact``).
        case none
        /// `SCHEDULE_EXACT_ALARM`: exact alarms while the user allows them. Android 14 denies it by
        /// default to new installs of apps targeting Android 13 or later; the app asks the user with
        /// `ACTION_REQUEST_SCHEDULE_EXACT_ALARM` and falls back to windows meanwhile.
        /// https://developer.android.com/reference/android/Manifest.permission#SCHEDULE_EXACT_ALARM
        case scheduleExactAlarm
        /// `USE_EXACT_ALARM` (Android 13, API 33, and later), granted at install and never revoked,
        /// for apps whose core function needs exact alarms (alarm clocks, calendars); app stores
        /// audit its use. Android 12 and 12L (API 31, 32) do not know it, so `SCHEDULE_EXACT_ALARM`
        /// is declared too with `android:maxSdkVersion="32"`: on 12 exact alarms are pre-granted,
        /// and on 13 and later only `USE_EXACT_ALARM` is requested.
        /// https://developer.android.com/reference/android/Manifest.permission#USE_EXACT_ALARM,
        /// https://developer.android.com/about/versions/14/changes/schedule-exact-alarms
        case useExactAlarm
    }

    /// A `<uses-permission>` element.
    public struct Permission: Hashable, Sendable {
        /// `android:name`.
        public var name: String
        /// `android:maxSdkVersion`; `nil` for none.
        public var maxSDKVersion: Int?
    }

    /// A `<receiver>` element.
    public struct Receiver: Hashable, Sendable {
        /// `android:name`: the class, absolute or relative to the app's package (`.BugleAlarmReceiver`).
        public var name: String
        /// The `<action>`s of its `<intent-filter>`; none for no filter.
        public var actions: [String]
    }

    /// `android.permission.POST_NOTIFICATIONS`: the runtime permission to show notifications on
    /// Android 13 (API 33) and later. https://developer.android.com/reference/android/Manifest.permission#POST_NOTIFICATIONS
    public static let postNotifications = "android.permission.POST_NOTIFICATIONS"
    /// `android.permission.RECEIVE_BOOT_COMPLETED`, without which `BOOT_COMPLETED` is not delivered.
    /// https://developer.android.com/reference/android/Manifest.permission#RECEIVE_BOOT_COMPLETED
    public static let receiveBootCompleted = "android.permission.RECEIVE_BOOT_COMPLETED"
    /// `android.permission.SCHEDULE_EXACT_ALARM`.
    /// https://developer.android.com/reference/android/Manifest.permission#SCHEDULE_EXACT_ALARM
    public static let scheduleExactAlarm = "android.permission.SCHEDULE_EXACT_ALARM"
    /// `android.permission.USE_EXACT_ALARM`.
    /// https://developer.android.com/reference/android/Manifest.permission#USE_EXACT_ALARM
    public static let useExactAlarm = "android.permission.USE_EXACT_ALARM"

    /// The broadcasts after which the host reconciles, since its alarms are gone or wrong:
    ///
    /// - `android.intent.action.BOOT_COMPLETED` (`Intent.ACTION_BOOT_COMPLETED`): a reboot cleared
    ///   every alarm. https://developer.android.com/reference/android/content/Intent#ACTION_BOOT_COMPLETED
    /// - `android.intent.action.TIMEZONE_CHANGED` (`Intent.ACTION_TIMEZONE_CHANGED`): wall-clock
    ///   times have other instants. https://developer.android.com/reference/android/content/Intent#ACTION_TIMEZONE_CHANGED
    /// - `android.intent.action.TIME_SET` (`Intent.ACTION_TIME_CHANGED`): the user set the clock.
    ///   https://developer.android.com/reference/android/content/Intent#ACTION_TIME_CHANGED
    /// - `android.intent.action.MY_PACKAGE_REPLACED` (`Intent.ACTION_MY_PACKAGE_REPLACED`): an
    ///   update may plan differently. https://developer.android.com/reference/android/content/Intent#ACTION_MY_PACKAGE_REPLACED
    /// - `android.app.action.NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED`
    ///   (`NotificationManager.ACTION_NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED`, API 28): the user
    ///   turned one of the app's channels off or on. Its rules' notifications take no slot while it
    ///   is off (`Center.silencedRules(among:)`), and come back when it is on again; sent only to the
    ///   app that owns the channel.
    ///   https://developer.android.com/reference/android/app/NotificationManager#ACTION_NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED
    public static let rescheduleActions = [
        "android.intent.action.BOOT_COMPLETED",
        "android.intent.action.TIMEZONE_CHANGED",
        "android.intent.action.TIME_SET",
        "android.intent.action.MY_PACKAGE_REPLACED",
        "android.app.action.NOTIFICATION_CHANNEL_BLOCK_STATE_CHANGED",
    ]

    /// `AlarmManager.ACTION_SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED`, sent when the user grants
    /// `SCHEDULE_EXACT_ALARM`: windows can become exact alarms.
    /// https://developer.android.com/reference/android/app/AlarmManager#ACTION_SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED
    public static let exactAlarmPermissionChanged = "android.app.action.SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED"

    /// How the app may set exact alarms.
    public var exactAlarms: ExactAlarms
    /// The class of the receiver the alarms' `PendingIntent`s name.
    public var alarmReceiver: String
    /// The class of the receiver of ``rescheduleActions``.
    public var rescheduleReceiver: String

    /// The entries for an app that sets exact alarms by `exactAlarms`, with these receiver classes.
    public init(exactAlarms: ExactAlarms, alarmReceiver: String = ".BugleAlarmReceiver", rescheduleReceiver: String = ".BugleRescheduleReceiver") {
        self.exactAlarms = exactAlarms
        self.alarmReceiver = alarmReceiver
        self.rescheduleReceiver = rescheduleReceiver
    }

    /// The `<uses-permission>` elements, in the order written.
    public var permissions: [Permission] {
        var permissions = [Permission(name: Self.postNotifications), Permission(name: Self.receiveBootCompleted)]
        switch exactAlarms {
        case .none: break
        case .scheduleExactAlarm: permissions.append(Permission(name: Self.scheduleExactAlarm))
        case .useExactAlarm:
            permissions.append(Permission(name: Self.scheduleExactAlarm, maxSDKVersion: 32))
            permissions.append(Permission(name: Self.useExactAlarm))
        }
        return permissions
    }

    /// The `<receiver>` elements: the alarm receiver, then the reschedule receiver (which also hears
    /// the exact-alarm permission change when the app asks the user for it).
    public var receivers: [Receiver] {
        var actions = Self.rescheduleActions
        if exactAlarms == .scheduleExactAlarm { actions.append(Self.exactAlarmPermissionChanged) }
        return [Receiver(name: alarmReceiver, actions: []), Receiver(name: rescheduleReceiver, actions: actions)]
    }

    /// The entries as a `<manifest>` document, four spaces per level, one element per line.
    public func xml() -> String {
        var lines = [
            #"<?xml version="1.0" encoding="utf-8"?>"#,
            #"<manifest xmlns:android="http://schemas.android.com/apk/res/android">"#,
        ]
        for permission in permissions {
            let max = permission.maxSDKVersion.map { #" android:maxSdkVersion="\#($0)""# } ?? ""
            lines.append(#"    <uses-permission android:name="\#(Self.escaped(permission.name))"\#(max) />"#)
        }
        lines.append("    <application>")
        for receiver in receivers {
            let opening = #"        <receiver android:name="\#(Self.escaped(receiver.name))" android:exported="false""#
            guard !receiver.actions.isEmpty else {
                lines.append(opening + " />")
                continue
            }
            lines.append(opening + ">")
            lines.append("            <intent-filter>")
            for action in receiver.actions { lines.append(#"                <action android:name="\#(Self.escaped(action))" />"#) }
            lines.append("            </intent-filter>")
            lines.append("        </receiver>")
        }
        lines.append("    </application>")
        lines.append("</manifest>")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
