import Bugle
import Foundation

/// The one-time recovery of reminders an older version of the app scheduled under its own
/// ids (Expo's random identifiers, or `eventId_reminder_…`), before it used Bugle.
///
/// A legacy notification is the app's when its payload says `type: "reminder"` with an
/// `eventId`, or its id starts with `<eventId>_reminder_` of a known event. It is adopted
/// (`Scheduler/recover(adopting:)` replaces it with Bugle's request for the same
/// reminder, so the next refresh leaves it alone) when its event still has a reminder at
/// the same moment, for the user's entitlements; it is removed when the event is gone or no
/// longer has that reminder (a Pro reminder of a lapsed subscription among them).
/// Other apps' requests are left alone.
public struct CountdownRecovery: Sendable {
    /// What recovery decides for one pending request.
    public enum Decision: Hashable, Sendable {
        /// Not a countdown reminder of an older version: left alone.
        case notLegacy
        /// The request Bugle makes for the same reminder.
        case adopt(NotificationRequest)
        /// A reminder of a deleted event, or one the event no longer has.
        case remove
    }

    /// Where Bugle's requests live.
    public var namespace: Namespace
    private let reminders: [String: [ScheduledReminder]]
    private let zones: [String: TimeZone]
    private let now: Date

    /// Recovery against `events` at `now`, with the reminders a user with `entitlements`
    /// has, for a scheduler whose namespace is `namespace`.
    public init(events: [Countdown], entitlements: Entitlements, at now: Date, namespace: Namespace = Namespace()) {
        self.namespace = namespace
        self.now = now
        reminders = Dictionary(events.map { ($0.id, $0.reminders(at: now, entitlements: entitlements)) }, uniquingKeysWith: { first, _ in first })
        zones = Dictionary(events.map { ($0.id, $0.reminderPlan.timezone) }, uniquingKeysWith: { first, _ in first })
    }

    /// What to do with `request`.
    public func decision(for request: NotificationRequest) -> Decision {
        guard !namespace.owns(request.id) else { return .notLegacy }
        let eventID: String
        if request.content.userInfo["type"] == "reminder", case .string(let id)? = request.content.userInfo["eventId"] {
            eventID = id
        } else if let known = zones.keys.first(where: { request.id.hasPrefix($0 + "_reminder_") }) {
            eventID = known
        } else {
            return .notLegacy
        }
        guard let zone = zones[eventID], let candidates = reminders[eventID] else { return .remove }
        let fireDate = request.fireTime.resolve(in: ZoneRules(timeZone: zone, around: now))
        // Older versions scheduled by seconds from now: allow a minute of drift.
        guard let match = candidates.first(where: { abs($0.fireAt.timeIntervalSince(fireDate)) < 60 }) else { return .remove }
        return .adopt(match.request(in: namespace))
    }

    /// The matcher for `Scheduler/recover(adopting:)`.
    public var matcher: LegacyMatcher {
        LegacyMatcher { old in
            if case .adopt(let request) = decision(for: old) { return request }
            return nil
        }
    }

    /// The ids of the legacy requests in `pending` to remove.
    public func removals(in pending: [NotificationRequest]) -> [String] {
        pending.filter { decision(for: $0) == .remove }.map(\.id).sorted()
    }

    /// Runs recovery once: adopts what matches through `scheduler`, removes the legacy
    /// reminders that match nothing. Returns `nil` without touching anything when
    /// `alreadyDone` (the app's remembered flag, such as a `BugleStore` flag); store `true`
    /// after it returns.
    public static func run(events: [Countdown], entitlements: Entitlements, scheduler: Scheduler, alreadyDone: Bool) async throws -> RecoveryOutcome? {
        guard !alreadyDone else { return nil }
        let recovery = CountdownRecovery(events: events, entitlements: entitlements, at: scheduler.environment.now(), namespace: scheduler.planner.namespace)
        let stale = recovery.removals(in: try await scheduler.center.pendingRequests())
        let result = try await scheduler.recover(adopting: recovery.matcher)
        if !stale.isEmpty { try await scheduler.center.removePendingRequests(withIdentifiers: stale) }
        return RecoveryOutcome(adopted: result.adoptions, removed: stale)
    }
}

/// What the one-time recovery did.
public struct RecoveryOutcome: Hashable, Sendable {
    /// Legacy request id → the id it was adopted as.
    public var adopted: [String: String]
    /// Legacy requests removed: their event is gone or no longer has that reminder.
    public var removed: [String]

    /// An outcome; see the properties.
    public init(adopted: [String: String], removed: [String]) {
        self.adopted = adopted
        self.removed = removed
    }
}
