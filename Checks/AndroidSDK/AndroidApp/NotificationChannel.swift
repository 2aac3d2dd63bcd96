// android.app.NotificationChannel, as swift-java imports it.
// https://developer.android.com/reference/android/app/NotificationChannel

/// `public final class NotificationChannel extends Object implements Parcelable`. Added in API 26.
/// https://developer.android.com/reference/android/app/NotificationChannel
public final class NotificationChannel {
    /// `public NotificationChannel(String id, CharSequence name, int importance)`; the `CharSequence` is
    /// passed as a `java.lang.String` (see README.md).
    /// https://developer.android.com/reference/android/app/NotificationChannel#NotificationChannel(java.lang.String,%20java.lang.CharSequence,%20int)
    public init(_ id: String, _ name: String, _ importance: Int32) { fatalError("stand-in") }

    /// `public void setDescription(String description)`.
    /// https://developer.android.com/reference/android/app/NotificationChannel#setDescription(java.lang.String)
    public func setDescription(_ description: String?) { fatalError("stand-in") }

    /// `public void setGroup(String groupId)`.
    /// https://developer.android.com/reference/android/app/NotificationChannel#setGroup(java.lang.String)
    public func setGroup(_ groupId: String?) { fatalError("stand-in") }
}
