// swift-format-ignore-file
// The code of DocC articles, kept as the articles show it (ArticleCodeTests, TutorialCodeTests).
import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// `kind: bedtime`: a reminder to wind down half an hour before the bedtime that leaves
/// `sleep` before `wake`.
struct BedtimeRuleKind: ScenarioRuleKind {
    static let name = "bedtime"
    static let keys = ["wake", "sleep"]

    static func rule(id: String, entry: ScenarioObject, setup: ScenarioSetup) throws -> any Rule {
        let wake = try entry.required("wake").localTime()
        let sleep = try entry.required("sleep").duration(in: 3_600...43_200)
        let windDown = ((wake.secondOfDay - Int(sleep) - 1_800) % 86_400 + 86_400) % 86_400
        let time = (try? LocalTime(hour: windDown / 3_600, minute: windDown / 60 % 60)) ?? .midnight
        return ScheduledRule(id: id, schedule: .daily(time),
                             content: NotificationContent(title: "Wind down", body: "Lights out in 30 minutes"))
    }
}

/// `recipe: sleep-log`: the user logs each night; after a short one, a nap reminder.
struct SleepLogRecipe: ScenarioRecipe {
    static let name = "sleep-log"
    static let settingKeys = ["napAt"]
    static let eventKeys = ["logNight"]

    let napAt: LocalTime

    init(settings: ScenarioObject, setup: ScenarioSetup) throws {
        napAt = try settings["napAt"]?.localTime() ?? LocalTime("14:00")
    }

    var rules: [any Rule] {
        [ScheduledRule(id: "nap", schedule: .daily(napAt),
                       content: NotificationContent(title: "Short night?", body: "A 20-minute nap helps"),
                       condition: .equals(key: "shortNight", value: true))]
    }

    var initialState: AppState { ["shortNight": false] }

    /// `logNight: { hours: 6.5 }`, checked when the file is read.
    func parseEvent(key: String, value: ScenarioValue) throws -> JSONValue {
        .double(try value.object(["hours"]).required("hours").double(in: 0...24))
    }

    func handle(_ event: RecipeEvent, context: RecipeContext) async throws {
        guard case .double(let hours) = event.value else { return }
        context.note("logged a night of \(hours) hours")
        await context.set("shortNight", .bool(hours < 7))
        // The user opened the app to log the night.
        try await context.refresh(context.markOpened())
    }
}

let shortNightScenario = """
name: A short night
start: 2026-03-02T07:00
timeZone: Europe/Paris
days: 2
recipe: { name: sleep-log, napAt: "14:00" }
rules:
  - { id: wind-down, kind: bedtime, wake: "07:00", sleep: 8h }
events:
  - { at: 2026-03-02T07:30, logNight: { hours: 6 } }
  - { at: 2026-03-03T07:30, logNight: { hours: 8 } }
"""

@Test func aShortNightBringsANapReminder() async throws {
    let scenario = try ScenarioParser.parse(shortNightScenario, recipes: [SleepLogRecipe.self], ruleKinds: [BedtimeRuleKind.self])
    let result = try await ScenarioRunner(scenario: scenario).run()
    #expect(result.deliveries.map { "\($0.localTime) \($0.title)" } == [
        "2026-03-02T14:00 Short night?",
        "2026-03-02T22:30 Wind down",
        "2026-03-03T22:30 Wind down",
    ])
}

/// An app's own recipe and rule kind in scenarios, defined here, outside the package's
/// recipe targets, as an app's test target would.
@Suite struct OwnRecipeTests {
    func parse(_ text: String, recipes: [any ScenarioRecipe.Type] = [SleepLogRecipe.self]) throws -> Scenario {
        try ScenarioParser.parse(text, recipes: recipes, ruleKinds: [BedtimeRuleKind.self])
    }

    @Test func theRunShowsWhatTheUserSawAndDid() async throws {
        let result = try await ScenarioRunner(scenario: parse(shortNightScenario)).run()
        #expect(result.deliveries.map(\.id) == ["bugle.nap@2026-03-02", "bugle.wind-down@2026-03-02", "bugle.wind-down@2026-03-03"])
        #expect(result.deliveries.map(\.body) == ["A 20-minute nap helps", "Lights out in 30 minutes", "Lights out in 30 minutes"])
        #expect(result.appEvents.map(\.text).filter { $0.hasPrefix("logged") } == ["logged a night of 6.0 hours", "logged a night of 8.0 hours"])
        // The second night was long enough: the next day's nap was taken off the pending list.
        #expect(result.dropped.contains { $0.id == "bugle.nap@2026-03-03" && $0.reason == "condition" })
    }

    @Test func ownRecipesJoinTheShippedOnes() async throws {
        let shipped = try parse(shortNightScenario, recipes: RecipeCatalog.all + [SleepLogRecipe.self])
        #expect(shipped.recipe is SleepLogRecipe)
        #expect(shipped.rules.map(\.id) == ["nap", "wind-down"])
    }

    @Test func theBedtimeKindWrapsPastMidnight() throws {
        let scenario = try parse(shortNightScenario.replacingOccurrences(of: "wake: \"07:00\", sleep: 8h", with: "wake: \"05:00\", sleep: 4h30m"))
        let rule = try #require(scenario.rules.last as? ScheduledRule)
        guard case .daily(let time) = rule.schedule else { Issue.record("expected a daily schedule, found \(rule.schedule)"); return }
        #expect(time.description == "00:00")
    }

    @Test(arguments: [
        ("sleep: 8h", "sleep: 20h", 7, "rules[0].sleep: expected a duration from 1h to 12h, found \"20h\""),
        ("kind: bedtime", "kind: nightcap", 7, "rules[0].kind: unknown rule kind \"nightcap\"; expected one of: bedtime"),
        ("sleep: 8h", "sleep: 8h, title: Bed", 7, "rules[0]: unknown key \"title\"; expected one of: id, kind, wake, sleep"),
        ("hours: 6 }", "hours: lots }", 9, "events[0].logNight.hours: expected a number from 0 to 24, found \"lots\""),
        ("napAt: \"14:00\"", "napAt: \"2pm\"", 5, "recipe.napAt: \"2pm\" is not a time of day"),
    ])
    func mistakesInTheAppsOwnKeysAreReportedWithTheirLine(from: String, to: String, line: Int, message: String) throws {
        let text = shortNightScenario.replacingOccurrences(of: from, with: to)
        #expect(text != shortNightScenario)
        do {
            _ = try parse(text)
            Issue.record("accepted: \(to)")
        } catch let error as ScenarioError {
            #expect(error.line == line)
            #expect(error.message.contains(message), "\(error.message)")
        }
    }

    @Test func aKindNobodyPassedIsRefused() throws {
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(shortNightScenario, recipes: [SleepLogRecipe.self]) }
        do {
            _ = try ScenarioParser.parse(shortNightScenario, recipes: [SleepLogRecipe.self])
        } catch let error as ScenarioError {
            #expect(error.message.contains("unknown rule kind \"bedtime\"; expected one of: (none available here)"))
        }
    }

    @Test func aKindMustKeepTheEntrysID() throws {
        struct Renaming: ScenarioRuleKind {
            static let name = "renaming"
            static let keys: [String] = []
            static func rule(id: String, entry: ScenarioObject, setup: ScenarioSetup) throws -> any Rule {
                ScheduledRule(id: id + "-2", schedule: .daily(.midnight), content: NotificationContent(title: "T", body: ""))
            }
        }
        let text = "start: 2026-03-02T07:00\ntimeZone: UTC\nrules:\n  - { id: a, kind: renaming }\n"
        #expect { try ScenarioParser.parse(text, ruleKinds: [Renaming.self]) } throws: { error in
            "\(error)".contains("the rule kind renaming made a rule with id \"a-2\"; expected \"a\"")
        }
    }
}
