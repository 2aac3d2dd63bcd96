// android.app.AlarmManager, as swift-java imports it.
// https://developer.android.com/reference/android/app/AlarmManager

/// `public class AlarmManager extends Object`.
/// https://developer.android.com/reference/android/app/AlarmManager
open class AlarmManager {
    private init() { fatalError("stand-in") }

    /// `public static final int RTC_WAKEUP`, Constant Value: 0 (0x00000000).
    /// https://developer.android.com/reference/android/app/AlarmManager#RTC_WAKEUP
    public static let RTC_WAKEUP: Int32 = 0

    /// `public void setExactAndAllowWhileIdle(int type, long triggerAtMillis, PendingIntent operation)`. Added in API 23;
    /// needs `SCHEDULE_EXACT_ALARM` or `USE_EXACT_ALARM` for apps targeting API 31 or later.
    /// https://developer.android.com/reference/android/app/AlarmManager#setExactAndAllowWhileIdle(int,%20long,%20android.app.PendingIntent)
    open func setExactAndAllowWhileIdle(_ type: Int32, _ triggerAtMillis: Int64, _ operation: PendingIntent?) { fatalError("stand-in") }

    /// `public void setWindow(int type, long windowStartMillis, long windowLengthMillis, PendingIntent operation)`. Added in API 19.
    /// https://developer.android.com/reference/android/app/AlarmManager#setWindow(int,%20long,%20long,%20android.app.PendingIntent)
    open func setWindow(_ type: Int32, _ windowStartMillis: Int64, _ windowLengthMillis: Int64, _ operation: PendingIntent?) { fatalError("stand-in") }

    /// `public void setAlarmClock(AlarmManager.AlarmClockInfo info, PendingIntent operation)`. Added in API 21;
    /// needs `SCHEDULE_EXACT_ALARM` or `USE_EXACT_ALARM` for apps targeting API 31 or later.
    /// https://developer.android.com/reference/android/app/AlarmManager#setAlarmClock(android.app.AlarmManager.AlarmClockInfo,%20android.app.PendingIntent)
    open func setAlarmClock(_ info: AlarmManager.AlarmClockInfo?, _ operation: PendingIntent?) { fatalError("stand-in") }

    /// `public void cancel(PendingIntent operation)`: removes any alarm with a matching `PendingIntent`.
    /// https://developer.android.com/reference/android/app/AlarmManager#cancel(android.app.PendingIntent)
    open func cancel(_ operation: PendingIntent?) { fatalError("stand-in") }

    /// `public boolean canScheduleExactAlarms()`. Added in API 31.
    /// https://developer.android.com/reference/android/app/AlarmManager#canScheduleExactAlarms()
    open func canScheduleExactAlarms() -> Bool { fatalError("stand-in") }

    /// `public static final class AlarmManager.AlarmClockInfo extends Object implements Parcelable`.
    /// https://developer.android.com/reference/android/app/AlarmManager.AlarmClockInfo
    public final class AlarmClockInfo {
        /// `public AlarmClockInfo(long triggerTime, PendingIntent showIntent)`.
        /// https://developer.android.com/reference/android/app/AlarmManager.AlarmClockInfo#AlarmClockInfo(long,%20android.app.PendingIntent)
        public init(_ triggerTime: Int64, _ showIntent: PendingIntent?) { fatalError("stand-in") }
    }
}
