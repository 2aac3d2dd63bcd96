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
/// The study reminder can keep coming while the user stays away
/// (``Configuration/studyReminderDays``; the seed sends one), and then it backs off when the
/// user keeps ignoring it (``Configuration/fatigue``, a `FatigueBackoff`): every other day
/// after 3 ignored in a row, then one last reminder in the user's language ("We'll pause your
/// study reminders"), then none until the user opens the app or taps one. The difficult-card
/// reminder comes once per visit, so it never backs off.
///
/// ```swift
/// let recipe = try StudyReminders()
/// let planner = Planner(rules: recipe.rules)
/// var app = StudyRemindersApp()
/// app.handle(.toggled(.studyReminders, on: true), at: now, in: .current)  // [.requestAuthorization]
/// ```
public struct StudyReminders: Sendable {
    /// The reminders' times, how long the study reminder keeps coming, and how it backs off.
    public struct Configuration: Hashable, Sendable, Codable {
        /// The study reminder's wall-clock time, on the day after the user leaves.
        public var studyTime: LocalTime
        /// The difficult-card reminder's wall-clock time: the next one after the user leaves.
        public var difficultCardTime: LocalTime
        /// On how many days after the user was last active the study reminder comes, one a day:
        /// 1 to 30 (``studyReminderDaysRange``); 1 by default, the seed's single reminder the day
        /// after. More keeps reminding a user who stays away, as the app's setting promises
        /// ("Get reminded to study at 8:30 PM daily"); ``fatigue`` thins it out.
        public var studyReminderDays: Int
        /// How the study reminder backs off when the user keeps ignoring it (`FatigueSettings`, by
        /// default `FatigueSettings.escalationLadder`: every other day after 3 ignored, the last reminder and a pause after 7, an open
        /// counting within 2 hours, by default; each number's range is `FatigueBackoff`'s,
        /// checked when the recipe loads). `nil`: no back-off. It acts only when the reminder
        /// comes on several days (``studyReminderDays``): opening the app ends a run of ignored
        /// ones, and the seed's single reminder waits for the next visit anyway.
        public var fatigue: FatigueSettings?

        /// The range of ``studyReminderDays``.
        public static let studyReminderDaysRange = 1...30

        /// The seed's times, 20:30 and 16:30, one study reminder after each visit, and the
        /// default back-off, unless told otherwise.
        public init(
            studyTime: LocalTime = "20:30", difficultCardTime: LocalTime = "16:30", studyReminderDays: Int = 1,
            fatigue: FatigueSettings? = .escalationLadder
        ) {
            self.studyTime = studyTime
            self.difficultCardTime = difficultCardTime
            self.studyReminderDays = studyReminderDays
            self.fatigue = fatigue
        }

        private enum CodingKeys: String, CodingKey { case studyTime, difficultCardTime, studyReminderDays, fatigue }

        /// Reads a configuration; one kept before ``studyReminderDays`` and ``fatigue`` existed
        /// reads with their defaults.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            studyTime = try container.decode(LocalTime.self, forKey: .studyTime)
            difficultCardTime = try container.decode(LocalTime.self, forKey: .difficultCardTime)
            studyReminderDays = try container.decodeIfPresent(Int.self, forKey: .studyReminderDays) ?? 1
            fatigue = container.contains(.fatigue) ? try container.decodeIfPresent(FatigueSettings.self, forKey: .fatigue) : .escalationLadder
        }

        /// Writes every setting; no back-off as `null`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(studyTime, forKey: .studyTime)
            try container.encode(difficultCardTime, forKey: .difficultCardTime)
            try container.encode(studyReminderDays, forKey: .studyReminderDays)
            try container.encode(fatigue, forKey: .fatigue)
        }
    }

    /// A configuration value outside its range: "studyReminderDays: 40 is outside 1…30".
    public struct ConfigurationError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The sentence.
        public var description: String
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
    /// The study reminder's back-off, from ``Configuration/fatigue``.
    let backoff: FatigueBackoff?

    /// Loads the recipe's catalog from the target's resources; throws ``ConfigurationError`` or
    /// `FatigueError` when a number of the configuration is outside its range.
    public init(configuration: Configuration = Configuration()) throws {
        guard let url = Bundle.module.url(forResource: "StudyReminders", withExtension: "xcstrings") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "StudyReminders.xcstrings in \(Bundle.module.bundlePath)"])
        }
        try self.init(configuration: configuration, catalogData: Data(contentsOf: url))
    }

    /// Uses the catalog in `catalogData`; it must hold every key of ``schema`` in English,
    /// Spanish and French.
    public init(configuration: Configuration = Configuration(), catalogData: Data) throws {
        let days = Configuration.studyReminderDaysRange
        guard days.contains(configuration.studyReminderDays) else {
            throw ConfigurationError(description: "studyReminderDays: \(configuration.studyReminderDays) is outside \(days.lowerBound)…\(days.upperBound)")
        }
        self.configuration = configuration
        let catalog = try StringCatalog(data: catalogData, schema: Self.schema)
        self.catalog = catalog
        backoff = try configuration.fatigue.map { settings throws(FatigueError) in
            var backoff = try FatigueBackoff(rules: [RuleID.study], settings: settings, lastNotice: Self.pauseNotice(catalog: catalog, language: "en"))
            backoff.languageKey = StudyFacts.Key.language
            for language in Self.languages { backoff.lastNoticeByLanguage[language] = Self.pauseNotice(catalog: catalog, language: language) }
            return backoff
        }
    }

    /// What the catalog must hold.
    public static let schema = CatalogSchema(languages: languages, keys: Copy.keys)

    /// The study reminder and the difficult-card reminder.
    public var rules: [any Rule] { [StudyReminderRule(recipe: self), DifficultCardReminderRule(recipe: self)] }

    /// A reminder already delivered is not planned again, even when the user sets the clock
    /// back before it. Then the study reminder's back-off (``Configuration/fatigue``).
    public var policies: [any Policy] { [NoRenotify(within: 86_400)] + (backoff.map { [$0] } ?? []) }

    /// The last study reminder before a pause, in `language`: "We'll pause your study reminders".
    public func pauseNotice(language: String) -> NotificationContent { Self.pauseNotice(catalog: catalog, language: language) }

    private static func pauseNotice(catalog: StringCatalog, language: String) -> NotificationContent {
        NotificationContent(
            title: catalog.string(Copy.studyRemindersPausedTitle, language: language),
            body: catalog.string(Copy.studyRemindersPausedBody, language: language), sound: .default, categoryID: category.id,
            userInfo: ["kind": "studyPaused"])
    }

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
        static let studyRemindersPausedTitle = MessageKey("studyRemindersPausedTitle")
        static let studyRemindersPausedBody = MessageKey("studyRemindersPausedBody")

        static let keys = [
            notifications, studyReminders, studyRemindersDescription, difficultCardReminders, difficultCardRemindersDescription,
            studyReminderTitle, studyReminderBody, difficultCardReminderTitle, difficultCardReminderBody, studyRemindersPausedTitle,
            studyRemindersPausedBody,
        ]
    }
}
