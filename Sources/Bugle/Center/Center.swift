import Foundation

/// Whether the app may show notifications.
public enum AuthorizationStatus: String, Hashable, Sendable, Codable, CaseIterable {
    /// The user has not been asked yet.
    case notDetermined
    /// Delivered quietly to the notification list, without asking first.
    case provisional
    /// The user refused, or turned notifications off in Settings: nothing is delivered.
    case denied
    /// The user allowed notifications.
    case authorized

    /// Whether requests added now will be delivered.
    public var allowsDelivery: Bool { self == .provisional || self == .authorized }
}

/// The narrow interface to a notification system: pending, add, remove, delivered,
/// authorization.
///
/// Implementations: `SimulatedCenter` (BugleSimulator) and the `UNUserNotificationCenter`
/// adapter (BugleApple). Adding a request whose id is pending replaces it.
public protocol Center: Sendable {
    /// The requests waiting to fire, of every namespace (other code's in the app too).
    func pendingRequests() async throws -> [NotificationRequest]
    /// Adds `request` to the pending list, replacing a pending request with its id.
    ///
    /// Throws when the center refuses it (notifications not allowed, a system failure).
    func add(_ request: NotificationRequest) async throws
    /// Removes the pending requests with these ids; an id that is not pending is ignored.
    func removePendingRequests(withIdentifiers ids: [String]) async throws
    /// The notifications the system showed and still reports, of every namespace: on Apple's
    /// systems, those still in Notification Center.
    func deliveredNotifications() async throws -> [DeliveredNotification]
    /// The notifications ``deliveredNotifications()`` reports that were delivered at or after
    /// `date`, in the same order: what a refresh reads. The default filters that list; a
    /// center that keeps a long record answers without reading all of it.
    func deliveredNotifications(since date: Date) async throws -> [DeliveredNotification]
    /// Whether the app may show notifications now, as the system says.
    func authorizationStatus() async -> AuthorizationStatus
    /// How late the system may deliver what is added now, when it may: on Android without
    /// exact alarms, the length of the alarm's window. `nil` (the default) when requests fire
    /// at their time, as on Apple's systems.
    func deliveryLatitude() async -> DeliveryLatitude?
    /// Which of the rules `ruleIDs` the system would not show now, each with why, in a few
    /// words: on Android, the rules that post to a channel the user turned off ("channel tips
    /// is off"). The scheduler plans none of their notifications, so they take no slot of the
    /// budget, and removes those pending (``DropReason/silenced``). Empty (the default) when
    /// the system shows every rule's notifications alike, as on Apple's systems.
    func silencedRules(among ruleIDs: [String]) async -> [String: String]
}

extension Center {
    /// Requests fire at their time: `nil`.
    public func deliveryLatitude() async -> DeliveryLatitude? { nil }
    /// Every rule's notifications are shown alike: none.
    public func silencedRules(among ruleIDs: [String]) async -> [String: String] { [:] }

    /// The delivered notifications at or after `date`: ``deliveredNotifications()`` filtered.
    public func deliveredNotifications(since date: Date) async throws -> [DeliveredNotification] {
        try await deliveredNotifications().filter { $0.date >= date }
    }
}

/// How late a center may deliver a request after its fire time, and why: what a plan's
/// ``PlanReport/mayArriveLate`` lists for each of its requests.
public struct DeliveryLatitude: Hashable, Sendable, CustomStringConvertible {
    /// The longest delay after the fire time, in seconds.
    public var upTo: TimeInterval
    /// Why, in a few words: "exact alarms are not allowed".
    public var reason: String

    /// Requests may arrive up to `upTo` seconds late, because of `reason`.
    public init(upTo: TimeInterval, reason: String) {
        self.upTo = upTo
        self.reason = reason
    }

    /// "may arrive up to 10 min late: exact alarms are not allowed".
    public var description: String { "may arrive up to \(Self.minutes(upTo)) late: \(reason)" }

    /// `10 min`, `1 h 30 min`, `45 s`.
    static func minutes(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        if whole < 60 { return "\(whole) s" }
        let (hours, minutes) = (whole / 3600, whole % 3600 / 60)
        if hours == 0 { return "\(minutes) min" }
        return minutes == 0 ? "\(hours) h" : "\(hours) h \(minutes) min"
    }
}
