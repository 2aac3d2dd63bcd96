/// How a notification shows while the app is in the foreground
/// (`UNNotificationPresentationOptions`). Empty: not shown at all.
public struct PresentationOptions: OptionSet, Hashable, Sendable {
    /// The options' bits.
    public let rawValue: UInt
    /// Options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// A banner at the top of the screen.
    public static let banner = PresentationOptions(rawValue: 1 << 0)
    /// Kept in Notification Center.
    public static let list = PresentationOptions(rawValue: 1 << 1)
    /// The notification's sound.
    public static let sound = PresentationOptions(rawValue: 1 << 2)
    /// The notification's badge on the app icon.
    public static let badge = PresentationOptions(rawValue: 1 << 3)

    /// Everything a notification would do with the app closed.
    public static let all: PresentationOptions = [.banner, .list, .sound, .badge]
}

/// Which notifications show while the app is open, by category.
///
/// ```swift
/// let presentation = ForegroundPresentation(fallback: [.list], byCategory: ["study": [.banner, .sound, .list]])
/// ```
/// A study reminder shows a banner even in the app; anything else goes quietly to the list.
public struct ForegroundPresentation: Hashable, Sendable {
    /// For categories not listed, and notifications without one.
    public var fallback: PresentationOptions
    /// Options by category identifier.
    public var byCategory: [String: PresentationOptions]

    /// Options by category, and `fallback` for the rest.
    public init(fallback: PresentationOptions = .all, byCategory: [String: PresentationOptions] = [:]) {
        self.fallback = fallback
        self.byCategory = byCategory
    }

    /// The options for a notification of `categoryID` (`nil` or `""`: none).
    public func options(forCategory categoryID: String?) -> PresentationOptions {
        guard let categoryID, !categoryID.isEmpty else { return fallback }
        return byCategory[categoryID] ?? fallback
    }
}
