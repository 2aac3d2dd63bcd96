import Bugle

/// What the study rules read from the app's state snapshot.
public struct StudyFacts: Hashable, Sendable {
    /// State keys.
    public enum Key {
        /// Whether the study reminder toggle is on.
        public static let studyReminders = "studyRemindersEnabled"
        /// Whether the difficult-card reminder toggle is on.
        public static let difficultCardReminders = "difficultCardRemindersEnabled"
        /// `YYYY-MM-DD`: the local day the user last opened or left the app.
        public static let lastActiveDate = "lastActiveDate"
        /// `YYYY-MM-DD`: the day of the difficult-card reminder, set when the user left with
        /// difficult cards due.
        public static let difficultCardReminderDate = "difficultCardReminderDate"
        /// The app's language (`en`, `es`, `fr`).
        public static let language = "language"
    }

    /// The toggles.
    public var settings: StudySettings
    /// The local day the user last opened or left the app.
    public var lastActiveDate: LocalDate?
    /// The day of the difficult-card reminder, when one is due.
    public var difficultCardReminderDate: LocalDate?
    /// The language of the copy.
    public var language: String

    /// The facts as the app knows them.
    public init(
        settings: StudySettings = StudySettings(), lastActiveDate: LocalDate? = nil, difficultCardReminderDate: LocalDate? = nil, language: String = "en"
    ) {
        self.settings = settings
        self.lastActiveDate = lastActiveDate
        self.difficultCardReminderDate = difficultCardReminderDate
        self.language = language
    }

    /// Reads the facts from a state snapshot; missing keys read as off, never active, English.
    public init(_ state: AppState) {
        settings = StudySettings(
            studyReminders: state[Key.studyReminders] == .bool(true),
            difficultCardReminders: state[Key.difficultCardReminders] == .bool(true))
        if case .string(let text)? = state[Key.lastActiveDate] { lastActiveDate = TimeParsing.localDate(text) }
        if case .string(let text)? = state[Key.difficultCardReminderDate] { difficultCardReminderDate = TimeParsing.localDate(text) }
        if case .string(let text)? = state[Key.language] { language = text } else { language = "en" }
    }

    /// The facts as state values, by key (`nil` removes a key).
    public var stateValues: [String: JSONValue?] {
        [
            Key.studyReminders: .bool(settings.studyReminders),
            Key.difficultCardReminders: .bool(settings.difficultCardReminders),
            Key.lastActiveDate: lastActiveDate.map { .string($0.description) },
            Key.difficultCardReminderDate: difficultCardReminderDate.map { .string($0.description) },
            Key.language: .string(language),
        ]
    }
}
