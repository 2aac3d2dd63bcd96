/// What the app does with the user's answer to a notification: navigate, run an action in
/// the background, or take note of a dismissal.
///
/// The system opens the app for a tap on the notification and for a button with the
/// `.foreground` option; for any other button it runs the app in the background, with no
/// window to navigate in. The route follows it:
///
/// | the user | route |
/// | --- | --- |
/// | tapped the notification (`UNNotificationDefaultActionIdentifier`) | ``tap`` |
/// | pressed a button with ``NotificationActionDescription/Options/foreground`` | ``tap`` |
/// | pressed a button without it | ``action`` |
/// | pressed a button that no category given to Bugle describes | ``action`` |
/// | dismissed it (`UNNotificationDismissActionIdentifier`) | ``dismissal`` |
///
/// A button is looked up in the category that the notification names: give
/// ``NotificationResponder/categories`` the categories the app registers, or each button
/// counts as a background action, which never navigates.
public enum NotificationResponseRoute: Hashable, Sendable {
    /// The app opens: navigate to the tap's destination.
    case tap
    /// The app runs in the background: do the button's work, navigate nowhere.
    case action
    /// The user dismissed the notification, in a category with
    /// ``NotificationCategoryDescription/Options/customDismissAction``.
    case dismissal

    /// The route of `action` on a notification of the category `categoryID`, with the
    /// buttons that `categories` describe.
    public init(action: NotificationResponse.Action, categoryID: String?, categories: [NotificationCategoryDescription]) {
        switch action {
        case .open:
            self = .tap
        case .dismiss:
            self = .dismissal
        case .custom(let identifier):
            let category = categories.last { $0.identifier == categoryID }
            let button = category?.actions.last { $0.identifier == identifier }
            self = button?.options.contains(.foreground) == true ? .tap : .action
        }
    }
}
