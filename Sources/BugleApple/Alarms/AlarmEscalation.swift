import Bugle
import Foundation

/// Whether the app may schedule system alarms (AlarmKit's
/// `AlarmManager.AuthorizationState`, iOS 26).
public enum AlarmAuthorization: String, Hashable, Sendable, CaseIterable {
    /// The user was never asked.
    case notDetermined
    /// The user said no: every alarm the app schedules fails.
    case denied
    /// The app may schedule alarms.
    case authorized
}

/// Which reminders become system alarms instead of notifications: where AlarmKit exists
/// (iOS 26), a countdown reminder the app marks critical escalates to an alarm, which
/// sounds through silent mode and Focus like the Clock app's, once the user allowed alarms.
///
/// A reminder becomes an alarm only when all of these hold:
///
/// - it comes from one of ``ruleIDs`` (by default the Countdowns recipe's, `countdowns`);
/// - its content is marked `.critical`: the moment must not be missed;
/// - the user allowed alarms (``AlarmAuthorization/authorized``);
/// - it fires after `now`: an alarm for a moment already past would sound at once.
///
/// Anything else stays a notification; the `.critical` level then needs the Critical Alerts
/// entitlement, and without it the system delivers the notification at the `.active` level.
public struct AlarmEscalation: Hashable, Sendable {
    /// What becomes of one reminder.
    public enum Decision: Hashable, Sendable {
        /// A system alarm at this instant, under this identifier (`Alarm.ID`).
        case alarm(at: Date, id: UUID)
        /// A notification, for this reason.
        case notification(Reason)
    }

    /// Why a reminder stays a notification.
    public enum Reason: String, Hashable, Sendable {
        /// Its rule is not one of ``AlarmEscalation/ruleIDs``.
        case notACountdown
        /// Its content is not marked `.critical`.
        case notCritical
        /// The user has not allowed alarms.
        case notAuthorized
        /// It fires at or before the moment of the decision.
        case past
    }

    /// The rules whose reminders may become alarms: the Countdowns recipe's
    /// (`CountdownsRule.ruleID`, `countdowns`) by default.
    public var ruleIDs: Set<String>

    /// Escalation for the reminders of `ruleIDs`.
    public init(ruleIDs: Set<String> = ["countdowns"]) {
        self.ruleIDs = ruleIDs
    }

    /// What `request` becomes at `now`, with the user's alarm `authorization`, on a device in
    /// `timeZone` (a wall-clock fire time is read in it).
    public func decision(for request: NotificationRequest, authorization: AlarmAuthorization, now: Date, timeZone: TimeZone) -> Decision {
        guard let rule = request.ruleID, ruleIDs.contains(rule) else { return .notification(.notACountdown) }
        guard request.content.interruptionLevel == .critical else { return .notification(.notCritical) }
        guard authorization == .authorized else { return .notification(.notAuthorized) }
        let date = request.fireTime.resolve(in: ZoneRules(timeZone: timeZone, around: now))
        guard date > now else { return .notification(.past) }
        return .alarm(at: date, id: Self.alarmID(for: request.id))
    }

    /// The alarm identifier of the request `id`: the same on every call and every launch, so
    /// that a refresh replaces or cancels the alarm it scheduled before; different ids give
    /// different identifiers. A name-based UUID (version 8) over the id's UTF-8 bytes.
    public static func alarmID(for id: String) -> UUID {
        // Two 64-bit FNV-1a hashes with different offsets make the 128 bits.
        func fnv(_ offset: UInt64) -> UInt64 {
            var hash = offset
            for byte in id.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01b3
            }
            return hash
        }
        var bytes: [UInt8] = []
        for half in [fnv(0xcbf2_9ce4_8422_2325), fnv(0x8422_2325_cbf2_9ce4)] {
            for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: half >> UInt64(shift))) }
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 9562 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
