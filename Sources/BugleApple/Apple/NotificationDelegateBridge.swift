#if canImport(UserNotifications) && !os(tvOS)
    import Bugle
    import Foundation
    import UserNotifications

    /// The `UNUserNotificationCenterDelegate` that connects the system's notification events to
    /// Bugle: foreground presentation by category, delivered and opened events into the
    /// scheduler's sink, and taps as a stream of ``NotificationTap`` values for the app to route.
    ///
    /// ```swift
    /// let bridge = NotificationDelegateBridge(responder: NotificationResponder(scheduler: scheduler, presentation: presentation, router: router))
    /// bridge.install()   // before the app finishes launching
    /// for await tap in bridge.taps { if let url = tap.destination { navigate(to: url) } }
    /// ```
    ///
    /// The system holds its delegate weakly: keep the bridge alive for the app's lifetime. Taps
    /// that arrive before anyone iterates ``taps`` (the tap that launched the app) wait in the
    /// stream. Iterate it from one place only.
    public final class NotificationDelegateBridge: NSObject, UNUserNotificationCenterDelegate, Sendable {
        /// The decisions behind the delegate.
        public let responder: NotificationResponder
        /// Every response, in order, with where it leads.
        public let taps: AsyncStream<NotificationTap>
        private let continuation: AsyncStream<NotificationTap>.Continuation

        /// A bridge for `responder`; call ``install()`` to make it the delegate.
        public init(responder: NotificationResponder) {
            self.responder = responder
            let stream = AsyncStream.makeStream(of: NotificationTap.self)
            self.taps = stream.stream
            self.continuation = stream.continuation
            super.init()
        }

        /// Makes the bridge the delegate of `UNUserNotificationCenter.current()`. Call it before
        /// the app finishes launching, or the tap that launched the app is lost.
        public func install() {
            UNUserNotificationCenter.current().delegate = self
        }

        public func userNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
        ) {
            let delivered = UserNotificationConversion.description(of: notification)
            let responder = self.responder
            Task {
                let options = await responder.willPresent(delivered)
                completionHandler(UserNotificationConversion.presentationOptions(options))
            }
        }

        public func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void
        ) {
            let delivered = UserNotificationConversion.description(of: response.notification)
            let action = UserNotificationConversion.action(of: response)
            let userText = (response as? UNTextInputNotificationResponse)?.userText
            let responder = self.responder
            let continuation = self.continuation
            Task {
                let tap = await responder.didReceive(delivered, action: action, userText: userText)
                continuation.yield(tap)
                completionHandler()
            }
        }
    }
#endif
