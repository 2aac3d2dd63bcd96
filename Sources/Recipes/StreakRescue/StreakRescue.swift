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

        /// The seed's times (08:30 and 20:00), in English, unless told otherwise.
        public init(
            kickoffTime: LocalTime = "08:30",
            saverTime: LocalTime = "20:00",
            language: String = "en",
            rotationOffset: Int = 0
        ) {
            self.kickoffTime = kickoffTime
            self.saverTime = saverTime
            self.language = language
            self.rotationOffset = rotationOffset
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

    /// Loads the recipe's catalog from the target's resources.
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
        catalog = try StringCatalog(data: catalogData, schema: Self.schema(language: configuration.language))
        rotation = MessageRotation(count: Copy.kickoffMessages.count, offset: configuration.rotationOffset)!
    }

    /// What the catalog must hold: every key in `language`.
    public static func schema(language: String) -> CatalogSchema {
        CatalogSchema(languages: [language], keys: Copy.keys)
    }

    /// The kick-off and the streak saver.
    public var rules: [any Rule] { [KickoffRule(recipe: self), StreakSaverRule(recipe: self)] }

    /// A delivered occurrence is never notified again, even when the user sets the clock
    /// back before it: each occurrence's dedupe key is its id.
    public var policies: [any Policy] { [NoRenotify(within: 86_400)] }

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

        static let keys =
            [kickoffTitle] + kickoffMessages + [
                saverTitle, saverBody, permissionTitle, permissionBody, perfectTitle, perfectShare, cardPuzzles, cardStreak,
            ]
    }
}
