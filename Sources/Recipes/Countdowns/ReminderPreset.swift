/// The reminder presets the app offers; there are no custom offsets.
public enum ReminderPreset: String, Hashable, Sendable, Codable, CaseIterable {
    /// No reminder.
    case off
    /// At the start.
    case simple
    /// 24 hours before and at the start (Pro).
    case standard
    /// 7 days, 24 hours and 1 hour before, and at the start (Pro).
    case intense

    /// The reminders of the preset, earliest first.
    public var offsets: [ReminderOffset] {
        switch self {
        case .off: []
        case .simple: [.atStart]
        case .standard: [.dayBefore, .atStart]
        case .intense: [.weekBefore, .dayBefore, .hourBefore, .atStart]
        }
    }

    /// The feature a preset needs, if any: the standard and intense ones need ``ProFeature/advancedReminders``.
    public var requiredFeature: ProFeature? {
        switch self {
        case .off, .simple: nil
        case .standard, .intense: .advancedReminders
        }
    }

    /// The preset a user with `entitlements` gets: this one when they unlock it, else
    /// ``simple``, the free preset, whose one reminder (at the start) every Pro preset has
    /// too. A lapsed subscription keeps the reminder at the start and loses the others.
    public func effective(for entitlements: Entitlements) -> ReminderPreset {
        guard let requiredFeature, !entitlements.hasFeature(requiredFeature) else { return self }
        return .simple
    }
}

/// How long before an occurrence a reminder fires: an exact duration, so a reminder is a
/// fixed instant in the event's zone.
public enum ReminderOffset: String, Hashable, Sendable, CaseIterable {
    /// 7 days (168 hours) before.
    case weekBefore = "7d"
    /// 24 hours before.
    case dayBefore = "1d"
    /// 1 hour before.
    case hourBefore = "1h"
    /// At the occurrence.
    case atStart = "0"

    /// Seconds before the occurrence.
    public var seconds: Double {
        switch self {
        case .weekBefore: 7 * 86_400
        case .dayBefore: 86_400
        case .hourBefore: 3_600
        case .atStart: 0
        }
    }

    /// The app's label: "7 days before", "1 day before", "1 hour before", "At start".
    public var label: String {
        switch self {
        case .weekBefore: "7 days before"
        case .dayBefore: "1 day before"
        case .hourBefore: "1 hour before"
        case .atStart: "At start"
        }
    }

    /// The offset whose ``label`` is `label`; `nil` for any other text.
    public init?(label: String) {
        guard let offset = Self.allCases.first(where: { $0.label == label }) else { return nil }
        self = offset
    }
}
