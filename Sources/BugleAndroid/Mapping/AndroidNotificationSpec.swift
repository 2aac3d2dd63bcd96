import Bugle

/// The notification to post when an alarm fires: what `Notification.Builder` (or
/// `NotificationCompat.Builder`) is given, and the id to pass to `NotificationManager.notify`.
///
/// The receiver rebuilds it from the alarm's `Intent` extras (``init(extras:)``), so the host needs
/// no database to post it.
///
/// | field | Android call |
/// | --- | --- |
/// | ``id`` | `NotificationManager.notify(int id, Notification)` |
/// | ``channelID`` | `Notification.Builder(Context, String channelId)` |
/// | ``title`` | `setContentTitle` |
/// | ``text`` | `setContentText` |
/// | ``subText`` | `setSubText` |
/// | ``group`` | `setGroup` (the content's thread id, as on Apple's systems) |
/// | ``whenMillis`` | `setWhen` (and `setShowWhen(true)`) |
/// | ``extras`` | `addExtras`, so that a tap or a dismissal can be traced to Bugle's request |
///
/// - SeeAlso: [`Notification.Builder`](https://developer.android.com/reference/android/app/Notification.Builder).
public struct AndroidNotificationSpec: Hashable, Sendable {
    /// The notification id (and the alarm's request code).
    public var id: AndroidNotificationID
    /// Bugle's request id.
    public var requestID: String
    /// The channel to post to.
    public var channelID: String
    /// `setContentTitle`.
    public var title: String
    /// `setContentText`.
    public var text: String
    /// `setSubText`; `nil` for none.
    public var subText: String?
    /// `setGroup`; `nil` for none.
    public var group: String?
    /// `setWhen`: the fire instant in epoch milliseconds.
    public var whenMillis: Int64
    /// The extras the notification and the alarm's `Intent` carry.
    public var extras: AndroidExtras

    /// The spec the extras of a fired alarm describe; `nil` when they are not Bugle's or lack a
    /// field the notification needs.
    public init?(extras: AndroidExtras) {
        let values = extras.values
        guard let requestID = extras.requestID, let id = extras.notificationID, let channelID = values[AndroidExtras.Key.channelID],
            let title = values[AndroidExtras.Key.title], let text = values[AndroidExtras.Key.text],
            let whenMillis = values[AndroidExtras.Key.when].flatMap({ Int64($0) })
        else { return nil }
        self.id = id
        self.requestID = requestID
        self.channelID = channelID
        self.title = title
        self.text = text
        self.subText = values[AndroidExtras.Key.subText]
        self.group = values[AndroidExtras.Key.threadID]
        self.whenMillis = whenMillis
        self.extras = extras
    }
}

/// One request as Android schedules it: the alarm to set, and the notification it posts.
public struct AndroidSchedule: Hashable, Sendable {
    /// The request it stands for.
    public var request: NotificationRequest
    /// What to post when the alarm fires.
    public var notification: AndroidNotificationSpec
    /// The `AlarmManager` call.
    public var alarm: AndroidAlarmSpec
}
