import Bugle
import Foundation

/// The flashcard app's notification logic as a value: feed it the app's lifecycle, the
/// settings toggles and the permission answers; perform the actions it returns.
///
/// - Leaving the app schedules the study reminder for the next day and, with cards of
///   difficulty 4 or 5 due, the difficult-card reminder at the next 16:30.
/// - Opening the app moves the study reminder to the day after.
/// - Turning a toggle on asks for permission when it is not decided; a denial keeps the
///   toggle off, and nothing is scheduled (`PermissionFlow` with `whenSettingEnabled`).
///
/// The value is `Codable`; its ``settings`` are what the app persists.
public struct StudyRemindersApp: Hashable, Sendable, Codable {
    /// What happened.
    public enum Input: Hashable, Sendable {
        /// The app became active (`launch` or `foreground`) and read the permission status.
        case opened(RefreshReason, status: AuthorizationStatus)
        /// The app went to the background with this many cards of difficulty 4 or 5 due
        /// (`nil`: as many as last time).
        case left(difficultCardsDue: Int?)
        /// The user flipped a toggle in Settings.
        case toggled(StudySetting, on: Bool)
        /// The user answered the system's permission prompt.
        case systemAnswered(AuthorizationStatus)
        /// The permission changed in the system's Settings.
        case authorizationChanged(AuthorizationStatus)
        /// The app's language changed.
        case languageChanged(String)
        /// Any other reason to bring the plan up to date.
        case refreshRequested(RefreshReason)
    }

    /// What the app should do, in order.
    public enum Action: Hashable, Sendable {
        /// Write ``facts`` to the scheduler's state and refresh.
        case refresh(RefreshReason)
        /// Show the system's permission prompt; answer with ``Input/systemAnswered(_:)``.
        case requestAuthorization
        /// The toggle is on now.
        case settingEnabled(StudySetting)
        /// The toggle stays off: notifications are not allowed.
        case settingKeptOff(StudySetting)
        /// Offer to open the system's Settings (once per session).
        case offerSettings
        /// Send an analytics event.
        case track(StudyAnalyticsEvent)
    }

    /// The reminders' times.
    public let configuration: StudyReminders.Configuration
    /// The toggles, as the app persists them.
    public private(set) var settings: StudySettings
    /// Asks when a toggle is turned on.
    public private(set) var permission: PermissionFlow
    /// The language of the copy.
    public private(set) var language: String
    /// The local day the user last opened or left the app.
    public private(set) var lastActiveDate: LocalDate?
    /// The day of the difficult-card reminder, when one is due.
    public private(set) var difficultCardReminderDate: LocalDate?
    /// Cards of difficulty 4 or 5 due when the user last left.
    public private(set) var difficultCardsDue = 0

    /// An app with its persisted settings, language and permission memory.
    public init(
        configuration: StudyReminders.Configuration = .init(), settings: StudySettings = StudySettings(), language: String = "en",
        permission memory: PermissionFlow.Memory = PermissionFlow.Memory()
    ) {
        self.configuration = configuration
        self.settings = settings
        self.language = language
        permission = PermissionFlow(policy: .whenSettingEnabled, memory: memory)
    }

    /// What the rules read.
    public var facts: StudyFacts {
        StudyFacts(settings: settings, lastActiveDate: lastActiveDate, difficultCardReminderDate: difficultCardReminderDate, language: language)
    }

    /// Advances the app; returns what to do, in order.
    public mutating func handle(_ input: Input, at now: Date, in timeZone: TimeZone) -> [Action] {
        let zone = ZoneRules(timeZone: timeZone, around: now)
        let local = zone.localDateTime(at: now)
        switch input {
        case .opened(let reason, let status):
            permission.handle(.sessionStarted, now: now)
            permission.handle(.statusRead(status), now: now)
            lastActiveDate = local.date
            return [.refresh(reason)]
        case .left(let due):
            lastActiveDate = local.date
            if let due { difficultCardsDue = due }
            var actions: [Action] = []
            if settings.difficultCardReminders, permission.status.allowsDelivery, difficultCardsDue > 0 {
                // The next reminder time: today's if it is still ahead, else tomorrow's.
                difficultCardReminderDate = local.time < configuration.difficultCardTime ? local.date : local.date.adding(days: 1)
                actions.append(.track(.difficultCardReminderScheduled(difficultCardsCount: difficultCardsDue)))
            } else {
                difficultCardReminderDate = nil
            }
            return actions + [.refresh(.background)]
        case .toggled(let setting, let on):
            guard settings[setting] != on else { return [] }
            if !on {
                settings[setting] = false
                return [.track(.toggled(setting, on: false)), .refresh(.dataChanged)]
            }
            return apply(permission.handle(.settingTurnedOn(setting.rawValue), now: now))
        case .systemAnswered(let status):
            return apply(permission.handle(.systemAnswered(status), now: now)) + [.refresh(.permissionChanged)]
        case .authorizationChanged(let status):
            permission.handle(.statusRead(status), now: now)
            return [.refresh(.permissionChanged)]
        case .languageChanged(let code):
            language = code
            return [.refresh(.dataChanged)]
        case .refreshRequested(let reason):
            return [.refresh(reason)]
        }
    }

    private mutating func apply(_ flowActions: [PermissionFlow.Action]) -> [Action] {
        var actions: [Action] = []
        for action in flowActions {
            switch action {
            case .requestAuthorization:
                actions.append(.requestAuthorization)
            case .enableSetting(let name):
                guard let setting = StudySetting(rawValue: name) else { continue }
                settings[setting] = true
                actions += [.settingEnabled(setting), .track(.toggled(setting, on: true)), .refresh(.dataChanged)]
            case .keepSettingOff(let name):
                guard let setting = StudySetting(rawValue: name) else { continue }
                actions.append(.settingKeptOff(setting))
            case .offerSettings:
                actions.append(.offerSettings)
            // The toggle policy never schedules a prompt, explains, or gates a step.
            case .schedulePrompt, .showExplanation, .proceed, .blockProceeding:
                continue
            }
        }
        return actions
    }
}
