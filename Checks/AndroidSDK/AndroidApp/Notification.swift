// android.app.Notification and Notification.Builder, as swift-java imports them.
// https://developer.android.com/reference/android/app/Notification

import AndroidContent

/// `public class Notification extends Object implements Parcelable`.
/// https://developer.android.com/reference/android/app/Notification
open class Notification {
    private init() { fatalError("stand-in") }

    /// `public static class Notification.Builder extends Object`.
    /// https://developer.android.com/reference/android/app/Notification.Builder
    open class Builder {
        /// `public Builder(Context context, String channelId)`. Added in API 26.
        /// https://developer.android.com/reference/android/app/Notification.Builder#Builder(android.content.Context,%20java.lang.String)
        public init(_ context: Context?, _ channelId: String) { fatalError("stand-in") }

        /// `public Notification.Builder setContentTitle(CharSequence title)`.
        /// https://developer.android.com/reference/android/app/Notification.Builder#setContentTitle(java.lang.CharSequence)
        @discardableResult
        open func setContentTitle(_ title: String?) -> Notification.Builder! { fatalError("stand-in") }

        /// `public Notification.Builder setContentText(CharSequence text)`.
        /// https://developer.android.com/reference/android/app/Notification.Builder#setContentText(java.lang.CharSequence)
        @discardableResult
        open func setContentText(_ text: String?) -> Notification.Builder! { fatalError("stand-in") }

        /// `public Notification.Builder setSubText(CharSequence text)`.
        /// https://developer.android.com/reference/android/app/Notification.Builder#setSubText(java.lang.CharSequence)
        @discardableResult
        open func setSubText(_ text: String?) -> Notification.Builder! { fatalError("stand-in") }

        /// `public Notification.Builder setGroup(String groupKey)`.
        /// https://developer.android.com/reference/android/app/Notification.Builder#setGroup(java.lang.String)
        @discardableResult
        open func setGroup(_ groupKey: String?) -> Notification.Builder! { fatalError("stand-in") }

        /// `public Notification.Builder setWhen(long when)`.
        /// https://developer.android.com/reference/android/app/Notification.Builder#setWhen(long)
        @discardableResult
        open func setWhen(_ when: Int64) -> Notification.Builder! { fatalError("stand-in") }

        /// `public Notification.Builder setShowWhen(boolean show)`.
        /// https://developer.android.com/reference/android/app/Notification.Builder#setShowWhen(boolean)
        @discardableResult
        open func setShowWhen(_ show: Bool) -> Notification.Builder! { fatalError("stand-in") }

        /// `public Notification.Builder setSmallIcon(int icon)`.
        /// https://developer.android.com/reference/android/app/Notification.Builder#setSmallIcon(int)
        @discardableResult
        open func setSmallIcon(_ icon: Int32) -> Notification.Builder! { fatalError("stand-in") }

        /// `public Notification.Builder setContentIntent(PendingIntent intent)`.
        /// https://developer.android.com/reference/android/app/Notification.Builder#setContentIntent(android.app.PendingIntent)
        @discardableResult
        open func setContentIntent(_ intent: PendingIntent?) -> Notification.Builder! { fatalError("stand-in") }

        /// `public Notification.Builder setAutoCancel(boolean autoCancel)`.
        /// https://developer.android.com/reference/android/app/Notification.Builder#setAutoCancel(boolean)
        @discardableResult
        open func setAutoCancel(_ autoCancel: Bool) -> Notification.Builder! { fatalError("stand-in") }

        /// `public Notification build()`.
        /// https://developer.android.com/reference/android/app/Notification.Builder#build()
        open func build() -> Notification! { fatalError("stand-in") }
    }
}
