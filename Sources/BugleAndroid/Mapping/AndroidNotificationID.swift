/// The integer that names one notification on Android: the `id` of
/// `NotificationManager.notify(int id, Notification)` and the request code of the alarm's
/// `PendingIntent`, both Java `int`s.
///
/// Bugle's ids are strings, so each is given a number: by default a 31-bit hash of the string
/// (``hashed(_:)``), moved to the next free number when another id of the same plan already
/// holds it (see ``AndroidIDTable``). Only positive numbers are used, `1...Int32.max`: 0 is
/// refused by `Service.startForeground` and is what apps commonly use for "no notification", and
/// negative request codes are easy to confuse with Java's sign-extended hash codes.
///
/// - SeeAlso: [`NotificationManager.notify(int, Notification)`](https://developer.android.com/reference/android/app/NotificationManager#notify(int,%20android.app.Notification)),
///   [`PendingIntent.getBroadcast`](https://developer.android.com/reference/android/app/PendingIntent#getBroadcast(android.content.Context,%20int,%20android.content.Intent,%20int)).
public struct AndroidNotificationID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number, in `1...Int32.max`.
    public let rawValue: Int32

    /// The id `rawValue`, or `nil` when it is not positive.
    public init?(rawValue: Int32) {
        guard rawValue > 0 else { return nil }
        self.rawValue = rawValue
    }

    private init(unchecked rawValue: Int32) { self.rawValue = rawValue }

    /// The id Bugle's `requestID` hashes to, before any collision is resolved: the 32-bit FNV-1a
    /// hash of its UTF-8 bytes, with the sign bit cleared; 0 becomes 1.
    ///
    /// The same string gives the same number on every device, run and platform (unlike Swift's
    /// `Hasher`, which is seeded per process, and Java's `String.hashCode`, which is computed on
    /// UTF-16 units and needs its sign removed anyway).
    public static func hashed(_ requestID: String) -> AndroidNotificationID {
        var hash: UInt32 = 0x811C_9DC5
        for byte in requestID.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 0x0100_0193
        }
        let value = Int32(bitPattern: hash & 0x7FFF_FFFF)
        return AndroidNotificationID(unchecked: value == 0 ? 1 : value)
    }

    /// The next id when probing for a free one: `rawValue + 1`, wrapping from `Int32.max` to 1.
    public var next: AndroidNotificationID {
        AndroidNotificationID(unchecked: rawValue == Int32.max ? 1 : rawValue + 1)
    }

    public static func < (lhs: AndroidNotificationID, rhs: AndroidNotificationID) -> Bool { lhs.rawValue < rhs.rawValue }

    public var description: String { String(rawValue) }
}
