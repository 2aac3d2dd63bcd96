/// A kind of notification an app registers with the system: the id that
/// ``NotificationContent/categoryID`` names, and how the app shows it while it is in the
/// foreground.
///
/// Systems do not show an app's notifications while the app is open unless the app asks;
/// the Apple adapter answers `userNotificationCenter(_:willPresent:)` with
/// ``foregroundPresentation`` for the notification's category.
public struct NotificationCategory: Hashable, Sendable {
    /// How a notification is shown while the app is in the foreground.
    public struct ForegroundPresentation: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// A banner at the top of the screen.
        public static let banner = ForegroundPresentation(rawValue: 1 << 0)
        /// Kept in the notification list.
        public static let list = ForegroundPresentation(rawValue: 1 << 1)
        /// The notification's sound.
        public static let sound = ForegroundPresentation(rawValue: 1 << 2)
        /// The notification's badge.
        public static let badge = ForegroundPresentation(rawValue: 1 << 3)

        /// Not shown while the app is open (the systems' default).
        public static let hidden: ForegroundPresentation = []
        /// Shown as if the app were closed.
        public static let all: ForegroundPresentation = [.banner, .list, .sound, .badge]
    }

    /// What ``NotificationContent/categoryID`` names.
    public var id: String
    /// How its notifications show while the app is in the foreground.
    public var foregroundPresentation: ForegroundPresentation

    /// A category `id`, hidden in the foreground unless `foregroundPresentation` says otherwise.
    public init(id: String, foregroundPresentation: ForegroundPresentation = .hidden) {
        self.id = id
        self.foregroundPresentation = foregroundPresentation
    }

    /// Whether the notification shows at all while the app is in the foreground.
    public var showsInForeground: Bool { !foregroundPresentation.isEmpty }
}
