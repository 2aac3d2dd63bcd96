import Bugle

/// The calls Bugle makes to a platform's notification system, in descriptions: the thin
/// layer that ``SystemCenter`` maps Bugle's requests onto.
///
/// `UserNotificationSystem` implements it over `UNUserNotificationCenter` on Apple's
/// platforms; tests implement it in memory. An implementation only copies fields: it makes
/// no decision.
public protocol NotificationSystem: Sendable {
    /// Every pending request, the app's other code's included.
    func pendingRequests() async -> [NotificationRequestDescription]
    /// Adds a request; one with a pending request's identifier replaces it. An attachment
    /// that does not load is left out (``AttachmentLoading``) and returned, and the request
    /// is added without it.
    func add(_ request: NotificationRequestDescription) async throws -> [DroppedAttachment]
    /// Removes the pending requests with these identifiers; one that is not pending is ignored.
    func removePendingRequests(withIdentifiers ids: [String]) async
    /// The notifications the system shows in Notification Center.
    func deliveredNotifications() async -> [DeliveredNotificationDescription]
    /// What the user allowed.
    func permissionState() async -> PermissionState
    /// Asks the user; returns whether the system granted authorization.
    func requestAuthorization(_ options: AuthorizationOptions) async throws -> Bool
    /// Registers Bugle's notification categories beside those registered before: one with
    /// the identifier of one of these is replaced, any other stays (``CategoryMerge``).
    func setCategories(_ categories: [NotificationCategoryDescription]) async
}
