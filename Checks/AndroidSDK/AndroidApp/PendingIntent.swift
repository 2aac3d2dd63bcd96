// android.app.PendingIntent, as swift-java imports it.
// https://developer.android.com/reference/android/app/PendingIntent

import AndroidContent

/// `public final class PendingIntent extends Object implements Parcelable`.
/// https://developer.android.com/reference/android/app/PendingIntent
public final class PendingIntent {
    private init() { fatalError("stand-in") }

    /// `public static final int FLAG_IMMUTABLE`, Constant Value: 67108864 (0x04000000). Added in API 23.
    /// https://developer.android.com/reference/android/app/PendingIntent#FLAG_IMMUTABLE
    public static let FLAG_IMMUTABLE: Int32 = 67_108_864

    /// `public static final int FLAG_UPDATE_CURRENT`, Constant Value: 134217728 (0x08000000).
    /// https://developer.android.com/reference/android/app/PendingIntent#FLAG_UPDATE_CURRENT
    public static let FLAG_UPDATE_CURRENT: Int32 = 134_217_728

    /// `public static PendingIntent getBroadcast(Context context, int requestCode, Intent intent, int flags)`.
    /// https://developer.android.com/reference/android/app/PendingIntent#getBroadcast(android.content.Context,%20int,%20android.content.Intent,%20int)
    public static func getBroadcast(_ context: Context?, _ requestCode: Int32, _ intent: Intent?, _ flags: Int32) -> PendingIntent! {
        fatalError("stand-in")
    }

    /// `public void cancel()`: cancels the PendingIntent itself.
    /// https://developer.android.com/reference/android/app/PendingIntent#cancel()
    public func cancel() { fatalError("stand-in") }
}
