import Bugle
import BugleSimulator
import FactsADay
import Foundation

/// `recipe: facts-a-day`: the daily fact (`FactsADay`) in a scenario, without a network.
///
/// The facts come from a local corpus instead of the content server: `corpus:` names a
/// file in the server's `facts/<language>.jsonl` format (relative to the scenario), or
/// `facts:` lists them inline, one text each. They are loaded into an in-memory database
/// when the file is read, as if the download had finished; a parsed scenario runs once.
///
/// Settings: `language` (`en`, the default, or another of the eight), `corpus` or `facts`
/// (one of them), `seed` (picks are random; the same seed picks the same facts).
///
/// Events, besides the built-in ones:
///
/// | event | what the user does |
/// | --- | --- |
/// | `onboard: { time: "09:00", permission: allow }` | taps Enable Notifications: answers the permission prompt (`allow`, the default, or `deny`); allowed, onboarding completes and 64 facts are scheduled (450 on `platform: android`), keeping those whose notifications are still pending |
/// | `setTime: "20:30"` | picks a new time in Settings: every upcoming fact is rescheduled |
/// | `reinstall: {}` | deletes and installs the app again: its storage (the record of scheduled facts, the time) is gone, the system keeps the pending notifications; `onboard` comes next |
///
/// A denial shows the *Notification Permission Required* alert and onboarding stays on its
/// screen (the seed: no way on without notifications); the next `onboard` asks again. On
/// Android 13 and later the prompt is the `POST_NOTIFICATIONS` dialog, which Android stops
/// showing after two denials: the user then allows notifications in the app's settings
/// (`permission: granted`) and taps Enable again. Before Android 13 and once allowed, there is
/// no prompt.
///
/// Opening the app (`open`) after onboarding tops the schedule up to 64 (450 on Android), as the main app
/// does at launch; before onboarding (or after a reinstall) the app does not touch the
/// notifications. When there is no fact to schedule, `onboard` notes the *No Facts
/// Available* alert the user sees, and onboarding stays incomplete.
///
/// The planner looks as far ahead as the last fact (`FactSchedule.lookahead(for:)`: 452
/// days on Android, beyond the scenario's default of 400). A scenario's own `lookahead:` wins;
/// when the facts scheduled reach past it, the timeline says how many wait for later days.
public struct FactsADayScenario: ScenarioRecipe {
    public static let name = "facts-a-day"
    public static let settingKeys = ["language", "corpus", "facts", "seed"]
    public static let eventKeys = ["onboard", "setTime", "reinstall"]

    let language: FactsLanguage
    let database: FactsDatabase
    let seed: UInt64
    /// The simulated Android, in a `platform: android` scenario.
    let android: AndroidProfile?

    public init(settings: ScenarioObject, setup: ScenarioSetup) throws {
        var language = FactsLanguage.en
        if let value = settings["language"] {
            let code = try value.string()
            guard let chosen = FactsLanguage(rawValue: code) else {
                throw value.error("\(value.path): expected one of \(FactsLanguage.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(code)\"")
            }
            language = chosen
        }
        self.language = language
        android = setup.android
        seed = try settings["seed"].map { UInt64(try $0.int(in: 0...Int.max)) } ?? 1
        let facts: [Fact]
        switch (settings["corpus"], settings["facts"]) {
        case (let corpus?, nil):
            let path = try corpus.string()
            let folder =
                setup.file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() } ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)
            let data: Data
            do {
                data = try ScenarioFile.read(url.path, what: "a facts corpus (JSON lines)")
            } catch let error as ScenarioError {
                throw corpus.error("\(corpus.path): \(url.path): \(error.message)")
            }
            do {
                facts = try FactsCorpus.facts(jsonLines: data, language: language)
            } catch let error as FactsError {
                throw corpus.error("\(corpus.path): \(url.path): \(error.message)")
            }
        case (nil, let list?):
            facts = try list.sequence().enumerated().map { index, item in Fact(id: index + 1, content: try item.string(), language: language.rawValue) }
        default:
            throw settings.value.error("recipe: facts-a-day needs one of corpus: (a facts/<language>.jsonl file) or facts: (a list)")
        }
        do {
            database = try FactsDatabase.inMemory()
            try database.saveFacts(facts)
        } catch {
            throw settings.value.error("recipe: facts-a-day cannot load its facts: \(error)")
        }
    }

    public var rules: [any Rule] { [FactRule()] }

    /// As far ahead as the last of the facts `budget` holds: 452 days on Android.
    public func lookahead(for budget: Budget) -> TimeInterval? { FactSchedule.lookahead(for: budget) }

    public func parseEvent(key: String, value: ScenarioValue) throws -> JSONValue {
        switch key {
        case "onboard":
            let object = try value.object(["time", "permission"])
            let permission = try object["permission"]?.string() ?? "allow"
            guard ["allow", "deny"].contains(permission) else {
                throw object["permission"]!.error("\(value.path).permission: expected allow or deny, found \"\(permission)\"")
            }
            return .object(["time": .string(try object["time"]?.localTime().description ?? "09:00"), "permission": .string(permission)])
        case "reinstall":
            try value.expectEmpty()
            return .null
        default:
            return .string(try value.localTime().description)
        }
    }

    private static let timeKey = "facts-a-day.time"

    public func handle(_ event: RecipeEvent, context: RecipeContext) async throws {
        if event.key == "reinstall" {
            try await reinstall(context)
            return
        }
        let time: LocalTime
        switch event.value {
        case .string(let text): time = TimeParsing.localTime(text) ?? .midnight
        default: time = TimeParsing.localTime(event.value.string("time")) ?? .midnight
        }
        var random = SeededGenerator(seed: seed ^ UInt64(bitPattern: Int64(context.now.timeIntervalSince1970)))
        let previous = try storedTime(context)
        if event.key == "onboard" {
            guard try await askPermission(allow: event.value.string("permission") != "deny", context: context) else { return }
            context.note("onboarding: the user allows notifications; daily fact at \(time)")
        } else {
            context.note("settings: notification time \(previous?.description ?? "unset") → \(time)")
        }
        let count: Int
        do {
            count = try await notifier(context).scheduleAll(time: time, replacing: previous, language: language, using: &random)
        } catch let error as FactsError where error.code == .noFacts {
            let alert = OnboardingAlert.noFacts
            context.note("alert \"\(alert.title)\": \(alert.message)")
            return
        }
        try context.store(time.description, forKey: Self.timeKey)
        try note(count == 1 ? "1 fact scheduled" : "\(count) facts scheduled", time: time, context: context)
    }

    /// Enable Notifications asks for the permission, as the seed's onboarding does at once;
    /// returns whether notifications are allowed. A denial shows the alert, and onboarding
    /// stays where it is.
    private func askPermission(allow: Bool, context: RecipeContext) async throws -> Bool {
        let status = await context.center.authorizationStatus()
        if android?.needsNotificationPermission == true, status != .authorized {
            context.note(await context.center.requestPermission(allow: allow))
        } else if status == .notDetermined {
            // Apple's prompt appears once; after that the answer is in Settings.
            await context.center.setAuthorization(allow ? .authorized : .denied)
            if !allow { context.note("system prompt: don't allow") }
        }
        guard await context.center.authorizationStatus() == .authorized else {
            let alert = OnboardingAlert.permissionRequired
            context.note("alert \"\(alert.title)\": \(alert.message)")
            return false
        }
        return true
    }

    /// The app's storage goes with it: the record of scheduled facts and the time. The facts
    /// come back with the next onboarding's download (here, the same corpus); the system
    /// keeps the notifications it holds.
    private func reinstall(_ context: RecipeContext) async throws {
        try database.markScheduled([], clearingFirst: true)
        try context.store(nil as String?, forKey: Self.timeKey)
        await context.set(FactSchedule.scheduleKey, nil)
        await context.set(FactSchedule.timeKey, nil)
        let pending = try await context.center.pendingRequests().filter { context.scheduler.planner.namespace.owns($0.id) }.count
        context.note("reinstall: the app's storage is gone; \(pending) fact notification\(pending == 1 ? "" : "s") still pending in the system")
    }

    /// The time onboarding chose, unless the app has not been onboarded since it was installed.
    private func storedTime(_ context: RecipeContext) throws -> LocalTime? {
        try context.stored(String?.self, forKey: Self.timeKey).flatMap { $0 }.flatMap(TimeParsing.localTime)
    }

    public func respond(to reason: RefreshReason, context: RecipeContext) async throws {
        // Before onboarding the app schedules nothing and leaves the system's notifications
        // alone: after a reinstall, they are what onboarding rebuilds the schedule from.
        guard let time = try storedTime(context) else { return }
        guard reason == .launch || reason == .foreground else {
            try await context.refresh(reason)
            return
        }
        var random = SeededGenerator(seed: seed ^ UInt64(bitPattern: Int64(context.now.timeIntervalSince1970)))
        let notifier = notifier(context)
        let added = try await notifier.topUp(time: time, language: language, reason: reason, using: &random)
        try note(
            added == 0 ? "app opened: \(notifier.limit) facts ahead, no top-up" : "app opened: topped up \(added) fact\(added == 1 ? "" : "s")", time: time,
            context: context)
    }

    private func notifier(_ context: RecipeContext) -> FactsNotifier {
        FactsNotifier(database: database, scheduler: context.scheduler, refresh: { reason in try await context.refresh(reason) })
    }

    /// Notes `what`, with the days the facts not shown yet cover and the facts left to pick.
    private func note(_ what: String, time: LocalTime, context: RecipeContext) throws {
        let upcoming = try database.scheduledFacts(from: FactSchedule.firstDay(now: context.now, zone: context.zone, time: time))
        let left = try database.factCount(language: language) - database.scheduledFacts().count
        let span = upcoming.first.map { "\($0.date) to \(upcoming.last?.date ?? $0.date)" } ?? "none"
        context.note("\(what); \(upcoming.count) upcoming (\(span)); \(left) never shown")
        // A scenario's lookahead shorter than the schedule: the planner leaves the last facts
        // out until the days come nearer.
        let end = context.now.addingTimeInterval(context.scheduler.planner.lookahead)
        let beyond = upcoming.filter { context.zone.date(for: LocalDateTime(date: $0.date, time: time)) > end }
        if let first = beyond.first {
            context.note(
                "\(beyond.count) of them (from \(first.date)) are past the planner's lookahead, which ends \(context.zone.localDate(at: end)): not pending until the days come nearer"
            )
        }
    }
}
