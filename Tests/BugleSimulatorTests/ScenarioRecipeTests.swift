import Bugle
import BugleSimulator
import Foundation
import Testing

/// A tiny game recipe: a daily reminder that `play` silences for the day.
struct TinyGameRecipe: ScenarioRecipe {
    static let name = "tiny-game"
    static let settingKeys = ["reminder"]
    static let eventKeys = ["play", "newDay"]

    let reminder: LocalTime

    init(settings: ScenarioObject, setup: ScenarioSetup) throws {
        reminder = try settings["reminder"]?.localTime() ?? LocalTime("09:00")
    }

    var rules: [any Rule] {
        [
            ScheduledRule(
                id: "play-today", schedule: .daily(reminder), content: NotificationContent(title: "Play today", body: ""),
                condition: .equals(key: "playedToday", value: false))
        ]
    }

    var initialState: AppState { ["playedToday": false] }

    func parseEvent(key: String, value: ScenarioValue) throws -> JSONValue {
        guard key == "play" else { return .null }
        let score = try value.int()
        guard score >= 0 else { throw value.error("\(value.path): a score is 0 or more") }
        return .int(score)
    }

    func handle(_ event: RecipeEvent, context: RecipeContext) async throws {
        switch event.key {
        case "play":
            await context.set("playedToday", true)
            context.note("played, score \(event.value)")
            try await context.refresh(context.markOpened())
        default:
            await context.set("playedToday", false)
            if context.launched { try await context.refresh(.dayChanged) }
        }
    }
}

@Suite struct ScenarioRecipeTests {
    let yaml = """
        start: 2026-03-01T07:00
        timeZone: Europe/Paris
        days: 3
        recipe: { name: tiny-game, reminder: "10:00" }
        events:
          - { at: 2026-03-01T07:00, open: {} }
          - { at: 2026-03-01T08:00, play: 42 }
          - { at: 2026-03-02T00:00, newDay: {} }
        """

    @Test func recipeRulesAndEventsDriveTheRun() async throws {
        let scenario = try ScenarioParser.parse(yaml, recipes: [TinyGameRecipe.self])
        let result = try await ScenarioRunner(scenario: scenario).run()
        let days = result.deliveries.map { localTime(of: $0).description }
        // Played on 03-01 before 10:00: no reminder that day; the new day brings it back.
        #expect(days == ["2026-03-02T10:00", "2026-03-03T10:00"])
        #expect(result.appEvents.contains { $0.text == "played, score 42" })
    }

    @Test func unknownRecipeIsNamed() throws {
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(yaml, recipes: []) }
        do {
            _ = try ScenarioParser.parse(yaml.replacingOccurrences(of: "tiny-game", with: "big-game"), recipes: [TinyGameRecipe.self])
        } catch let error as ScenarioError {
            #expect(error.message.contains("unknown recipe \"big-game\"; expected one of: tiny-game"))
            #expect(error.line == 4)
        }
    }

    @Test func recipeEventValuesAreCheckedWhenTheFileIsRead() throws {
        let bad = yaml.replacingOccurrences(of: "play: 42", with: "play: -3")
        do {
            _ = try ScenarioParser.parse(bad, recipes: [TinyGameRecipe.self])
            Issue.record("a negative score was accepted")
        } catch let error as ScenarioError {
            #expect(error.message.contains("a score is 0 or more"))
            #expect(error.line == 7)
        }
    }
}
