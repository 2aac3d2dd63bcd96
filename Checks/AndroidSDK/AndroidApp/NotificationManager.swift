// android.app.NotificationManager, as swift-java imports it.
// https://developer.android.com/reference/android/app/NotificationManager

/// `public class NotificationManager extends Object`.
/// https://developer.android.com/reference/android/app/NotificationManager
open class NotificationManager {
    private init() { fatalError("stand-in") }

    /// `public static final int IMPORTANCE_NONE`, Constant Value: 0 (0x00000000).
    /// https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_NONE
    public static let IMPORTANCE_NONE: Int32 = 0
    /// `public static final int IMPORTANCE_MIN`, Constant Value: 1 (0x00000001).
    /// https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_MIN
    public static let IMPORTANCE_MIN: Int32 = 1
    /// `public static final int IMPORTANCE_LOW`, Constant Value: 2 (0x00000002).
    /// https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_LOW
    public static let IMPORTANCE_LOW: Int32 = 2
    /// `public static final int IMPORTANCE_DEFAULT`, Constant Value: 3 (0x00000003).
    /// https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_DEFAULT
    public static let IMPORTANCE_DEFAULT: Int32 = 3
    /// `public static final int IMPORTANCE_HIGH`, Constant Value: 4 (0x00000004).
    /// https://developer.android.com/reference/android/app/NotificationManager#IMPORTANCE_HIGH
    public static let IMPORTANCE_HIGH: Int32 = 4

    /// `public void notify(int id, Notification notification)`.
    /// https://developer.android.com/reference/android/app/NotificationManager#notify(int,%20android.app.Notification)
    open func notify(_ id: Int32, _ notification: Notification?) { fatalError("stand-in") }

    /// `public void createNotificationChannel(NotificationChannel channel)`. Added in API 26.
    /// https://developer.android.com/reference/android/app/NotificationManager#createNotificationChannel(android.app.NotificationChannel)
    open func createNotificationChannel(_ channel: NotificationChannel?) { fatalError("stand-in") }
}
