#if canImport(UserNotifications) && !os(tvOS)
    import Bugle
    import Foundation
    import UserNotifications

    /// The `UNUserNotificationCenterDelegate` that connects the system's notification events to
    /// Bugle: foreground presentation by category, delivered and opened events into the
    /// scheduler's journal and sink, and the user's answers as ``NotificationTap`` values for
    /// the app: taps to navigate, background actions to run, settings requests.
    ///
    /// ```swift
    /// let bridge = NotificationDelegateBridge(responder: NotificationResponder(scheduler: scheduler, presentation: presentation, router: router, categories: categories))
    /// bridge.install()   // before the app finishes launching
    /// // In each scene:
    /// for await tap in bridge.taps.stream() { if let url = tap.destination { navigate(to: url) } }
    /// ```
    ///
    /// The system holds its delegate weakly: keep the bridge alive for the app's lifetime.
    /// Every ``NotificationBroadcast/stream()`` of ``taps`` gets every tap, so each window can
    /// iterate its own; taps that arrive before any stream is iterated (the tap that launched
    /// the app) wait for the first one.
    ///
    /// Each delegate call is answered at once: the completion handler is called before the
    /// method returns, and the journal writes run after, in a task (``ResponseRecording``).
    ///
    /// A delegate set before ``install()`` (the app's own, an SDK's) is kept, weakly, and
    /// answers for the notifications that are not Bugle's (``DelegateForwarding``).
    public final class NotificationDelegateBridge: NSObject, UNUserNotificationCenterDelegate, Sendable {
        /// The decisions behind the delegate.
        public let responder: NotificationResponder
        /// Taps on a notification, and buttons that open the app: navigate to their
        /// destination. Each stream gets every one.
        public let taps: NotificationBroadcast<NotificationTap>
        /// Buttons that run in the background, and dismissals: do the work, navigate nowhere.
        /// Iterate it from one place, from launch on: the app may have been launched in the
        /// background for it.
        public let actions: NotificationBroadcast<NotificationTap>
        /// The system asks the app to show its notification settings (apps that ask for
        /// `.providesAppNotificationSettings`): the notification it was asked from, or `nil`
        /// from the Settings app.
        public let settingsRequests: NotificationBroadcast<DeliveredNotification?>
        private let forwarding: DelegateForwarding
        private let previous = PreviousDelegate()

        /// A bridge for `responder`; call ``install()`` to make it the delegate.
        public init(responder: NotificationResponder) {
            self.responder = responder
            self.taps = NotificationBroadcast()
            self.actions = NotificationBroadcast()
            self.settingsRequests = NotificationBroadcast()
            self.forwarding = responder.forwarding
            super.init()
        }

        /// Makes the bridge the delegate of `UNUserNotificationCenter.current()`, keeping the
        /// delegate it replaces to answer for other code's notifications. Call it before the
        /// app finishes launching, or the tap that launched the app is lost.
        public func install() {
            let center = UNUserNotificationCenter.current()
            if let current = center.delegate, current !== self { previous.delegate = current }
            center.delegate = self
        }

        public func userNotificationCenter(
            _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
            withCompletionHandler completionHandler: @escaping @Sendable (UNNotificationPresentationOptions) -> Void
        ) {
            let previous = self.previous.delegate
            func forward() -> Bool {
                previous?.userNotificationCenter?(center, willPresent: notification, withCompletionHandler: completionHandler) != nil
            }
            forwarding.dispatch(
                notification.request.identifier, previous: previous == nil ? nil : forward,
                bugle: {
                    let recording = responder.willPresent(UserNotificationConversion.description(of: notification)) { options in
                        completionHandler(UserNotificationConversion.presentationOptions(options))
                    }
                    Task { await recording.run() }
                })
        }

        public func userNotificationCenter(
            _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
            withCompletionHandler completionHandler: @escaping @Sendable () -> Void
        ) {
            let previous = self.previous.delegate
            func forward() -> Bool {
                previous?.userNotificationCenter?(center, didReceive: response, withCompletionHandler: completionHandler) != nil
            }
            forwarding.dispatch(
                response.notification.request.identifier, previous: previous == nil ? nil : forward,
                bugle: {
                    let recording = responder.didReceive(
                        UserNotificationConversion.description(of: response.notification), action: UserNotificationConversion.action(of: response),
                        userText: (response as? UNTextInputNotificationResponse)?.userText, taps: taps, actions: actions, completion: completionHandler)
                    Task { await recording.run() }
                })
        }

        #if !os(watchOS)
            public func userNotificationCenter(_ center: UNUserNotificationCenter, openSettingsFor notification: UNNotification?) {
                let previous = self.previous.delegate
                func forward() -> Bool {
                    previous?.userNotificationCenter?(center, openSettingsFor: notification) != nil
                }
                forwarding.dispatch(
                    notification?.request.identifier, previous: previous == nil ? nil : forward,
                    bugle: {
                        responder.openSettings(for: notification.map(UserNotificationConversion.description(of:)), requests: settingsRequests)
                    })
            }
        #endif
    }

    /// The delegate the bridge replaced, held weakly as the system held it.
    private final class PreviousDelegate: @unchecked Sendable {
        private let lock = NSLock()
        private weak var stored: (any UNUserNotificationCenterDelegate)?

        var delegate: (any UNUserNotificationCenterDelegate)? {
            get {
                lock.lock()
                defer { lock.unlock() }
                return stored
            }
            set {
                lock.lock()
                stored = newValue
                lock.unlock()
            }
        }
    }
#endif
