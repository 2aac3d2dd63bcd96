import Bugle
import Foundation

/// What happens when a notification arrives in the foreground or the user answers one: the
/// logic under the `UNUserNotificationCenterDelegate` bridge, runnable on every platform.
///
/// - In the foreground, a notification of Bugle's is recorded as delivered at once (the
///   policies count it, even when it is not shown), and shows with its category's
///   ``ForegroundPresentation`` options.
/// - A tap on a notification of Bugle's is recorded as opened; every response becomes a
///   ``NotificationTap`` with the ``DeepLinkRouter``'s destination.
public struct NotificationResponder: Sendable {
    /// The scheduler that records deliveries and opens.
    public let scheduler: Scheduler
    /// How notifications show in the foreground.
    public var presentation: ForegroundPresentation
    /// Where taps lead.
    public var router: DeepLinkRouter
    /// Reads Bugle's metadata back from what the system hands over.
    public var mapping: RequestMapping

    /// A responder for `scheduler`.
    public init(
        scheduler: Scheduler, presentation: ForegroundPresentation = ForegroundPresentation(), router: DeepLinkRouter = DeepLinkRouter(),
        mapping: RequestMapping = RequestMapping()
    ) {
        self.scheduler = scheduler
        self.presentation = presentation
        self.router = router
        self.mapping = mapping
    }

    /// Handles a notification arriving while the app is in the foreground; returns how to
    /// show it.
    public func willPresent(_ notification: DeliveredNotificationDescription) async -> PresentationOptions {
        await recordingFailure("record delivery", id: notification.identifier) {
            try await scheduler.delivered(mapping.delivered(from: notification))
        }
        return presentation.options(forCategory: notification.content.categoryIdentifier)
    }

    /// Handles the user's answer to a notification; returns it with where it leads.
    public func didReceive(_ notification: DeliveredNotificationDescription, action: NotificationResponse.Action, userText: String? = nil) async
        -> NotificationTap
    {
        let response = NotificationResponse(notification: mapping.delivered(from: notification), action: action, userText: userText)
        if action == .open, scheduler.planner.namespace.owns(notification.identifier) {
            await recordingFailure("record open", id: notification.identifier) {
                try await scheduler.opened(id: notification.identifier)
            }
        }
        return NotificationTap(response: response, destination: router.destination(for: response))
    }

    /// Runs a journal write; a failure must not keep a notification from showing or a tap
    /// from routing, so it becomes a `failed` event on the scheduler's sink instead.
    private func recordingFailure(_ operation: String, id: String, _ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            scheduler.sink.record(.failed(operation: operation, id: id, message: String(describing: error), at: scheduler.environment.now()))
        }
    }
}
