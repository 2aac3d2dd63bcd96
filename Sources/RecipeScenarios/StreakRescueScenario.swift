import Bugle
import BugleSimulator
import Foundation
import StreakRescue

/// `recipe: streak-rescue`: the puzzle game's notifications (`StreakRescue`) in a scenario.
///
/// Settings: `kickoffTime` and `saverTime` (`HH:MM`), `systemPromptAnswer` (what the user
/// taps in the system's permission prompt: `authorized`, the default, or `denied`) and
/// `clockTolerance` (seconds the wall clock may drift from the monotonic clock: 1 to 86400).
///
/// Events, besides the built-in ones (`open`, `background`, `clock`, … go through the same
/// app logic):
///
/// | event | what the user or the app does |
/// | --- | --- |
/// | `openApp: {}` | opens the app |
/// | `leaveApp: {}` | sends it to the background |
/// | `play: {}` | plays today's game |
/// | `completePuzzle: { completed: 2, total: 5 }` | sees a puzzle's result: 2 of today's 5 solved (`total` 1 to 100) |
/// | `explanation: accept` (or `decline`) | answers the app's "Don't lose your streak!" |
/// | `trustedTime: [{ source: a.example, offset: 90, delay: 0.08 }]` | the app gets trusted time: the device is `offset` seconds behind (-86400 to 86400), measured with this round trip (`delay`, 0 to 60 s) |
/// | `midnight: {}` | the app's timer at the start of the day fires (the app is open) |
/// | `tapNotification: kickoff` (or `saver`) | taps the latest delivered notification of that rule |
///
/// Each event reads the device's two clocks: the wall clock, which a `clock:` event sets, and
/// the monotonic clock, which keeps real time.
public struct StreakRescueScenario: ScenarioRecipe {
    public static let name = "streak-rescue"
    public static let settingKeys = ["kickoffTime", "saverTime", "systemPromptAnswer", "clockTolerance"]
    public static let eventKeys = ["openApp", "leaveApp", "play", "completePuzzle", "explanation", "trustedTime", "midnight", "tapNotification"]

    let recipe: StreakRescue
    let systemPromptAnswer: AuthorizationStatus
    let clockTolerance: TimeInterval

    public init(settings: ScenarioObject, setup: ScenarioSetup) throws {
        var configuration = StreakRescue.Configuration()
        if let value = settings["kickoffTime"] { configuration.kickoffTime = try value.localTime() }
        if let value = settings["saverTime"] { configuration.saverTime = try value.localTime() }
        systemPromptAnswer = try settings["systemPromptAnswer"].map(Self.promptAnswer) ?? .authorized
        clockTolerance = try settings["clockTolerance"]?.double(in: 1...86_400) ?? TamperDetector().tolerance
        do {
            recipe = try StreakRescue(configuration: configuration)
        } catch {
            throw settings.value.error("recipe: streak-rescue cannot load its copy: \(error)")
        }
    }

    /// `authorized` or `denied`: the two buttons of the system prompt.
    static func promptAnswer(_ value: ScenarioValue) throws -> AuthorizationStatus {
        let text = try value.string()
        guard let status = AuthorizationStatus(rawValue: text), status == .authorized || status == .denied else {
            throw value.error("\(value.path): expected authorized or denied (the system prompt's answers), found \"\(text)\"")
        }
        return status
    }

    public var rules: [any Rule] { recipe.rules }
    public var policies: [any Policy] { recipe.policies }

    public func parseEvent(key: String, value: ScenarioValue) throws -> JSONValue {
        switch key {
        case "completePuzzle":
            let object = try value.object(["completed", "total"])
            let total = try object.required("total").int(in: 1...100)
            let completed = try object.required("completed").int(in: 1...total)
            return .object(["completed": .int(completed), "total": .int(total)])
        case "explanation":
            let answer = try value.string()
            guard answer == "accept" || answer == "decline" else {
                throw value.error("\(value.path): expected accept or decline, found \"\(answer)\"")
            }
            return .string(answer)
        case "trustedTime":
            let samples = try value.sequence()
            guard !samples.isEmpty else { throw value.error("\(value.path): expected at least one sample") }
            return .array(
                try samples.map { sample in
                    let object = try sample.object(["source", "offset", "delay"])
                    let delay = try object.required("delay").double(in: 0...60)
                    // A day either way: a device clock further off is wrong, not slow (the app
                    // refuses to correct by more, see StreakRescueApp.largestClockOffset).
                    let offset = try object.required("offset").double(in: -StreakRescueApp.largestClockOffset...StreakRescueApp.largestClockOffset)
                    return .object(["source": .string(try object.required("source").string()), "offset": .double(offset), "delay": .double(delay)])
                })
        case "tapNotification":
            let rule = try value.string()
            let rules = [StreakRescue.RuleID.kickoff, StreakRescue.RuleID.saver]
            guard rules.contains(rule) else {
                throw value.error("\(value.path): expected \(rules.joined(separator: " or ")), found \"\(rule)\"")
            }
            return .string(rule)
        default:
            try value.expectEmpty()
            return .null
        }
    }

    /// What the run remembers between events: the app's value and what the glue has seen.
    struct Memory: Codable {
        var app: StreakRescueApp
        var foreground = false
        var deliveriesSeen = 0
    }

    private static let storageKey = "streak-rescue"

    public func handle(_ event: RecipeEvent, context: RecipeContext) async throws {
        var memory = try await begin(context)
        let input: StreakRescueApp.Input
        switch event.key {
        case "openApp":
            memory.foreground = true
            input = .opened(context.markOpened(), status: await context.center.authorizationStatus())
        case "leaveApp":
            context.note("app to background")
            memory.foreground = false
            input = .wentToBackground
        case "play":
            context.note("played today's game")
            input = .played
        case "completePuzzle":
            let completed = event.value.int("completed")
            let total = event.value.int("total")
            context.note("puzzle result: \(completed) of \(total) solved")
            input = .puzzleCompleted(completed: completed, total: total)
        case "explanation":
            let accepted = event.value == "accept"
            context.note("explanation \(accepted ? "accepted" : "declined")")
            input = .explanationAnswered(accepted: accepted)
        case "trustedTime":
            input = .trustedTime(samples(event.value, at: context.now))
        case "midnight":
            context.note("midnight timer")
            input = .midnight
        default:
            guard case .string(let rule) = event.value,
                let delivery = await context.center.deliveries.last(where: { $0.notification.ruleID == rule })
            else {
                throw ScenarioError(
                    message:
                        "tapNotification: no \(event.value) notification has been delivered by \(ISO8601.string(from: context.now, timeZone: context.timeZone))"
                )
            }
            try await context.scheduler.opened(id: delivery.notification.id)
            if let breadcrumb = StreakAnalytics.breadcrumb(for: .opened(id: delivery.notification.id, at: context.now)) {
                context.note("analytics: \(breadcrumb.name) \(delivery.notification.id)")
            }
            memory.foreground = true
            input = .opened(context.markOpened(), status: await context.center.authorizationStatus())
        }
        try await perform(input, memory: &memory, reading: reading(context), context: context)
        try context.store(memory, forKey: Self.storageKey)
    }

    public func respond(to reason: RefreshReason, context: RecipeContext) async throws {
        var memory = try await begin(context)
        let input: StreakRescueApp.Input
        switch reason {
        case .launch, .foreground:
            memory.foreground = true
            input = .opened(reason, status: await context.center.authorizationStatus())
        case .background:
            memory.foreground = false
            input = .wentToBackground
        case .clockChanged, .timeZoneChanged:
            input = .clockChanged
        case .permissionChanged:
            input = .authorizationChanged(await context.center.authorizationStatus())
        case .dayChanged:
            input = .midnight
        case .backgroundTask, .appUpdated, .dataChanged, .manual, .boot:
            input = .refreshRequested(reason)
        }
        try await perform(input, memory: &memory, reading: reading(context), context: context)
        try context.store(memory, forKey: Self.storageKey)
    }

    /// The stored memory, after noting the notifications shown while the app was in the foreground.
    private func begin(_ context: RecipeContext) async throws -> Memory {
        var memory = try context.stored(Memory.self, forKey: Self.storageKey) ?? Memory(app: StreakRescueApp(clockTolerance: clockTolerance))
        let deliveries = await context.center.deliveries
        if memory.foreground {
            for delivery in deliveries.dropFirst(memory.deliveriesSeen) {
                let breadcrumb = StreakAnalytics.received(id: delivery.notification.id, at: delivery.notification.date)
                context.note("analytics: \(breadcrumb.name) \(delivery.notification.id)", at: delivery.notification.date)
            }
        }
        memory.deliveriesSeen = deliveries.count
        return memory
    }

    private func reading(_ context: RecipeContext) -> ClockReading {
        ClockReading(wall: context.now, monotonic: context.uptime)
    }

    /// Feeds `input` to the app and does what it asks, as the app's shell would.
    private func perform(_ input: StreakRescueApp.Input, memory: inout Memory, reading: ClockReading, context: RecipeContext) async throws {
        for action in memory.app.handle(input, at: reading, in: context.timeZone) {
            switch action {
            case .refresh(let reason):
                if reason == .dayChanged { context.note("new day: rescheduling") }
                for (key, value) in memory.app.facts.stateValues { await context.set(key, value) }
                let result = try await context.refresh(reason)
                let scheduled = result.changes.additions.compactMap { request in
                    StreakAnalytics.breadcrumb(for: .scheduled(request, fireDate: request.fireTime.resolve(in: context.zone), at: context.now))
                }
                if let first = scheduled.first {
                    context.note("analytics: \(first.name) × \(scheduled.count)")
                }
            case .skipScheduling(let reason):
                context.scheduler.sink.record(.skipped(reason: reason, at: context.now))
                context.note("scheduling skipped: \(reason)")
            case .schedulePrompt(let date):
                // The app's timer fires while the puzzle's result shows.
                let later = ClockReading(wall: date, monotonic: reading.monotonic + date.timeIntervalSince(reading.wall))
                try await perform(.promptDue, memory: &memory, reading: later, context: context)
            case .showExplanation:
                let explanation = recipe.explanation
                context.note("explanation shown: \(explanation.title) \(explanation.body)", at: reading.wall)
            case .requestAuthorization:
                context.note("system permission prompt: \(systemPromptAnswer.rawValue)")
                await context.center.setAuthorization(systemPromptAnswer)
                try await perform(.systemAnswered(systemPromptAnswer), memory: &memory, reading: reading, context: context)
            case .celebrate(let day):
                let celebration = recipe.celebration(for: day)
                context.note(
                    "\(celebration.title) confetti (\(celebration.confetti.particles) pieces), haptic \"\(celebration.haptic.name)\"; share card: \(celebration.shareCard.text)"
                )
            case .streakLost(let days):
                context.note("streak of \(days) day\(days == 1 ? "" : "s") lost")
            case .clockTrusted:
                context.note("clock trusted again")
            case .clockOffsetMeasured(let offset):
                context.note("trusted time: \(offset)")
            }
        }
    }

    /// Samples taken now: sent at `now`, answered after `delay`, the source `offset` ahead.
    private func samples(_ value: JSONValue, at now: Date) -> [TimeSample] {
        guard case .array(let entries) = value else { return [] }
        return entries.map { entry in
            let delay = entry.double("delay")
            let server = now.addingTimeInterval(delay / 2 + entry.double("offset"))
            return TimeSample(source: entry.string("source"), sent: now, serverReceived: server, serverSent: server, received: now.addingTimeInterval(delay))
        }
    }
}
