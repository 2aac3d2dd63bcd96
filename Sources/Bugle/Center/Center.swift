import Foundation

/// Whether the app may show notifications.
public enum AuthorizationStatus: String, Hashable, Sendable, Codable, CaseIterable {
    case notDetermined
    /// Delivered quietly to the notification list, without asking first.
    case provisional
    case denied
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
    func pendingRequests() async throws -> [NotificationRequest]
    func add(_ request: NotificationRequest) async throws
    func removePendingRequests(withIdentifiers ids: [String]) async throws
    func deliveredNotifications() async throws -> [DeliveredNotification]
    func authorizationStatus() async -> AuthorizationStatus
}
