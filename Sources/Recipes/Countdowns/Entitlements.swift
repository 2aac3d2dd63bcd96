/// The app's Pro features, by the constants the app and its paywall use.
public enum ProFeature: String, Hashable, Sendable, CaseIterable, Codable {
    /// The standard and intense reminder presets.
    case advancedReminders = "advanced_reminders"
    /// Extended notes features.
    case powerNotes = "power_notes"
    /// Searching notes.
    case notesSearch = "notes_search"
    /// The All Notes screen.
    case notesOverview = "notes_overview"
    /// Notes up to 5,000 characters instead of 100.
    case longNotes = "long_notes"
    /// Hiding seconds, showing weeks and months.
    case unitControls = "unit_controls"
    /// Enhanced analytics.
    case advancedAnalytics = "advanced_analytics"
    /// No ads.
    case noAds = "no_ads"
    /// Daily, weekly, monthly and yearly events.
    case recurringCountdowns = "recurring_countdowns"
}

/// What the user's subscription unlocks: every ``ProFeature`` with Pro, none without.
public struct Entitlements: Hashable, Sendable, Codable {
    /// Whether the user subscribes to Pro (`com.chronox.app.pro.monthly`).
    public var isPro: Bool

    /// The entitlements of a Pro user, or of a free one.
    public init(isPro: Bool) { self.isPro = isPro }

    /// A free user.
    public static let free = Entitlements(isPro: false)
    /// A Pro subscriber.
    public static let pro = Entitlements(isPro: true)

    /// Whether `feature` is unlocked.
    public func hasFeature(_ feature: ProFeature) -> Bool { isPro }

    /// The longest note the user may keep: 100 characters free, 5,000 with ``ProFeature/longNotes``.
    public var notesLimit: Int { hasFeature(.longNotes) ? 5_000 : 100 }
}

/// Why an edit of a countdown was refused; the app shows the paywall or a message.
public struct CountdownError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The choice needs Pro: show the paywall for this feature.
        case needsPro(ProFeature)
        /// The notes are longer than the user's limit.
        case notesTooLong(length: Int, limit: Int)
        /// No event has this id.
        case unknownEvent(String)
        /// Another event has this id already.
        case idInUse(String)
    }

    /// What went wrong.
    public let kind: Kind

    /// An error of `kind`.
    public init(_ kind: Kind) { self.kind = kind }

    /// The feature whose paywall to show, when the answer is "needs Pro".
    public var paywallFeature: ProFeature? {
        if case .needsPro(let feature) = kind { return feature }
        return nil
    }

    /// A message for the user or the log.
    public var description: String {
        switch kind {
        case .needsPro(let feature): "needs Pro: \(feature.rawValue)"
        case .notesTooLong(let length, let limit):
            "notes are \(Self.grouped(length)) characters; the limit is \(Self.grouped(limit))" + (limit < Entitlements.pro.notesLimit ? " (5,000 with Pro)" : "")
        case .unknownEvent(let id): "no countdown has the id \"\(id)\""
        case .idInUse(let id): "a countdown with the id \"\(id)\" exists already"
        }
    }

    /// `5,000`: thousands grouped with commas, whatever the locale.
    private static func grouped(_ number: Int) -> String {
        var digits = String(number)
        var index = digits.endIndex
        while digits.distance(from: digits.startIndex, to: index) > 3 {
            index = digits.index(index, offsetBy: -3)
            digits.insert(",", at: index)
        }
        return digits
    }
}
