import Bugle
import Foundation

/// The notifications of a daily football puzzle game: a morning kick-off while the user has
/// not played, a time-sensitive streak saver in the evening, and a celebration on a perfect day.
///
/// The recipe is the game's notification subsystem on Bugle: its ``rules`` and ``policies``
/// go to a `Planner`; ``StreakRescueApp`` decides, from what the game reports, when to
/// refresh, when to ask for permission and when to celebrate; the copy comes from the
/// String Catalog `StreakRescue.xcstrings` shipped with the target.
///
/// The morning kick-off backs off when the user stops answering it (``Configuration/fatigue``,
/// a `FatigueBackoff`): every other day after 3 ignored in a row, then one last kick-off in its
/// own words ("We'll pause the morning kick-off"), then none until the user opens the game or
/// taps one. The streak saver is never held back: it is the alert the seed promises when a
/// streak is about to break, and it comes at most once per game played, so it cannot nag.
///
/// ```swift
/// let recipe = try StreakRescue()
/// let planner = Planner(rules: recipe.rules, policies: recipe.policies)
/// var app = StreakRescueApp()
/// for action in app.handle(.puzzleCompleted(completed: 1, total: 5), at: reading, in: .current) { … }
/// ```
public struct StreakRescue: Sendable {
    /// The times and language of the notifications.
    public struct Configuration: Hashable, Sendable {
        /// The kick-off's wall-clock time.
        public var kickoffTime: LocalTime
        /// The streak saver's wall-clock time.
        public var saverTime: LocalTime
        /// The language of the copy (the catalog has `en`).
        public var language: String
        /// Shifts the message rotation (derive it from a user id to vary it between users).
        public var rotationOffset: Int
        /// How the kick-off backs off when the user keeps ignoring it (`FatigueSettings`, by default
        /// `FatigueSettings.escalationLadder`: every other day after 3 ignored, whatever the open
        /// rate, opening the app ending a run, the last notice and a pause after 7, an open counting
        /// within 2 hours, by default; each number's range is `FatigueBackoff`'s, checked when
        /// the recipe loads). `nil`: the kick-off comes every day, answered or not. The streak
        /// saver never backs off.
        public var fatigue: FatigueSettings?

        /// The seed's times (08:30 and 20:00), in English, with the default back-off, unless
        /// told otherwise.
        public init(
            kickoffTime: LocalTime = "08:30",
            saverTime: LocalTime = "20:00",
            language: String = "en",
            rotationOffset: Int = 0,
            fatigue: FatigueSettings? = .escalationLadder
        ) {
            self.kickoffTime = kickoffTime
            self.saverTime = saverTime
            self.language = language
            self.rotationOffset = rotationOffset
            self.fatigue = fatigue
        }
    }

    /// Rule ids, which prefix the candidates' ids (`kickoff@2026-03-03`).
    public enum RuleID {
        /// The daily kick-off.
        public static let kickoff = "kickoff"
        /// The streak saver.
        public static let saver = "saver"
    }

    /// The notification categories the app registers.
    public static let categories = [
        NotificationCategory(id: RuleID.kickoff, foregroundPresentation: [.banner, .sound, .list]),
        NotificationCategory(id: RuleID.saver, foregroundPresentation: [.banner, .sound, .list]),
    ]

    /// The times and language.
    public let configuration: Configuration
    /// The copy, checked when it loaded.
    public let catalog: StringCatalog
    let rotation: MessageRotation
    /// The kick-off's back-off, from ``Configuration/fatigue``.
    let backoff: FatigueBackoff?

    /// Loads the recipe's catalog from the target's resources; throws `FatigueError` when a
    /// number of ``Configuration/fatigue`` is outside its range.
    public init(configuration: Configuration = Configuration()) throws {
        guard let url = Bundle.module.url(forResource: "StreakRescue", withExtension: "xcstrings") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "StreakRescue.xcstrings in \(Bundle.module.bundlePath)"])
        }
        try self.init(configuration: configuration, catalogData: Data(contentsOf: url))
    }

    /// Uses the catalog in `catalogData` (a translated copy, a test's); it must hold every key
    /// of the recipe's catalog schema in the configured language.
    public init(configuration: Configuration = Configuration(), catalogData: Data) throws {
        self.configuration = configuration
        let catalog = try StringCatalog(data: catalogData, schema: Self.schema(language: configuration.language))
        self.catalog = catalog
        rotation = MessageRotation(count: Copy.kickoffMessages.count, offset: configuration.rotationOffset)!
        backoff = try configuration.fatigue.map { settings throws(FatigueError) in
            try FatigueBackoff(
                rules: [RuleID.kickoff], settings: settings,
                lastNotice: Self.pauseNotice(catalog: catalog, language: configuration.language))
        }
    }

    /// What the catalog must hold: every key in `language`.
    public static func schema(language: String) -> CatalogSchema {
        CatalogSchema(languages: [language], keys: Copy.keys)
    }

    /// The kick-off and the streak saver.
    public var rules: [any Rule] { [KickoffRule(recipe: self), StreakSaverRule(recipe: self)] }

    /// A delivered occurrence is never notified again, even when the user sets the clock
    /// back before it: each occurrence's dedupe key is its id. Then the kick-off's back-off
    /// (``Configuration/fatigue``), which covers the kick-off only.
    public var policies: [any Policy] { [NoRenotify(within: 86_400)] + (backoff.map { [$0] } ?? []) }

    /// The last kick-off before a pause: "We'll pause the morning kick-off".
    public var pauseNotice: NotificationContent { Self.pauseNotice(catalog: catalog, language: configuration.language) }

    private static func pauseNotice(catalog: StringCatalog, language: String) -> NotificationContent {
        NotificationContent(
            title: catalog.string(Copy.pauseTitle, language: language), body: catalog.string(Copy.pauseBody, language: language),
            threadID: "streak", categoryID: RuleID.kickoff, userInfo: ["kind": "kickoffPaused"], deepLink: "streakrescue://play")
    }

    // MARK: Copy

    /// The kick-off of `day`: the rotation's message for that date.
    public func kickoffContent(for day: LocalDate) -> NotificationContent {
        let key = rotation.message(for: day, from: Copy.kickoffMessages)
        return NotificationContent(
            title: text(Copy.kickoffTitle), body: text(key), threadID: "streak", categoryID: RuleID.kickoff,
            userInfo: ["kind": "kickoff", "date": .string(day.description)], deepLink: "streakrescue://play")
    }

    /// The streak saver: time-sensitive, with the streak and the whole hours left until the
    /// local day ends.
    public func saverContent(streak: Int, hoursLeft: Int, day: LocalDate) -> NotificationContent {
        NotificationContent(
            title: text(Copy.saverTitle), body: text(Copy.saverBody, ["count": .integer(streak), "hours": .integer(hoursLeft)]),
            threadID: "streak", categoryID: RuleID.saver, interruptionLevel: .timeSensitive, relevanceScore: 1,
            userInfo: ["kind": "saver", "date": .string(day.description), "streak": .int(streak)], deepLink: "streakrescue://play")
    }

    /// The app's own explanation, shown before the system's permission prompt.
    public var explanation: (title: String, body: String) {
        (text(Copy.permissionTitle), text(Copy.permissionBody))
    }

    /// The celebration and share card of a perfect day.
    public func celebration(for day: PerfectDay) -> PerfectDayCelebration {
        let date = Self.longDate(day.date, language: catalog.resolvedLanguage(configuration.language))
        let card = ShareCard(
            text: text(Copy.perfectShare, ["puzzles": .integer(day.puzzles), "date": .text(date), "days": .integer(day.streak)]),
            headline: text(Copy.perfectTitle), date: date,
            puzzlesLine: text(Copy.cardPuzzles, ["puzzles": .integer(day.puzzles)]),
            streakLine: text(Copy.cardStreak, ["count": .integer(day.streak)]))
        return PerfectDayCelebration(day: day, title: text(Copy.perfectTitle), confetti: .perfectDay, haptic: .goal, shareCard: card)
    }

    func text(_ key: MessageKey, _ arguments: [String: MessageArgument] = [:]) -> String {
        catalog.string(key, language: configuration.language, arguments)
    }

    /// "March 4, 2026": the long date style of `language`, for a day with no time zone.
    static func longDate(_ day: LocalDate, language: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: language)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        return formatter.string(from: Date(timeIntervalSince1970: TimeInterval(day.dayNumber * 86_400)))
    }

    /// The keys of `StreakRescue.xcstrings`.
    enum Copy {
        static let kickoffTitle = MessageKey("kickoff.title")
        static let kickoffMessages = (1...12).map { MessageKey("kickoff.message.\($0)") }
        static let saverTitle = MessageKey("saver.title")
        static let saverBody = MessageKey("saver.body", placeholders: [.integer("count"), .integer("hours")])
        static let permissionTitle = MessageKey("permission.title")
        static let permissionBody = MessageKey("permission.body")
        static let perfectTitle = MessageKey("perfect.title")
        static let perfectShare = MessageKey("perfect.share", placeholders: [.integer("puzzles"), .text("date"), .integer("days")])
        static let cardPuzzles = MessageKey("perfect.card.puzzles", placeholders: [.integer("puzzles")])
        static let cardStreak = MessageKey("perfect.card.streak", placeholders: [.integer("count")])
        static let pauseTitle = MessageKey("kickoff.pause.title")
        static let pauseBody = MessageKey("kickoff.pause.body")

        static let keys =
            [kickoffTitle] + kickoffMessages + [
                saverTitle, saverBody, permissionTitle, permissionBody, perfectTitle, perfectShare, cardPuzzles, cardStreak, pauseTitle,
                pauseBody,
            ]
    }
}
