import Bugle
import Foundation

/// An analytics breadcrumb: a name and its data, as the game sends them to Sentry.
public struct Breadcrumb: Hashable, Sendable, CustomStringConvertible {
    /// The breadcrumb's name (`notification_opened`).
    public var name: String
    /// Its data (the notification's id).
    public var data: [String: JSONValue]

    /// A breadcrumb `name` carrying `data`.
    public init(name: String, data: [String: JSONValue] = [:]) {
        self.name = name
        self.data = data
    }

    /// `notification_opened {"id": "…"}`.
    public var description: String { data.isEmpty ? name : "\(name) \(JSONValue.object(data))" }
}

/// The game's notification breadcrumbs: `notification_scheduled`, `notification_received`
/// (shown while the app was in the foreground) and `notification_opened`.
///
/// As an `EventSink` it turns the scheduler's events into breadcrumbs (scheduled, opened);
/// the app reports foreground presentations with ``received(id:at:)``.
public struct StreakAnalytics: EventSink {
    /// The breadcrumbs' names.
    public enum Name: String, CaseIterable, Sendable {
        /// `notification_scheduled`: Bugle added a request to the center.
        case scheduled = "notification_scheduled"
        /// `notification_received`: a notification was shown while the app was in the
        /// foreground (``StreakAnalytics/received(id:at:)``).
        case received = "notification_received"
        /// `notification_opened`: the user tapped a notification.
        case opened = "notification_opened"
    }

    private let send: @Sendable (Breadcrumb) -> Void

    /// - Parameter send: where breadcrumbs go (`SentrySDK.addBreadcrumb`).
    public init(send: @escaping @Sendable (Breadcrumb) -> Void) { self.send = send }

    /// Sends the breadcrumb of `event` (``StreakAnalytics/breadcrumb(for:)``); an event the
    /// game does not track sends nothing.
    public func record(_ event: SchedulerEvent) {
        if let breadcrumb = Self.breadcrumb(for: event) { send(breadcrumb) }
    }

    /// The breadcrumb for a scheduler event, if the game tracks it.
    public static func breadcrumb(for event: SchedulerEvent) -> Breadcrumb? {
        switch event {
        case .scheduled(let request, let fireDate, _):
            Breadcrumb(
                name: Name.scheduled.rawValue,
                data: ["id": .string(request.id), "fireDate": .string(ISO8601.string(from: fireDate, timeZone: TimeZone(identifier: "UTC")!))])
        case .opened(let id, _):
            Breadcrumb(name: Name.opened.rawValue, data: ["id": .string(id)])
        case .refreshed, .cancelled, .dropped, .delivered, .failed, .skipped:
            nil
        }
    }

    /// The breadcrumb for a notification shown while the app was in the foreground.
    public static func received(id: String, at date: Date) -> Breadcrumb {
        Breadcrumb(name: Name.received.rawValue, data: ["id": .string(id), "at": .string(ISO8601.string(from: date, timeZone: TimeZone(identifier: "UTC")!))])
    }
}
