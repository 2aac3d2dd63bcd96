import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// Recipe events are checked when the file is read, with their line; the catalog lists both recipes.
@Suite struct RecipeScenarioTests {
    @Test func catalogListsBothRecipes() {
        #expect(Set(RecipeCatalog.all.map { $0.name }).isSuperset(of: ["streak-rescue", "study-reminders"]))
    }

    struct BadEvent: Sendable, CustomTestStringConvertible {
        var recipe: String
        var event: String
        var message: String
        var testDescription: String { event }
    }

    static let badEvents = [
        BadEvent(
            recipe: "streak-rescue", event: "completePuzzle: { completed: 4, total: 3 }",
            message: "completePuzzle.completed: expected a whole number from 1 to 3, found \"4\""),
        BadEvent(recipe: "streak-rescue", event: "completePuzzle: { completed: 1 }", message: "missing required key \"total\""),
        BadEvent(recipe: "streak-rescue", event: "explanation: maybe", message: "expected accept or decline"),
        BadEvent(recipe: "streak-rescue", event: "tapNotification: reminder", message: "expected kickoff or saver"),
        BadEvent(recipe: "streak-rescue", event: "trustedTime: [{ source: a, offset: 1 }]", message: "missing required key \"delay\""),
        BadEvent(recipe: "streak-rescue", event: "play: 3", message: "expected {} (this event carries no value)"),
        BadEvent(recipe: "study-reminders", event: "toggle: { studyReminders: on, difficultCardReminders: on }", message: "expected one toggle"),
        BadEvent(recipe: "study-reminders", event: "toggle: { dailyDigest: on }", message: "unknown key \"dailyDigest\""),
        BadEvent(recipe: "study-reminders", event: "language: de", message: "expected one of en, es, fr"),
        BadEvent(
            recipe: "study-reminders", event: "leaveApp: { difficultCardsDue: -1 }",
            message: "difficultCardsDue: expected a whole number from 0 to 100000, found \"-1\""),
    ]

    @Test(arguments: badEvents)
    func badEventIsReportedWithItsLine(_ bad: BadEvent) {
        let yaml = """
            start: 2026-03-02T08:00
            timeZone: Europe/Madrid
            recipe: \(bad.recipe)
            events:
              - { at: 2026-03-02T09:00, openApp: {} }
              - { at: 2026-03-02T09:05, \(bad.event) }
            """
        do {
            _ = try ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)
            Issue.record("accepted: \(bad.event)")
        } catch let error as ScenarioError {
            #expect(error.line == 6)
            #expect(error.message.contains(bad.message), "\(error)")
        } catch {
            Issue.record("\(error)")
        }
    }

    @Test func badSettingsAreReported() {
        let yaml = """
            start: 2026-03-02T08:00
            timeZone: Europe/Madrid
            recipe: { name: streak-rescue, systemPromptAnswer: maybe }
            """
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(yaml, recipes: RecipeCatalog.all) }
        #expect(throws: ScenarioError.self) {
            try ScenarioParser.parse(yaml.replacingOccurrences(of: "systemPromptAnswer: maybe", with: "saverTime: \"25:00\""), recipes: RecipeCatalog.all)
        }
        #expect(throws: ScenarioError.self) {
            try ScenarioParser.parse(
                yaml.replacingOccurrences(of: "streak-rescue, systemPromptAnswer: maybe", with: "study-reminders, language: it"), recipes: RecipeCatalog.all)
        }
    }

    @Test func tappingANotificationThatWasNotDeliveredIsAnError() async throws {
        let yaml = """
            start: 2026-03-02T08:00
            timeZone: Europe/Madrid
            days: 1
            recipe: streak-rescue
            events:
              - { at: 2026-03-02T09:00, tapNotification: saver }
            """
        do {
            _ = try await simulate(yaml)
            Issue.record("a tap on nothing was accepted")
        } catch let error as ScenarioError {
            #expect(error.message.contains("tapNotification: no \"saver\" notification has been delivered"))
        }
    }

    @Test func aDeniedSystemPromptSchedulesNothing() async throws {
        let yaml = """
            start: 2026-03-02T08:00
            timeZone: America/New_York
            days: 3
            authorization: notDetermined
            recipe: { name: streak-rescue, systemPromptAnswer: denied }
            events:
              - { at: 2026-03-02T09:00, openApp: {} }
              - { at: 2026-03-02T09:05, completePuzzle: { completed: 1, total: 3 } }
              - { at: 2026-03-02T09:06, explanation: accept }
            """
        let result = try await simulate(yaml)
        #expect(result.deliveries.isEmpty)
        #expect(result.notes.contains("2026-03-02T09:06: system permission prompt: denied"))
    }

    /// The explanation is shown once: left unanswered, it does not come back the next day.
    @Test func anUnansweredExplanationIsShownOnce() async throws {
        let yaml = """
            start: 2026-03-02T08:00
            timeZone: America/New_York
            days: 3
            authorization: notDetermined
            recipe: streak-rescue
            events:
              - { at: 2026-03-02T09:00, openApp: {} }
              - { at: 2026-03-02T09:05, completePuzzle: { completed: 1, total: 3 } }
              - { at: 2026-03-02T09:10, leaveApp: {} }
              - { at: 2026-03-03T09:00, openApp: {} }
              - { at: 2026-03-03T09:05, completePuzzle: { completed: 1, total: 3 } }
            """
        let result = try await simulate(yaml)
        #expect(
            result.notes.filter { $0.contains("explanation shown") } == [
                "2026-03-02T09:05:02: explanation shown: Don't lose your streak! Turn on notifications and we'll remind you before your streak ends."
            ])
        #expect(!result.notes.contains { $0.contains("system permission prompt") })
    }

    @Test func aStudyReminderIsNotShownTwiceWhenTheClockGoesBack() async throws {
        let yaml = """
            start: 2026-03-02T08:00
            timeZone: Europe/Madrid
            days: 3
            recipe: study-reminders
            events:
              - { at: 2026-03-02T09:00, openApp: {} }
              - { at: 2026-03-02T09:01, toggle: { studyReminders: on } }
              - { at: 2026-03-02T09:02, leaveApp: {} }
              - { at: 2026-03-03T20:00, clock: 2026-03-03T21:00 }
              - { at: 2026-03-03T21:05, clock: 2026-03-03T20:05 }
            """
        let result = try await simulate(yaml)
        // Fired when the clock passed 20:30; back at 20:05, 20:30 is ahead again but was shown.
        #expect(
            result.seen.map(\.description) == [
                "2026-03-03T20:30 Europe/Madrid study Time to Study!: Keep your learning streak going. Open Flippin to practice your flashcards. [active]"
            ])
    }

    @Test func aLateSaverSaysOneHour() async throws {
        let yaml = """
            start: 2026-03-02T08:00
            timeZone: America/New_York
            days: 2
            recipe: { name: streak-rescue, saverTime: "23:00", kickoffTime: "07:15" }
            events:
              - { at: 2026-03-02T09:00, openApp: {} }
              - { at: 2026-03-02T09:05, play: {} }
            """
        let result = try await simulate(yaml)
        #expect(
            result.seen.map(\.description) == [
                "2026-03-03T07:15 America/New_York kickoff Daily Kick-off: Coach says one more win keeps the season alive. [active]",
                "2026-03-03T23:00 America/New_York saver Streak Saver: Your 1 day streak ends in 1 hour! [timeSensitive]",
                // The run ends on 03-04 at 08:00; 03-04 is day 20516, 20516 mod 12 = 8: the ninth message.
                "2026-03-04T07:15 America/New_York kickoff Daily Kick-off: It's matchday! Fresh puzzles just came out of the tunnel. [active]",
            ])
    }
}

/// Every file in Examples/ runs with the recipes the tool ships, and renders in both formats.
@Suite struct AllExamplesTests {
    static func files() -> [String] {
        let folder = packageRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test func bothRecipeExamplesAreThere() {
        #expect(Set(Self.files()).isSuperset(of: ["streak-rescue.yaml", "study-reminders.yaml"]))
    }

    @Test(arguments: files())
    func exampleRuns(name: String) async throws {
        let result = try await runExample(name)
        #expect(!result.deliveries.isEmpty)
        #expect(result.peakPending <= result.platform.pendingLimit)
        #expect(TextReport.render(result).contains("Summary"))
        let json = try JSONSerialization.jsonObject(with: Data(try JSONReport.render(result).utf8)) as? [String: Any]
        #expect((json?["deliveries"] as? [Any])?.count == result.deliveries.count)
    }
}
