import Bugle
import Foundation

/// One on-device log event of the notification subsystem, with its fields. Every event
/// carries `scoring_version` and `timestamp`.
public struct AnalyticsEvent: Hashable, Sendable, CustomStringConvertible {
    /// The nine events.
    public enum Name: String, Hashable, Sendable, CaseIterable, Codable {
        /// `notif_scheduled`: a notification was scheduled.
        case scheduled = "notif_scheduled"
        /// `notif_fired`: the system showed a notification.
        case fired = "notif_fired"
        /// `notif_opened`: the user tapped a notification.
        case opened = "notif_opened"
        /// `notif_dismissed`: the user swiped a notification away (reliable on Android only).
        case dismissed = "notif_dismissed"
        /// `notif_cancelled`: a scheduled notification was cancelled, with its
        /// ``AnalyticsEvent/CancelCause``.
        case cancelled = "notif_cancelled"
        /// `notif_permission_granted`: notification permission was granted, full or provisional.
        case permissionGranted = "notif_permission_granted"
        /// `notif_permission_denied`: notification permission was denied.
        case permissionDenied = "notif_permission_denied"
        /// `notif_dst_reschedule`: the zone's UTC offset changed (a DST transition) and the plan
        /// was made again.
        case dstReschedule = "notif_dst_reschedule"
        /// `notif_settings_deep_link`: the user tapped "Open Settings" on the banner.
        case settingsDeepLink = "notif_settings_deep_link"
    }

    /// Why a scheduled notification was cancelled, as `notif_cancelled` logs it.
    public enum CancelCause: String, Hashable, Sendable, Codable {
        /// `user_disabled`: the user turned the mode's toggle or the master switch off.
        case userDisabled = "user_disabled"
        /// `reschedule`: a new plan replaced or no longer called for it (including the cancel-all
        /// of an app update).
        case reschedule
        /// `stale_data`: notifications are paused because the forecast is older than 6 hours.
        case staleData = "stale_data"

        /// The cause of a removal reconcile made: a mode or the master switch turned off
        /// (the rule's condition), stale data, or anything else a new plan changed.
        public init(_ reason: CancelReason) {
            switch reason {
            case .dropped(.condition, _): self = .userDisabled
            case .dropped(.stale, _): self = .staleData
            default: self = .reschedule
            }
        }
    }

    /// Which of the nine events it is.
    public var name: Name
    /// When it happened; also in ``AnalyticsEvent/fields`` as `timestamp` (ISO 8601, UTC).
    public var timestamp: Date
    /// The event's own fields, then `scoring_version` and `timestamp` (ISO 8601, UTC).
    public var fields: [String: JSONValue]

    init(_ name: Name, at timestamp: Date, _ fields: [String: JSONValue] = [:]) {
        self.name = name
        self.timestamp = timestamp
        var all = fields
        all["scoring_version"] = .string(Scorer.scoringVersion)
        all["timestamp"] = .string(ISO8601.string(from: timestamp, timeZone: Forecast.utc))
        self.fields = all
    }

    /// `notif_scheduled`: a notification was added; window fields are `null` for a heat warning.
    public static func scheduled(_ request: NotificationRequest, fireDate: Date, zone: ZoneRules, at: Date) -> AnalyticsEvent {
        let info = request.content.userInfo
        return AnalyticsEvent(
            .scheduled, at: at,
            [
                "mode": info["mode"] ?? .null,
                "window_start": info["window_start"] ?? .null,
                "window_end": info["window_end"] ?? .null,
                "avg_score": info["avg_score"] ?? .null,
                "fire_time": .string(ISO8601.string(from: fireDate, rules: zone)),
            ])
    }

    /// `notif_fired`: the system showed a notification.
    public static func fired(_ delivery: DeliveredNotification) -> AnalyticsEvent {
        AnalyticsEvent(
            .fired, at: delivery.date,
            [
                "mode": delivery.content.userInfo["mode"] ?? .null,
                "window_start": delivery.content.userInfo["window_start"] ?? .null,
                "notification_id": .string(delivery.id),
            ])
    }

    /// `notif_opened`: the user tapped a notification.
    public static func opened(mode: ActivityMode, notificationID: String, deepLink: String, at: Date) -> AnalyticsEvent {
        AnalyticsEvent(
            .opened, at: at,
            [
                "mode": .string(mode.rawValue),
                "opened_at": .string(ISO8601.string(from: at, timeZone: Forecast.utc)),
                "notification_id": .string(notificationID),
                "deep_link": .string(deepLink),
            ])
    }

    /// `notif_dismissed`: the user swiped a notification away (Android only).
    public static func dismissed(mode: ActivityMode, notificationID: String, at: Date) -> AnalyticsEvent {
        AnalyticsEvent(.dismissed, at: at, ["mode": .string(mode.rawValue), "notification_id": .string(notificationID)])
    }

    /// `notif_cancelled`: a scheduled notification was removed.
    public static func cancelled(mode: ActivityMode?, cause: CancelCause, at: Date) -> AnalyticsEvent {
        AnalyticsEvent(.cancelled, at: at, ["mode": mode.map { .string($0.rawValue) } ?? .null, "reason": .string(cause.rawValue)])
    }

    /// `notif_permission_granted`, full or provisional.
    public static func permissionGranted(platform: String, provisional: Bool, at: Date) -> AnalyticsEvent {
        AnalyticsEvent(.permissionGranted, at: at, ["platform": .string(platform), "provisional": .bool(provisional)])
    }

    /// `notif_permission_denied`.
    public static func permissionDenied(platform: String, at: Date) -> AnalyticsEvent {
        AnalyticsEvent(.permissionDenied, at: at, ["platform": .string(platform)])
    }

    /// `notif_dst_reschedule`: the zone's offset changed and the plan was made again;
    /// `count` notifications were scheduled again.
    public static func dstReschedule(_ change: OffsetChange, count: Int, at: Date) -> AnalyticsEvent {
        AnalyticsEvent(
            .dstReschedule, at: at,
            [
                "old_offset": .string(ISO8601.offsetString(change.old)),
                "new_offset": .string(ISO8601.offsetString(change.new)),
                "count_rescheduled": .int(count),
            ])
    }

    /// `notif_settings_deep_link`: the user tapped "Open Settings" on the banner.
    public static func settingsDeepLink(at: Date) -> AnalyticsEvent { AnalyticsEvent(.settingsDeepLink, at: at) }

    /// The `notif_cancelled` and `notif_scheduled` events of one refresh, then, when it answers
    /// `offsetChange`, its `notif_dst_reschedule`. That counts what the refresh changed: the
    /// notifications it added or replaced. Wall-clock fire times stay on the wall clock across
    /// a DST change, so a plan that is the same under the new offset reschedules none; one
    /// made after everything was cancelled (an app update) reschedules all.
    public static func events(for result: RefreshResult, offsetChange: OffsetChange? = nil, zone: ZoneRules, at: Date) -> [AnalyticsEvent] {
        let fireDates = Dictionary(result.plan.entries.map { ($0.request.id, $0.candidate.fireDate) }, uniquingKeysWith: { first, _ in first })
        let removals = result.changes.removals.map { removal in
            Self.cancelled(mode: NotificationID(removal.id)?.mode, cause: CancelCause(removal.reason), at: at)
        }
        let additions = result.changes.additions.map { request in
            Self.scheduled(request, fireDate: fireDates[request.id] ?? at, zone: zone, at: at)
        }
        let reschedule = offsetChange.map { [Self.dstReschedule($0, count: result.changes.additions.count, at: at)] } ?? []
        return removals + additions + reschedule
    }

    /// `notif_scheduled mode=swim_solo …`, fields in key order.
    public var description: String {
        ([name.rawValue] + fields.keys.sorted().map { "\($0)=\(fields[$0]!.plainText)" }).joined(separator: " ")
    }
}

extension JSONValue {
    /// Strings without quotes, the rest as JSON.
    var plainText: String {
        if case .string(let text) = self { return text }
        return description
    }
}
