import Bugle
import BugleSimulator
import Foundation
import Testing

/// Examples/texts-and-holdout.yaml as the user sees it: the text the user answers comes to be
/// shown most evenings, held-out evenings show nothing, and the holdout measures a lift; and
/// every bad value of `copy:`, `holdout:` and the user's new keys is named with its line.
@Suite struct TextsAndHoldoutScenarioTests {
    static let favourite = "Five minutes of practice?"

    @Test func theAnsweredTextWinsAndHeldOutEveningsShowNothing() async throws {
        let result = try await ScenarioRunner(scenario: loadScenario(packageRoot.appendingPathComponent("Examples/texts-and-holdout.yaml").path)).run()
        let shown = result.deliveries.map { (day: $0.localTime.date.description, title: $0.title) }
        let held = result.dropped.filter { $0.reason == "holdout" }
        // Every evening of the 120 days is either shown or held out, never both.
        #expect(shown.count + held.count == 120)
        let heldDays = Set(held.map { ZoneRules(timeZone: TimeZone(identifier: "Europe/London")!, around: $0.at).localDate(at: $0.at).description })
        #expect(heldDays.isDisjoint(with: Set(shown.map(\.day))))
        #expect((15...35).contains(held.count), "\(held.count) of 120 held out")
        #expect(held.allSatisfy { $0.detail.hasPrefix("held out to measure lift: draw 0.") && $0.detail.hasSuffix("below 20 %") })
        // The first month: every text is shown; the last: mostly the one the user answers.
        let titles = Set(["Your words are waiting", Self.favourite, "Keep your streak going"])
        #expect(Set(shown.prefix(25).map(\.title)) == titles)
        let lastMonth = shown.filter { $0.day >= "2026-06-01" }
        #expect(lastMonth.filter { $0.title == Self.favourite }.count * 10 >= lastMonth.count * 6, "\(lastMonth.map(\.title))")
        #expect(Set(lastMonth.map(\.title)).count >= 2)
        // The user's own visits happen on evenings with and without the reminder.
        let visits = result.appEvents.filter { $0.text == "the user opens the app of their own accord" }
        #expect(visits.count >= 12)
    }

    @Test func theSameFileGivesTheSameEvenings() async throws {
        let path = packageRoot.appendingPathComponent("Examples/texts-and-holdout.yaml").path
        let first = try await ScenarioRunner(scenario: loadScenario(path)).run().deliveries.map { "\($0.id) \($0.title)" }
        let second = try await ScenarioRunner(scenario: loadScenario(path)).run().deliveries.map { "\($0.id) \($0.title)" }
        #expect(first == second)
    }

    static func error(_ yaml: String) -> String? {
        do {
            _ = try ScenarioParser.parse("start: 2026-03-02T06:00\ntimeZone: UTC\n" + yaml, file: "s.yaml")
            return nil
        } catch {
            return (error as? ScenarioError)?.description
        }
    }

    static func rule(_ copy: String, schedule: String = "daily: \"19:00\"") -> String {
        "rules:\n  - id: p\n    \(schedule)\n    title: P\n    copy: \(copy)\n"
    }

    static let two = "variants: [{ id: a, title: A }, { id: b, title: B }]"

    @Test(arguments: [
        (rule("{ variants: [{ id: a, title: A }] }"), "s.yaml:7:11: error: rules[0].copy: copy variants: variants: 1 is outside 2…50"),
        (
            rule("{ variants: [{ id: a, title: A }, { id: a, title: B }] }"),
            "s.yaml:7:11: error: rules[0].copy: copy variants: variants[1]: the id a is used twice"
        ),
        (
            rule("{ variants: [{ id: a, title: A }, { id: b, title: \" \" }] }"),
            "s.yaml:7:61: error: rules[0].copy.variants[1].title: a notification needs a title; found an empty one"
        ),
        (rule("{ \(two), recencyPenalty: 2 }"), "s.yaml:7:83: error: rules[0].copy.recencyPenalty: expected a number from 0 to 1, found \"2\""),
        (rule("{ \(two), recoveryHalfLife: 1h }"), "s.yaml:7:85: error: rules[0].copy.recoveryHalfLife: expected a duration from 12h to 90d, found \"1h\""),
        (
            rule("{ \(two), tone: warm }"),
            "s.yaml:7:67: error: rules[0].copy: unknown key \"tone\"; expected one of: variants, recencyPenalty, recoveryHalfLife, halfLife, attribution, priorWeight"
        ),
        (
            rule("{ \(two) }", schedule: "at: 2026-03-03T19:00"),
            "s.yaml:7:11: error: rules[0].copy: only a daily, weekly or every rule chooses among texts; p has at:"
        ),
        (
            "rules: []\npolicies: { holdout: { fraction: 0.9 } }\n",
            "s.yaml:4:34: error: policies.holdout.fraction: expected a number from 0.01 to 0.5, found \"0.9\""
        ),
        (
            "rules: []\npolicies: { holdout: { share: 0.1 } }\n",
            "s.yaml:4:24: error: policies.holdout: unknown key \"share\"; expected one of: fraction, attribution, rules"
        ),
        (
            "rules: []\nuser: { opens: \"19:00-21:00\", visits: { at: \"20:30\", chance: 1.5 } }\n",
            "s.yaml:4:62: error: user.visits.chance: expected a number from 0 to 1, found \"1.5\""
        ),
        (
            "rules: []\nuser: { opens: \"19:00-21:00\", chances: { A: -1 } }\n",
            "s.yaml:4:45: error: user.chances.A: expected a number from 0 to 1, found \"-1\""
        ),
    ])
    func badValuesAreNamedWithTheirLine(yaml: String, message: String) {
        #expect(Self.error(yaml) == message)
    }
}
