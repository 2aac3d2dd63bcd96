import Bugle
import Foundation

/// Turns Bugle's requests into what an Android host schedules: for each request, an alarm
/// (``AndroidAlarmSpec``) whose `Intent` carries the notification to post (``AndroidNotificationSpec``)
/// in its ``AndroidExtras``. Pure values, the same on every platform; the host makes the calls.
///
/// A mapping holds the facts of the device that change the calls: its time zone (for wall-clock
/// fire times), whether exact alarms are allowed, which channel each request posts to, and which
/// requests are alarm clocks (a countdown's alarm). Make a new one when one of them changes (a
/// `TIMEZONE_CHANGED` broadcast, the exact-alarm permission granted) and reconcile again.
///
/// ```swift
/// let mapping = AndroidMapping(
///     deviceTimeZone: .current, exactness: canScheduleExactAlarms ? .exact : .inexact,
///     channel: { request in request.ruleID ?? "reminders" })  // one channel per rule
/// let changes = try mapping.changes(plan: plan, scheduled: alarmRecord)
/// ```
public struct AndroidMapping: Sendable {
    /// The device's time zone now, in which wall-clock fire times are read.
    public var deviceTimeZone: TimeZone
    /// Whether exact alarms are allowed now.
    public var exactness: AndroidExactness
    /// The channel id each request posts to.
    public var channel: @Sendable (NotificationRequest) -> String
    /// Whether a request is an alarm clock (`setAlarmClock`), such as a countdown's alarm at its
    /// target; `false` for every request by default.
    public var isAlarmClock: @Sendable (NotificationRequest) -> Bool
    /// Notification ids Bugle's requests never take: those the host uses for its own notifications,
    /// and, so that a new alarm cannot replace a notification still on screen, the ids of the
    /// notifications shown now (`NotificationManager.getActiveNotifications()`), whose alarms have
    /// fired and left the host's record.
    public var reservedIDs: Set<AndroidNotificationID>

    /// A mapping for a device in `deviceTimeZone` where exact alarms are `exactness`, posting each
    /// request to `channel(request)`.
    public init(
        deviceTimeZone: TimeZone, exactness: AndroidExactness, channel: @escaping @Sendable (NotificationRequest) -> String,
        isAlarmClock: @escaping @Sendable (NotificationRequest) -> Bool = { _ in false }, reservedIDs: Set<AndroidNotificationID> = []
    ) {
        self.deviceTimeZone = deviceTimeZone
        self.exactness = exactness
        self.channel = channel
        self.isAlarmClock = isAlarmClock
        self.reservedIDs = reservedIDs
    }

    /// The alarm and the notification of `request`, as notification `id`.
    ///
    /// - Throws: `EncodingError` when the content's payload cannot be encoded.
    public func schedule(_ request: NotificationRequest, id: AndroidNotificationID) throws -> AndroidSchedule {
        let alarm = alarm(for: request, id: id)
        let channelID = channel(request)
        let extras = try AndroidExtras(request: request, id: id, channelID: channelID, alarm: alarm)
        let notification = AndroidNotificationSpec(extras: extras)!
        return AndroidSchedule(request: request, notification: notification, alarm: alarm)
    }

    /// The `AlarmManager` call for `request` as notification `id`: an alarm clock when the request
    /// is one and exact alarms are allowed, an exact allow-while-idle alarm when they are allowed,
    /// and a window of ``AndroidConstants/inexactWindowMillis`` from the fire time otherwise (an
    /// alarm clock too: `setAlarmClock` needs the exact-alarm permission).
    public func alarm(for request: NotificationRequest, id: AndroidNotificationID) -> AndroidAlarmSpec {
        let millis = triggerAtMillis(request.fireTime)
        let call: AndroidAlarmSpec.Call
        switch exactness {
        case .exact: call = isAlarmClock(request) ? .alarmClock(triggerTime: millis) : .exactAndAllowWhileIdle(triggerAtMillis: millis)
        case .inexact: call = .window(windowStartMillis: millis, windowLengthMillis: AndroidConstants.inexactWindowMillis)
        }
        let followsZone = if case .wallClock = request.fireTime { true } else { false }
        return AndroidAlarmSpec(call: call, requestCode: id.rawValue, followsDeviceTimeZone: followsZone)
    }

    /// The instant `fireTime` stands for on this device, in epoch milliseconds: a wall-clock
    /// reading in ``deviceTimeZone`` (a skipped reading moves forward by the gap, a repeated one
    /// takes its first pass, as everywhere in Bugle), a zoned instant as it is.
    public func triggerAtMillis(_ fireTime: FireTime) -> Int64 {
        switch fireTime {
        case .wallClock(let local):
            let rules = ZoneRules(timeZone: deviceTimeZone, around: Date(timeIntervalSince1970: TimeInterval(local.localSeconds)))
            return Self.epochMillis(fireTime.resolve(in: rules))
        case .zoned(let zoned):
            return Self.epochMillis(zoned.date)
        }
    }

    /// `date` in whole epoch milliseconds, rounded down.
    static func epochMillis(_ date: Date) -> Int64 { Int64((date.timeIntervalSince1970 * 1000).rounded(.down)) }
}
