import Bugle
import Foundation

/// Where a tap on a notification leads: a pure decision over the response's payload.
///
/// - A tap opens the notification's link: Bugle's `deepLink`, else the first of
///   ``userInfoKeys`` that holds a string (for notifications other code scheduled), else the
///   link of its category.
/// - A button opens its own link from ``actionLinks`` when it has one, else the
///   notification's link.
/// - A dismissal opens nothing.
///
/// Only absolute URLs (with a scheme) count; anything else is no link.
public struct DeepLinkRouter: Hashable, Sendable {
    /// Links by action identifier.
    public var actionLinks: [String: String]
    /// Links by category identifier, for notifications that carry none.
    public var categoryLinks: [String: String]
    /// `userInfo` keys read for a link, in order.
    public var userInfoKeys: [String]

    /// A router with links by action and by category, and the `userInfo` keys to read.
    public init(actionLinks: [String: String] = [:], categoryLinks: [String: String] = [:], userInfoKeys: [String] = ["deepLink", "url"]) {
        self.actionLinks = actionLinks
        self.categoryLinks = categoryLinks
        self.userInfoKeys = userInfoKeys
    }

    /// The link `response` opens, if any.
    public func destination(for response: NotificationResponse) -> URL? {
        switch response.action {
        case .dismiss:
            return nil
        case .custom(let action):
            if let link = actionLinks[action].flatMap(Self.url) { return link }
            return link(of: response.notification)
        case .open:
            return link(of: response.notification)
        }
    }

    private func link(of notification: DeliveredNotification) -> URL? {
        let content = notification.content
        if let link = content.deepLink.flatMap(Self.url) { return link }
        for key in userInfoKeys {
            if case .string(let text)? = content.userInfo[key], let link = Self.url(text) { return link }
        }
        return content.categoryID.flatMap { categoryLinks[$0] }.flatMap(Self.url)
    }

    private static func url(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme, !scheme.isEmpty else { return nil }
        return url
    }
}
