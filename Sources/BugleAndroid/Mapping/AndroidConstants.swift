/// The integer constants of Android's API that the specs carry, with their values from the public
/// API reference, so that a host passes them straight through (and a test can check them).
///
/// The values are part of Android's API and never change between releases.
public enum AndroidConstants {
    /// `AlarmManager.RTC_WAKEUP`: an alarm time in `System.currentTimeMillis()` (wall-clock time
    /// in UTC) that wakes the device up. Constant Value: 0 (0x00000000).
    /// https://developer.android.com/reference/android/app/AlarmManager#RTC_WAKEUP
    public static let rtcWakeup: Int32 = 0

    /// `PendingIntent.FLAG_IMMUTABLE`: the created `PendingIntent` is immutable (required, or
    /// `FLAG_MUTABLE`, for apps targeting Android 12). Constant Value: 67108864 (0x04000000).
    /// https://developer.android.com/reference/android/app/PendingIntent#FLAG_IMMUTABLE
    public static let flagImmutable: Int32 = 0x0400_0000

    /// `PendingIntent.FLAG_UPDATE_CURRENT`: when the described `PendingIntent` already exists,
    /// keep it but replace its extra data with the new `Intent`'s. Constant Value: 134217728
    /// (0x08000000).
    /// https://developer.android.com/reference/android/app/PendingIntent#FLAG_UPDATE_CURRENT
    public static let flagUpdateCurrent: Int32 = 0x0800_0000

    /// `AlarmManager.INTERVAL_FIFTEEN_MINUTES` in milliseconds: 900000 (0x00000000000dbba0), the
    /// same as WorkManager's `PeriodicWorkRequest.MIN_PERIODIC_INTERVAL_MILLIS`.
    /// https://developer.android.com/reference/androidx/work/PeriodicWorkRequest#MIN_PERIODIC_INTERVAL_MILLIS()
    public static let minimumPeriodicIntervalMillis: Int64 = 15 * 60 * 1000

    /// WorkManager's `PeriodicWorkRequest.MIN_PERIODIC_FLEX_MILLIS`: 300000, five minutes.
    /// https://developer.android.com/reference/androidx/work/PeriodicWorkRequest#MIN_PERIODIC_FLEX_MILLIS()
    public static let minimumPeriodicFlexMillis: Int64 = 5 * 60 * 1000

    /// The window of an inexact alarm (`setWindow`): ten minutes, the smallest the system keeps.
    ///
    /// For apps targeting Android 12 (API 31) or later, the system lengthens a shorter window of an
    /// inexact alarm (`AlarmManager.ENFORCE_MINIMUM_WINDOW_ON_INEXACT_ALARMS`), to AOSP's default
    /// minimum window of ten minutes (`AlarmManagerService.Constants.DEFAULT_MIN_WINDOW = 10 * 60 *
    /// 1000`); asking for exactly that says what will happen. The window opens at the fire time,
    /// never before: a reminder may come up to ten minutes late, never early.
    /// https://developer.android.com/reference/android/app/AlarmManager#setWindow(int,%20long,%20long,%20android.app.PendingIntent)
    public static let inexactWindowMillis: Int64 = 10 * 60 * 1000
}
