import Bugle
import Foundation

/// What happens when a notification arrives in the foreground or the user answers one: the
/// logic under the `UNUserNotificationCenterDelegate` bridge, runnable on every platform.
///
/// Each answer comes in two steps, because the system gives the app little time to call a
/// delegate's completion handler:
///
/// 1. The decision, at once and without I/O: ``presentationOptions(for:)`` for a notification in
///    the foreground, ``tap(for:action:userText:)`` for the user's answer.
///    ``willPresent(_:completion:)`` and ``didReceive(_:action:userText:taps:actions:completion:)``
///    make it, hand it over and call the completion handler before they return.
/// 2. The recording, after: the ``ResponseRecording`` they return writes to the scheduler's
///    journal. A notification of Bugle's is recorded as delivered (the policies count it,
///    even when it is not shown) or, on a tap, as opened. A failed write becomes a `failed`
///    event on the scheduler's sink.
public struct NotificationResponder: Sendable {
    /// The scheduler that records deliveries and opens.
    public let scheduler: Scheduler
    /// How notifications show in the foreground.
    public var presentation: ForegroundPresentation
    /// Where taps lead.
    public var router: DeepLinkRouter
    /// Reads Bugle's metadata back from what the system hands over.
    public var mapping: RequestMapping
    /// The categories the app registers, whose buttons say which actions open the app
    /// (see ``NotificationResponseRoute``); pass those given to ``SystemCenter/setCategories(_:)``.
    public var categories: [NotificationCategoryDescription]

    /// A responder for `scheduler`.
    public init(
        scheduler: Scheduler, presentation: ForegroundPresentation = ForegroundPresentation(), router: DeepLinkRouter = DeepLinkRouter(),
        mapping: RequestMapping = RequestMapping(), categories: [NotificationCategoryDescription] = []
    ) {
        self.scheduler = scheduler
        self.presentation = presentation
        self.router = router
        self.mapping = mapping
        self.categories = categories
    }

    /// Who answers the delegate calls about a notification: Bugle for those in the planner's
    /// namespace, a previous delegate for the others (see ``DelegateForwarding``).
    public var forwarding: DelegateForwarding { DelegateForwarding(namespace: scheduler.planner.namespace) }

    // MARK: Decisions

    /// How `notification` shows while the app is in the foreground: its category's options.
    public func presentationOptions(for notification: DeliveredNotificationDescription) -> PresentationOptions {
        presentation.options(forCategory: notification.content.categoryIdentifier)
    }

    /// The user's answer to `notification` as the app is handed it, and its route. A tap
    /// leads to the ``DeepLinkRouter``'s destination; a background action and a dismissal
    /// lead nowhere.
    public func tap(for notification: DeliveredNotificationDescription, action: NotificationResponse.Action, userText: String? = nil) -> (
        tap: NotificationTap, route: NotificationResponseRoute
    ) {
        let response = NotificationResponse(notification: mapping.delivered(from: notification), action: action, userText: userText)
        let route = NotificationResponseRoute(action: action, categoryID: notification.content.categoryIdentifier, categories: categories)
        let destination = route == .tap ? router.destination(for: response) : nil
        return (NotificationTap(response: response, destination: destination), route)
    }

    // MARK: Delegate calls

    /// Answers a notification arriving while the app is in the foreground: calls `completion`
    /// with how to show it before returning, and returns the recording of the delivery, to
    /// run after.
    public func willPresent(_ notification: DeliveredNotificationDescription, completion: (PresentationOptions) -> Void) -> ResponseRecording {
        completion(presentationOptions(for: notification))
        let scheduler = self.scheduler
        guard scheduler.planner.namespace.owns(notification.identifier) else { return .nothing }
        let delivered = mapping.delivered(from: notification)
        return ResponseRecording {
            await Self.recordingFailure("record delivery", id: delivered.id, scheduler: scheduler) {
                try await scheduler.delivered(delivered)
            }
        }
    }

    /// Answers the user's response to a notification: hands the tap to `taps` (the app
    /// opens and navigates) or to `actions` (a background action, or a dismissal), then
    /// calls `completion`, before returning; returns the recording of the open, to run after.
    public func didReceive(
        _ notification: DeliveredNotificationDescription, action: NotificationResponse.Action, userText: String? = nil,
        taps: NotificationBroadcast<NotificationTap>, actions: NotificationBroadcast<NotificationTap>, completion: () -> Void
    ) -> ResponseRecording {
        let (tap, route) = self.tap(for: notification, action: action, userText: userText)
        (route == .tap ? taps : actions).send(tap)
        completion()
        let scheduler = self.scheduler
        let id = notification.identifier
        guard action == .open, scheduler.planner.namespace.owns(id) else { return .nothing }
        return ResponseRecording {
            await Self.recordingFailure("record open", id: id, scheduler: scheduler) {
                try await scheduler.opened(id: id)
            }
        }
    }

    /// Answers the system's request to show the app's notification settings: hands
    /// `notification` (`nil` when the user came from the Settings app) to `requests`.
    public func openSettings(for notification: DeliveredNotificationDescription?, requests: NotificationBroadcast<DeliveredNotification?>) {
        requests.send(notification.map(mapping.delivered(from:)))
    }

    /// Runs a journal write; a failure must not keep a notification from showing or a tap
    /// from routing, so it becomes a `failed` event on the scheduler's sink instead.
    private static func recordingFailure(_ operation: String, id: String, scheduler: Scheduler, _ body: () async throws -> Void) async {
        do {
            try await body()
        } catch {
            scheduler.sink.record(.failed(operation: operation, id: id, message: String(describing: error), at: scheduler.environment.now()))
        }
    }
}

/// The journal writes that follow a delegate call, returned by ``NotificationResponder`` once
/// the completion handler has been called: run it after, in a task of its own.
///
/// ```swift
/// let recording = responder.willPresent(delivered) { completionHandler(options($0)) }
/// Task { await recording.run() }
/// ```
public struct ResponseRecording: Sendable {
    private let body: @Sendable () async -> Void

    /// A recording that runs `body`.
    public init(_ body: @escaping @Sendable () async -> Void) {
        self.body = body
    }

    /// A recording with nothing to write: the notification is not Bugle's, or the answer is
    /// not one the journal keeps.
    public static let nothing = ResponseRecording {}

    /// Writes to the journal; a failure goes to the scheduler's sink as a `failed` event.
    public func run() async {
        await body()
    }
}
