#if canImport(UserNotifications) && !os(tvOS)
    import Bugle
    import Foundation
    import UserNotifications

    /// ``NotificationSystem`` over `UNUserNotificationCenter.current()`.
    ///
    /// ```swift
    /// let center = SystemCenter(system: UserNotificationSystem())
    /// ```
    ///
    /// Every call converts the system's objects into descriptions inside the system's own
    /// completion handler, so nothing that is not `Sendable` crosses a concurrency boundary.
    public struct UserNotificationSystem: NotificationSystem {
        /// The system of `UNUserNotificationCenter.current()`.
        public init() {}

        private var center: UNUserNotificationCenter { .current() }

        public func pendingRequests() async -> [NotificationRequestDescription] {
            await withCheckedContinuation { continuation in
                center.getPendingNotificationRequests { requests in
                    continuation.resume(returning: requests.map(UserNotificationConversion.description(of:)))
                }
            }
        }

        public func add(_ request: NotificationRequestDescription) async throws -> [DroppedAttachment] {
            let (systemRequest, dropped) = UserNotificationConversion.request(request)
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                center.add(systemRequest) { error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume() }
                }
            }
            return dropped
        }

        public func removePendingRequests(withIdentifiers ids: [String]) async {
            center.removePendingNotificationRequests(withIdentifiers: ids)
        }

        public func deliveredNotifications() async -> [DeliveredNotificationDescription] {
            await withCheckedContinuation { continuation in
                center.getDeliveredNotifications { notifications in
                    continuation.resume(returning: notifications.map(UserNotificationConversion.description(of:)))
                }
            }
        }

        public func permissionState() async -> PermissionState {
            await withCheckedContinuation { continuation in
                center.getNotificationSettings { settings in
                    continuation.resume(returning: UserNotificationConversion.permission(settings))
                }
            }
        }

        public func requestAuthorization(_ options: AuthorizationOptions) async throws -> Bool {
            let options = UserNotificationConversion.authorizationOptions(options)
            return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Bool, any Error>) in
                center.requestAuthorization(options: options) { granted, error in
                    if let error { continuation.resume(throwing: error) } else { continuation.resume(returning: granted) }
                }
            }
        }

        public func setCategories(_ categories: [NotificationCategoryDescription]) async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                center.getNotificationCategories { existing in
                    let ours = categories.map(UserNotificationConversion.category)
                    center.setNotificationCategories(Set(CategoryMerge.merged(existing: existing, ours: ours, identifier: \.identifier)))
                    continuation.resume()
                }
            }
        }
    }

    extension SystemCenter where System == UserNotificationSystem {
        /// The center on `UNUserNotificationCenter`, reading floating components in the device's
        /// calendar.
        public static func userNotifications(
            namespace: Namespace = Namespace(), attachments: @escaping @Sendable (NotificationRequest) -> [AttachmentDescription] = { _ in [] },
            onDroppedAttachments: @escaping @Sendable (_ requestID: String, _ dropped: [DroppedAttachment]) -> Void = { _, _ in }
        ) -> Self {
            SystemCenter(
                system: UserNotificationSystem(), namespace: namespace, calendar: { SystemCalendar.device() }, attachments: attachments,
                onDroppedAttachments: onDroppedAttachments)
        }
    }
#endif
