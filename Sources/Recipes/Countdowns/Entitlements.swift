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

    /// The longest note a free user may write: 100 characters. The seed gives 100 in its
    /// Pro feature list and in the `long_notes` constant, and 500 in a comment of its data
    /// model; the gate is the feature list's (see the Countdowns article, *Notes*).
    public static let freeNotesLimit = 100
    /// The longest note with ``ProFeature/longNotes``: 5,000 characters.
    public static let proNotesLimit = 5_000

    /// The longest note the user may write, in characters as the user sees them (`é` and
    /// `👍🏽` are one each): ``freeNotesLimit`` free, ``proNotesLimit`` with
    /// ``ProFeature/longNotes``.
    public var notesLimit: Int { hasFeature(.longNotes) ? Self.proNotesLimit : Self.freeNotesLimit }
}

extension Countdown {
    /// The Pro features the event uses that `entitlements` do not unlock, in the order of
    /// ``ProFeature``: what a lapsed subscription leaves locked. The event keeps them
    /// stored and the app shows them locked; while they are, its reminders follow the
    /// free preset (``ReminderPreset/effective(for:)``), it no longer repeats
    /// (``CountdownRecurrence/effective(for:)``), and its notes, kept whole, cannot grow.
    public func lockedFeatures(for entitlements: Entitlements) -> [ProFeature] {
        var used: Set<ProFeature> = []
        if let feature = reminderPlan.preset.requiredFeature { used.insert(feature) }
        if notes.count > Entitlements.freeNotesLimit { used.insert(.longNotes) }
        if recurrence != .none { used.insert(.recurringCountdowns) }
        return ProFeature.allCases.filter { used.contains($0) && !entitlements.hasFeature($0) }
    }
}

/// Why an edit of a countdown was refused; the app shows the paywall or a message.
public struct CountdownError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// The choice needs Pro: show the paywall for this feature.
        case needsPro(ProFeature)
        /// The notes are longer than the user's limit (and than they were), in characters.
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

    /// The feature whose paywall to show: the one a "needs Pro" names, and
    /// ``ProFeature/longNotes`` for a free user's notes that Pro would hold.
    public var paywallFeature: ProFeature? {
        switch kind {
        case .needsPro(let feature): feature
        case .notesTooLong(let length, let limit) where limit < Entitlements.proNotesLimit && length <= Entitlements.proNotesLimit: .longNotes
        case .notesTooLong, .unknownEvent, .idInUse: nil
        }
    }

    /// A message for the user or the log.
    public var description: String {
        switch kind {
        case .needsPro(let feature): "needs Pro: \(feature.rawValue)"
        case .notesTooLong(let length, let limit):
            "notes are \(Self.grouped(length)) characters; the limit is \(Self.grouped(limit))"
                + (limit < Entitlements.proNotesLimit ? " (\(Self.grouped(Entitlements.proNotesLimit)) with Pro)" : "")
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
