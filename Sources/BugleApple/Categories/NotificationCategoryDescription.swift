/// A button on a notification (`UNNotificationAction`, or `UNTextInputNotificationAction`
/// when it takes text).
public struct NotificationActionDescription: Hashable, Sendable {
    /// How an action behaves (`UNNotificationActionOptions`).
    public struct Options: OptionSet, Hashable, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options from their bits.
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
        /// The title of the send button.
        public var buttonTitle: String
        /// The text shown in the empty field.
        public var placeholder: String

        /// A text field with its button title and placeholder.
        public init(buttonTitle: String, placeholder: String) {
            self.buttonTitle = buttonTitle
            self.placeholder = placeholder
        }
    }

    /// The identifier a response names (``NotificationResponse/Action/custom(_:)``).
    public var identifier: String
    /// The button's title.
    public var title: String
    /// How the action behaves.
    public var options: Options
    /// An SF Symbol name for the button's icon.
    public var systemImageName: String?
    /// The text field, for an action that takes text.
    public var textInput: TextInput?

    /// An action from its parts.
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
        /// The options' bits.
        public let rawValue: UInt
        /// Options from their bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Tell the app when the user dismisses the notification, as a response.
        public static let customDismissAction = Options(rawValue: 1 << 0)
        /// Show the title when previews are hidden.
        public static let hiddenPreviewsShowTitle = Options(rawValue: 1 << 1)
        /// Show the subtitle when previews are hidden.
        public static let hiddenPreviewsShowSubtitle = Options(rawValue: 1 << 2)
    }

    /// The identifier a request's `categoryID` names.
    public var identifier: String
    /// Its buttons, in order.
    public var actions: [NotificationActionDescription]
    /// How the category behaves.
    public var options: Options

    /// A category from its parts.
    public init(identifier: String, actions: [NotificationActionDescription] = [], options: Options = []) {
        self.identifier = identifier
        self.actions = actions
        self.options = options
    }
}
