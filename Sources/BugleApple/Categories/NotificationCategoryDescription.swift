/// A button on a notification (`UNNotificationAction`, or `UNTextInputNotificationAction`
/// when it takes text).
public struct NotificationActionDescription: Hashable, Sendable {
    /// How an action behaves (`UNNotificationActionOptions`).
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Needs the device unlocked.
        public static let authenticationRequired = Options(rawValue: 1 << 0)
        /// Shown in red: it deletes or cancels something.
        public static let destructive = Options(rawValue: 1 << 1)
        /// Opens the app.
        public static let foreground = Options(rawValue: 1 << 2)
    }

    /// A text field the action shows before it runs.
    public struct TextInput: Hashable, Sendable {
        public var buttonTitle: String
        public var placeholder: String

        public init(buttonTitle: String, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }

    public var identifier: String
    public var title: String
    public var options: Options
    /// An SF Symbol name for the button's icon.
    public var systemImageName: String?
    public var textInput: TextInput?

    public init(identifier: String, title: String, options: Options = [], systemImageName: String? = nil, textInput: TextInput? = nil) {
        self.identifier = identifier
        self.title = title
        self.options = options
        self.systemImageName = systemImageName
        self.textInput = textInput
    }
}

/// A kind of notification and its buttons (`UNNotificationCategory`). A request names it
/// with its content's `categoryID`.
public struct NotificationCategoryDescription: Hashable, Sendable {
    /// How a category behaves (`UNNotificationCategoryOptions`).
    public struct Options: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Tell the app when the user dismisses the notification, as a response.
        public static let customDismissAction = Options(rawValue: 1 << 0)
        /// Show the title when previews are hidden.
        public static let hiddenPreviewsShowTitle = Options(rawValue: 1 << 1)
        /// Show the subtitle when previews are hidden.
        public static let hiddenPreviewsShowSubtitle = Options(rawValue: 1 << 2)
    }

    public var identifier: String
    public var actions: [NotificationActionDescription]
    public var options: Options

    public init(identifier: String, actions: [NotificationActionDescription] = [], options: Options = []) {
        self.identifier = identifier
        self.actions = actions
        self.options = options
    }
}
