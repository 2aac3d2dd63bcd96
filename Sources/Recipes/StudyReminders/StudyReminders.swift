import Bugle
import Foundation

/// The reminders of a flashcard app: a study reminder at 20:30 on the day after the user
/// leaves the app, and a reminder at 16:30 when the user leaves with difficult cards due.
///
/// Each has a settings toggle (``StudySettings``); turning one on asks for permission, and a
/// denial keeps it off. The copy, in English, Spanish and French, comes from the String
/// Catalog `StudyReminders.xcstrings` shipped with the target. ``StudyRemindersApp`` turns
/// the app's lifecycle and the toggles into refreshes and analytics events.
///
/// ```swift
/// let recipe = try StudyReminders()
/// let planner = Planner(rules: recipe.rules)
/// var app = StudyRemindersApp()
/// app.handle(.toggled(.studyReminders, on: true), at: now, in: .current)  // [.requestAuthorization]
/// ```
public struct StudyReminders: Sendable {
    /// The reminders' times and the languages of the copy.
    public struct Configuration: Hashable, Sendable, Codable {
        /// The study reminder's wall-clock time, on the day after the user leaves.
        public var studyTime: LocalTime
        /// The difficult-card reminder's wall-clock time: the next one after the user leaves.
        public var difficultCardTime: LocalTime

        /// The seed's times, 20:30 and 16:30, unless told otherwise.
        public init(studyTime: LocalTime = "20:30", difficultCardTime: LocalTime = "16:30") {
            self.studyTime = studyTime
            self.difficultCardTime = difficultCardTime
        }
    }

    /// Rule ids, which prefix the candidates' ids (`study@2026-03-04`).
    public enum RuleID {
        /// The study reminder.
        public static let study = "study"
        /// The difficult-card reminder.
        public static let difficultCards = "difficult-cards"
    }

    /// The languages of the copy.
    public static let languages = ["en", "es", "fr"]

    /// The category of both reminders: shown even while the app is in the foreground.
    public static let category = NotificationCategory(id: "study-reminders", foregroundPresentation: [.banner, .sound, .list])

    /// The reminders' times.
    public let configuration: Configuration
    /// The copy in English, Spanish and French, checked when it loaded.
    public let catalog: StringCatalog

    /// Loads the recipe's catalog from the target's resources.
    public init(configuration: Configuration = Configuration()) throws {
        guard let url = Bundle.module.url(forResource: "StudyReminders", withExtension: "xcstrings") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "StudyReminders.xcstrings in \(Bundle.module.bundlePath)"])
        }
        try self.init(configuration: configuration, catalogData: Data(contentsOf: url))
    }

    /// Uses the catalog in `catalogData`; it must hold every key of ``schema`` in English,
    /// Spanish and French.
    public init(configuration: Configuration = Configuration(), catalogData: Data) throws {
        self.configuration = configuration
        catalog = try StringCatalog(data: catalogData, schema: Self.schema)
    }

    /// What the catalog must hold.
    public static let schema = CatalogSchema(languages: languages, keys: Copy.keys)

    /// The study reminder and the difficult-card reminder.
    public var rules: [any Rule] { [StudyReminderRule(recipe: self), DifficultCardReminderRule(recipe: self)] }

    /// A reminder already delivered is not planned again, even when the user sets the clock
    /// back before it.
    public var policies: [any Policy] { [NoRenotify(within: 86_400)] }

    /// The study reminder in `language`.
    public func studyReminderContent(language: String) -> NotificationContent {
        content(title: Copy.studyReminderTitle, body: Copy.studyReminderBody, kind: "study", language: language)
    }

    /// The difficult-card reminder in `language`.
    public func difficultCardReminderContent(language: String) -> NotificationContent {
        content(title: Copy.difficultCardReminderTitle, body: Copy.difficultCardReminderBody, kind: "difficultCards", language: language)
    }

    /// The labels of a setting's toggle in `language`.
    public func label(of setting: StudySetting, language: String) -> (title: String, description: String) {
        switch setting {
        case .studyReminders:
            (catalog.string(Copy.studyReminders, language: language), catalog.string(Copy.studyRemindersDescription, language: language))
        case .difficultCardReminders:
            (catalog.string(Copy.difficultCardReminders, language: language), catalog.string(Copy.difficultCardRemindersDescription, language: language))
        }
    }

    /// The header of the settings section, "Notifications", in `language`.
    public func settingsHeader(language: String) -> String { catalog.string(Copy.notifications, language: language) }

    private func content(title: MessageKey, body: MessageKey, kind: String, language: String) -> NotificationContent {
        NotificationContent(
            title: catalog.string(title, language: language), body: catalog.string(body, language: language),
            sound: .default, categoryID: Self.category.id, userInfo: ["kind": .string(kind)])
    }

    /// The keys of `StudyReminders.xcstrings`, as the app's `LocalizationKeys` name them.
    enum Copy {
        static let notifications = MessageKey("notifications")
        static let studyReminders = MessageKey("studyReminders")
        static let studyRemindersDescription = MessageKey("studyRemindersDescription")
        static let difficultCardReminders = MessageKey("difficultCardReminders")
        static let difficultCardRemindersDescription = MessageKey("difficultCardRemindersDescription")
        static let studyReminderTitle = MessageKey("studyReminderTitle")
        static let studyReminderBody = MessageKey("studyReminderBody")
        static let difficultCardReminderTitle = MessageKey("difficultCardReminderTitle")
        static let difficultCardReminderBody = MessageKey("difficultCardReminderBody")

        static let keys = [
            notifications, studyReminders, studyRemindersDescription, difficultCardReminders, difficultCardRemindersDescription,
            studyReminderTitle, studyReminderBody, difficultCardReminderTitle, difficultCardReminderBody,
        ]
    }
}
