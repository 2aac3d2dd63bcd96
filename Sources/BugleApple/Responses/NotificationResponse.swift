import Bugle
import Foundation

/// What the user did with a notification (`UNNotificationResponse`), as a plain value.
public struct NotificationResponse: Hashable, Sendable {
    /// The user's gesture.
    public enum Action: Hashable, Sendable {
        /// Tapped the notification (`UNNotificationDefaultActionIdentifier`).
        case open
        /// Dismissed it, in a category with a custom dismiss action
        /// (`UNNotificationDismissActionIdentifier`).
        case dismiss
        /// Pressed one of the category's buttons.
        case custom(String)
    }

    /// The notification, with Bugle's metadata read back (rule, deep link, the app's payload).
    public var notification: DeliveredNotification
    /// What the user did.
    public var action: Action
    /// What the user typed, for a text-input action.
    public var userText: String?

    /// A response to `notification`.
    public init(notification: DeliveredNotification, action: Action, userText: String? = nil) {
        self.notification = notification
        self.action = action
        self.userText = userText
    }
}

/// A response and where it leads, handed to the app.
public struct NotificationTap: Hashable, Sendable {
    /// What the user did, and with which notification.
    public var response: NotificationResponse
    /// The deep link to open, when there is one.
    public var destination: URL?

    /// A tap leading to `destination`.
    public init(response: NotificationResponse, destination: URL?) {
        self.response = response
        self.destination = destination
    }
}
