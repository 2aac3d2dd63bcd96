import Bugle

/// Who answers the system's notification delegate calls when Bugle's bridge took the place
/// of a delegate that was there before (the app's own, or an SDK's).
///
/// `UNUserNotificationCenter` has one delegate. `NotificationDelegateBridge.install()` keeps
/// the one it replaces, weakly as the system held it, and every delegate call goes to one
/// of the two by this rule:
///
/// - A notification in Bugle's ``namespace`` (its request id starts with `bugle.`): Bugle
///   answers, and the previous delegate is not called.
/// - Any other notification, and the call to open the app's notification settings from the
///   Settings app (no notification): the previous delegate answers, when there is one and it
///   implements the method; it calls the completion handler itself.
/// - Otherwise Bugle answers, as if there were no previous delegate: the foreground
///   presentation of the notification's category, a tap routed by its `userInfo`, a settings
///   request.
public struct DelegateForwarding: Hashable, Sendable {
    /// Who answers a delegate call.
    public enum Handler: Hashable, Sendable {
        /// Bugle's responder.
        case bugle
        /// The delegate that was installed before Bugle's bridge.
        case previous
    }

    /// The id prefix of Bugle's requests: the planner's.
    public var namespace: Namespace

    /// The rule for the requests in `namespace`.
    public init(namespace: Namespace = Namespace()) {
        self.namespace = namespace
    }

    /// Who answers a call about the notification `identifier` (`nil`: a call about no
    /// notification) when there is, or is not, a previous delegate.
    public func handler(for identifier: String?, hasPrevious: Bool) -> Handler {
        guard hasPrevious else { return .bugle }
        if let identifier, namespace.owns(identifier) { return .bugle }
        return .previous
    }

    /// Hands a delegate call about the notification `identifier` to the one that answers it.
    ///
    /// - Parameters:
    ///   - identifier: The notification's request id; `nil` for a call about no notification.
    ///   - previous: Passes the call on to the previous delegate and returns whether it
    ///     implements the method; `nil` when there is no previous delegate.
    ///   - bugle: Answers the call with Bugle's responder.
    /// - Returns: Who answered.
    @discardableResult
    public func dispatch(_ identifier: String?, previous: (() -> Bool)?, bugle: () -> Void) -> Handler {
        if handler(for: identifier, hasPrevious: previous != nil) == .previous, let previous, previous() {
            return .previous
        }
        bugle()
        return .bugle
    }
}
