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
    /// Whether the app may show notifications now, as the system says.
    func authorizationStatus() async -> AuthorizationStatus
}
