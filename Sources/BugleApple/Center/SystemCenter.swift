import Bugle
import Foundation

/// Bugle's `Center` over a platform's notification system.
///
/// On an iPhone, `SystemCenter(system: UserNotificationSystem())` is the center on
/// `UNUserNotificationCenter`. Requests go through ``RequestMapping`` both ways, so those
/// read back from the system reconcile to no change; removal only ever reaches ids in
/// ``namespace``.
public struct SystemCenter<System: NotificationSystem>: Center {
    /// The platform's notification system.
    public let system: System
    /// The id prefix of Bugle's requests: the planner's.
    public let namespace: Namespace
    /// The calendar the system reads floating components in, read at every call so that a
    /// change in the device's settings is followed.
    public let calendar: @Sendable () -> Calendar
    /// The attachments of a request (see ``RequestMapping/attachments``).
    public let attachments: @Sendable (NotificationRequest) -> [AttachmentDescription]
    /// Told about the attachments that did not load, with the id of the request that was
    /// added without them: log them, or send them to the scheduler's sink.
    public let onDroppedAttachments: @Sendable (_ requestID: String, _ dropped: [DroppedAttachment]) -> Void

    /// - Parameters:
    ///   - system: The platform's notification system (`UserNotificationSystem()` on a device).
    ///   - namespace: The id prefix of Bugle's requests; pass the planner's.
    ///   - calendar: The device's calendar, read at every call: by default
    ///     ``SystemCalendar/device()``, which follows a change of the user's region or
    ///     calendar.
    ///   - attachments: The attachments of a request (see ``RequestMapping/attachments``).
    ///   - onDroppedAttachments: Told about the attachments that did not load; the request
    ///     is added without them.
    public init(
        system: System,
        namespace: Namespace = Namespace(),
        calendar: @escaping @Sendable () -> Calendar = { SystemCalendar.device() },
        attachments: @escaping @Sendable (NotificationRequest) -> [AttachmentDescription] = { _ in [] },
        onDroppedAttachments: @escaping @Sendable (_ requestID: String, _ dropped: [DroppedAttachment]) -> Void = { _, _ in }
    ) {
        self.system = system
        self.namespace = namespace
        self.calendar = calendar
        self.attachments = attachments
        self.onDroppedAttachments = onDroppedAttachments
    }

    /// The mapping in force now.
    public var mapping: RequestMapping { RequestMapping(calendar: calendar(), attachments: attachments) }

    /// Every pending request, other code's included, read back through
    /// ``SystemCenter/mapping``: Bugle's own come back with the id and fingerprint they were
    /// added with. Never throws.
    public func pendingRequests() async throws -> [NotificationRequest] {
        let mapping = self.mapping
        return await system.pendingRequests().map(mapping.request(from:))
    }

    /// Adds `request` to the system through ``SystemCenter/mapping``; a pending request with
    /// its id is replaced. Throws when its metadata cannot be encoded or the system refuses it.
    /// An attachment that does not load is left out and reported to
    /// ``SystemCenter/onDroppedAttachments``: the notification is added without it.
    public func add(_ request: NotificationRequest) async throws {
        let dropped = try await system.add(mapping.description(for: request))
        if !dropped.isEmpty { onDroppedAttachments(request.id, dropped) }
    }

    /// Removes the pending requests among `ids` that are in ``namespace``; other ids are
    /// left alone, since other code in the app owns them.
    public func removePendingRequests(withIdentifiers ids: [String]) async throws {
        let ours = ids.filter(namespace.owns)
        guard !ours.isEmpty else { return }
        await system.removePendingRequests(withIdentifiers: ours)
    }

    /// The notifications the system shows in Notification Center, read back through
    /// ``SystemCenter/mapping``. Never throws.
    public func deliveredNotifications() async throws -> [DeliveredNotification] {
        let mapping = self.mapping
        return await system.deliveredNotifications().map(mapping.delivered(from:))
    }

    /// Whether the app may show notifications, from the system's settings for the app
    /// (``SystemCenter/permissionState()`` has the details).
    public func authorizationStatus() async -> AuthorizationStatus {
        await system.permissionState().status
    }

    /// What the user allowed, in detail.
    public func permissionState() async -> PermissionState {
        await system.permissionState()
    }

    /// Asks the user for `options` (quietly, when they include `.provisional`) and returns
    /// the status that results.
    @discardableResult
    public func requestAuthorization(_ options: AuthorizationOptions) async throws -> AuthorizationStatus {
        _ = try await system.requestAuthorization(options)
        return await system.permissionState().status
    }

    /// Registers the app's notification categories and their actions beside those the app's
    /// other code registered: a category with the identifier of one of these is replaced,
    /// any other stays (``CategoryMerge``). Give the same categories to
    /// ``NotificationResponder/categories``, so that its buttons route as they should.
    public func setCategories(_ categories: [NotificationCategoryDescription]) async {
        await system.setCategories(categories)
    }
}
