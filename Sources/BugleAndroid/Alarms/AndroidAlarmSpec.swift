/// Whether the app may set exact alarms right now: `AlarmManager.canScheduleExactAlarms()` on
/// Android 12 (API 31) and later, always on earlier versions.
///
/// On Android 14, `SCHEDULE_EXACT_ALARM` is denied by default for most new installs of apps that
/// target Android 13 or later; the user grants it in the system settings ("Alarms & reminders"), and
/// the app learns it from `ACTION_SCHEDULE_EXACT_ALARM_PERMISSION_STATE_CHANGED` (a receiver of
/// ``AndroidManifestSpec``), when it must set its alarms again as exact ones.
///
/// - SeeAlso: [`AlarmManager.canScheduleExactAlarms()`](https://developer.android.com/reference/android/app/AlarmManager#canScheduleExactAlarms()),
///   [Schedule exact alarms are denied by default](https://developer.android.com/about/versions/14/changes/schedule-exact-alarms).
public enum AndroidExactness: String, Hashable, Sendable, CaseIterable {
    /// Exact alarms are allowed: `setExactAndAllowWhileIdle` and `setAlarmClock`.
    case exact
    /// Exact alarms are not allowed: `setWindow`, which may fire up to
    /// ``AndroidConstants/inexactWindowMillis`` late.
    case inexact
}

/// The `AlarmManager` call that schedules one request, and its `PendingIntent`.
///
/// The `PendingIntent` is a broadcast to the host's alarm receiver (`PendingIntent.getBroadcast`)
/// whose request code is the notification id (``requestCode``), with ``pendingIntentFlags``, and
/// whose `Intent` carries the request's ``AndroidExtras``. Android tells two `PendingIntent`s apart
/// by request code and `Intent` (component, action, data), never by extras: setting an alarm with
/// the same request code replaces the previous alarm and, with `FLAG_UPDATE_CURRENT`, its extras;
/// cancelling with it cancels that alarm.
///
/// **Time.** ``triggerAtMillis`` is epoch milliseconds (`RTC_WAKEUP` counts in
/// `System.currentTimeMillis()`). For a zoned instant it is that instant. For a wall-clock fire
/// time (08:30 wherever the phone is) it is the instant the device's zone gives that reading *when
/// the alarm is set* (``followsDeviceTimeZone`` is `true`): Android keeps the instant, not the
/// reading, so the host must recompute and set these alarms again on
/// `android.intent.action.TIMEZONE_CHANGED` (and `TIME_SET`, when the user sets the clock);
/// ``AndroidMapping/changes(plan:scheduled:)`` does so when given the new zone.
public struct AndroidAlarmSpec: Hashable, Sendable {
    /// The `AlarmManager` method to call.
    public enum Call: Hashable, Sendable {
        /// `setExactAndAllowWhileIdle(RTC_WAKEUP, triggerAtMillis, operation)`: at the time, even in
        /// Doze (which limits how often an app's allow-while-idle alarms fire). Needs exact alarms.
        /// https://developer.android.com/reference/android/app/AlarmManager#setExactAndAllowWhileIdle(int,%20long,%20android.app.PendingIntent)
        case exactAndAllowWhileIdle(triggerAtMillis: Int64)
        /// `setWindow(RTC_WAKEUP, windowStartMillis, windowLengthMillis, operation)`: some time in the
        /// window. No permission needed.
        /// https://developer.android.com/reference/android/app/AlarmManager#setWindow(int,%20long,%20long,%20android.app.PendingIntent)
        case window(windowStartMillis: Int64, windowLengthMillis: Int64)
        /// `setAlarmClock(new AlarmClockInfo(triggerTime, showIntent), operation)`: an alarm the
        /// system shows to the user as the next alarm clock and delivers exactly, even in Doze.
        /// Needs exact alarms. `showIntent` is the host's (an activity to open from the alarm icon).
        /// https://developer.android.com/reference/android/app/AlarmManager#setAlarmClock(android.app.AlarmManager.AlarmClockInfo,%20android.app.PendingIntent)
        case alarmClock(triggerTime: Int64)

        /// The call's name, as recorded in ``AndroidExtras/Key/alarm``: `exact`, `window`,
        /// `alarmClock`.
        public var name: String {
            switch self {
            case .exactAndAllowWhileIdle: "exact"
            case .window: "window"
            case .alarmClock: "alarmClock"
            }
        }
    }

    /// The call.
    public var call: Call
    /// The alarm type: always `RTC_WAKEUP` (``AndroidConstants/rtcWakeup``), since Bugle's times are
    /// wall-clock or absolute, never time since boot. `setAlarmClock` takes no type; it implies it.
    public var type: Int32 { AndroidConstants.rtcWakeup }
    /// The `PendingIntent` request code: the notification id.
    public var requestCode: Int32
    /// `FLAG_IMMUTABLE | FLAG_UPDATE_CURRENT`: nothing may change the intent once it is handed to the
    /// system, and setting the alarm again updates the extras of the existing `PendingIntent`.
    public var pendingIntentFlags: Int32 { AndroidConstants.flagImmutable | AndroidConstants.flagUpdateCurrent }
    /// Whether the fire time is a wall-clock reading, so that the alarm must be set again when the
    /// device's zone or clock changes.
    public var followsDeviceTimeZone: Bool

    /// An alarm that makes `call` with request code `requestCode`.
    public init(call: Call, requestCode: Int32, followsDeviceTimeZone: Bool) {
        self.call = call
        self.requestCode = requestCode
        self.followsDeviceTimeZone = followsDeviceTimeZone
    }

    /// When the alarm may first fire, in epoch milliseconds: the trigger time, or the window's start.
    public var triggerAtMillis: Int64 {
        switch call {
        case .exactAndAllowWhileIdle(let millis), .alarmClock(let millis): millis
        case .window(let start, _): start
        }
    }
}
