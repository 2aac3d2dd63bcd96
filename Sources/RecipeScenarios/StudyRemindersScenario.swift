import Bugle
import BugleSimulator
import Foundation
import StudyReminders

/// `recipe: study-reminders`: the flashcard app's reminders (`StudyReminders`) in a scenario.
///
/// Settings: `language` (`en`, the default, `es` or `fr`) and `systemPromptAnswer` (what the
/// user taps in the system's permission prompt: `authorized`, the default, or `denied`).
///
/// Events, besides the built-in ones (`open` and `background` go through the same app logic):
///
/// | event | what the user does |
/// | --- | --- |
/// | `openApp: {}` | opens the app |
/// | `leaveApp: { difficultCardsDue: 3 }` | leaves it with 3 cards of difficulty 4 or 5 due (`{}`: as many as last time) |
/// | `toggle: { studyReminders: on }` | flips a toggle in Settings (`studyReminders` or `difficultCardReminders`) |
/// | `language: fr` | switches the app's language |
public struct StudyRemindersScenario: ScenarioRecipe {
    public static let name = "study-reminders"
    public static let settingKeys = ["language", "systemPromptAnswer"]
    public static let eventKeys = ["openApp", "leaveApp", "toggle", "language"]

    let recipe: StudyReminders
    let language: String
    let systemPromptAnswer: AuthorizationStatus

    public init(settings: ScenarioObject, setup: ScenarioSetup) throws {
        language = try settings["language"].map(Self.language) ?? "en"
        systemPromptAnswer = try settings["systemPromptAnswer"].map(StreakRescueScenario.promptAnswer) ?? .authorized
        do {
            recipe = try StudyReminders()
        } catch {
            throw settings.value.error("recipe: study-reminders cannot load its copy: \(error)")
        }
    }

    static func language(_ value: ScenarioValue) throws -> String {
        let code = try value.string()
        guard StudyReminders.languages.contains(code) else {
            throw value.error("\(value.path): expected one of \(StudyReminders.languages.joined(separator: ", ")), found \"\(code)\"")
        }
        return code
    }

    public var rules: [any Rule] { recipe.rules }
    public var policies: [any Policy] { recipe.policies }

    public func parseEvent(key: String, value: ScenarioValue) throws -> JSONValue {
        switch key {
        case "leaveApp":
            if value.isNull { return .null }
            let object = try value.object(["difficultCardsDue"])
            guard let dueValue = object["difficultCardsDue"] else { return .null }
            let due = try dueValue.int(in: 0...100_000)
            return .object(["difficultCardsDue": .int(due)])
        case "toggle":
            let pairs = try value.object(StudySetting.allCases.map(\.rawValue)).entries
            guard pairs.count == 1, let (name, entry) = pairs.first else {
                throw value.error("\(value.path): expected one toggle, such as { studyReminders: on }")
            }
            return .object(["setting": .string(name), "on": .bool(try entry.bool())])
        case "language":
            return .string(try Self.language(value))
        default:
            try value.expectEmpty()
            return .null
        }
    }

    private static let storageKey = "study-reminders"

    public func handle(_ event: RecipeEvent, context: RecipeContext) async throws {
        var app = try stored(context)
        let input: StudyRemindersApp.Input
        switch event.key {
        case "openApp":
            input = .opened(context.markOpened(), status: await context.center.authorizationStatus())
        case "leaveApp":
            let due: Int? = event.value == .null ? nil : event.value.int("difficultCardsDue")
            context.note("app to background" + (due.map { ", \($0) difficult card\($0 == 1 ? "" : "s") due" } ?? ""))
            input = .left(difficultCardsDue: due)
        case "toggle":
            let setting = StudySetting(rawValue: event.value.string("setting")) ?? .studyReminders
            let on = event.value.bool("on")
            context.note("toggle \(label(setting, app.language)) turned \(on ? "on" : "off")")
            input = .toggled(setting, on: on)
        default:
            guard case .string(let code) = event.value else { return }
            context.note("app language: \(code)")
            input = .languageChanged(code)
        }
        try await perform(input, app: &app, context: context)
        try context.store(app, forKey: Self.storageKey)
    }

    public func respond(to reason: RefreshReason, context: RecipeContext) async throws {
        var app = try stored(context)
        let input: StudyRemindersApp.Input
        switch reason {
        case .launch, .foreground:
            input = .opened(reason, status: await context.center.authorizationStatus())
        case .background:
            input = .left(difficultCardsDue: nil)
        case .permissionChanged:
            input = .authorizationChanged(await context.center.authorizationStatus())
        case .backgroundTask, .dayChanged, .timeZoneChanged, .clockChanged, .appUpdated, .dataChanged, .manual, .boot:
            input = .refreshRequested(reason)
        }
        try await perform(input, app: &app, context: context)
        try context.store(app, forKey: Self.storageKey)
    }

    private func stored(_ context: RecipeContext) throws -> StudyRemindersApp {
        try context.stored(StudyRemindersApp.self, forKey: Self.storageKey) ?? StudyRemindersApp(language: language)
    }

    /// "Settings › Study Reminders", in the app's language.
    private func label(_ setting: StudySetting, _ language: String) -> String {
        "\(recipe.settingsHeader(language: language)) › \(recipe.label(of: setting, language: language).title)"
    }

    /// Feeds `input` to the app and does what it asks, as the app's shell would.
    private func perform(_ input: StudyRemindersApp.Input, app: inout StudyRemindersApp, context: RecipeContext) async throws {
        for action in app.handle(input, at: context.now, in: context.timeZone) {
            switch action {
            case .refresh(let reason):
                for (key, value) in app.facts.stateValues { await context.set(key, value) }
                try await context.refresh(reason)
            case .requestAuthorization:
                context.note("system permission prompt: \(systemPromptAnswer.rawValue)")
                await context.center.setAuthorization(systemPromptAnswer)
                try await perform(.systemAnswered(systemPromptAnswer), app: &app, context: context)
            case .settingEnabled(let setting):
                context.note("\(label(setting, app.language)) is on")
            case .settingKeptOff(let setting):
                context.note("\(label(setting, app.language)) stays off: notifications are not allowed")
            case .offerSettings:
                context.note("offered to open the system's Settings")
            case .track(let event):
                context.note("analytics: \(event)")
            }
        }
    }
}
