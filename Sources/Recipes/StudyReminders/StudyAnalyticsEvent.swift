import Bugle

/// The analytics events of the notification settings and reminders, as the app's
/// `AnalyticsEvent` enum names them.
public enum StudyAnalyticsEvent: Hashable, Sendable, CustomStringConvertible {
    /// `study_reminders_enabled`: the study reminder toggle turned on (permission allowing).
    case studyRemindersEnabled
    /// `study_reminders_disabled`: the user turned the study reminder toggle off.
    case studyRemindersDisabled
    /// `difficult_card_reminders_enabled`: the difficult-card reminder toggle turned on
    /// (permission allowing).
    case difficultCardRemindersEnabled
    /// `difficult_card_reminders_disabled`: the user turned the difficult-card toggle off.
    case difficultCardRemindersDisabled
    /// A difficult-card reminder was scheduled as the user left the app.
    case difficultCardReminderScheduled(difficultCardsCount: Int)

    /// The event's name: `study_reminders_enabled`, ….
    public var name: String {
        switch self {
        case .studyRemindersEnabled: "study_reminders_enabled"
        case .studyRemindersDisabled: "study_reminders_disabled"
        case .difficultCardRemindersEnabled: "difficult_card_reminders_enabled"
        case .difficultCardRemindersDisabled: "difficult_card_reminders_disabled"
        case .difficultCardReminderScheduled: "difficult_card_reminder_scheduled"
        }
    }

    /// The event's parameters.
    public var parameters: [String: JSONValue] {
        switch self {
        case .difficultCardReminderScheduled(let count): ["difficult_cards_count": .int(count)]
        case .studyRemindersEnabled, .studyRemindersDisabled, .difficultCardRemindersEnabled, .difficultCardRemindersDisabled: [:]
        }
    }

    /// `difficult_card_reminder_scheduled {"difficult_cards_count": 3}`.
    public var description: String { parameters.isEmpty ? name : "\(name) \(JSONValue.object(parameters))" }

    /// The event of turning `setting` on or off.
    static func toggled(_ setting: StudySetting, on: Bool) -> StudyAnalyticsEvent {
        switch (setting, on) {
        case (.studyReminders, true): .studyRemindersEnabled
        case (.studyReminders, false): .studyRemindersDisabled
        case (.difficultCardReminders, true): .difficultCardRemindersEnabled
        case (.difficultCardReminders, false): .difficultCardRemindersDisabled
        }
    }
}
