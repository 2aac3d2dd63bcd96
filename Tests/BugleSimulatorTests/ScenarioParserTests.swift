import Bugle
import BugleSimulator
import Foundation
import Testing

/// Bad scenarios get an error that names the place and what was expected.
@Suite struct ScenarioParserTests {
    func parseError(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioParser.parse(yaml, file: "s.yaml")
            return nil
        } catch let error as ScenarioError {
            return error
        } catch {
            return nil
        }
    }

    @Test func unknownTimeZoneIsNamedWithItsPosition() throws {
        let error = try #require(parseError("start: 2026-03-01T07:00\ntimeZone: Mars/Olympus\nrules: []\n"))
        #expect(error.line == 2 && error.column == 11)
        #expect(error.message.contains("Mars/Olympus"))
        #expect(error.description.hasPrefix("s.yaml:2:11: error:"))
    }

    @Test func badTimeOfDayIsNamed() throws {
        let error = try #require(parseError("start: 2026-03-01T07:00\ntimeZone: UTC\nrules:\n  - { id: a, daily: \"24:30\", title: t }\n"))
        #expect(error.line == 4)
        #expect(error.message.contains("\"24:30\" is not a time of day"))
    }

    @Test func misspelledKeyIsRejected() throws {
        let error = try #require(parseError("start: 2026-03-01T07:00\ntimeZone: UTC\nrules:\n  - id: a\n    dayly: \"08:00\"\n    title: t\n"))
        #expect(error.line == 5 && error.column == 5)
        #expect(error.message.contains("unknown key \"dayly\""))
    }

    @Test func malformedYAMLGivesLineAndColumn() throws {
        let error = try #require(parseError("start: 2026-03-01T07:00\ntimeZone: UTC\nrules: [ { id: a\n"))
        #expect(error.line != nil && error.column != nil)
        #expect(error.message.hasPrefix("invalid YAML"))
    }

    @Test func ruleWithTwoSchedulesIsRejected() throws {
        let error = try #require(
            parseError("start: 2026-03-01T07:00\ntimeZone: UTC\nrules:\n  - { id: a, daily: \"08:00\", at: 2026-03-02T08:00, title: t }\n"))
        #expect(error.message.contains("exactly one schedule"))
    }

    @Test func missingRequiredKeyIsNamed() throws {
        let error = try #require(parseError("timeZone: UTC\nrules: []\n"))
        #expect(error.message.contains("missing required key \"start\""))
    }

    @Test func invalidWeekdayIsNamed() throws {
        let error = try #require(
            parseError("start: 2026-03-01T07:00\ntimeZone: UTC\nrules:\n  - { id: a, weekly: { days: [MO, XX], time: \"08:00\" }, title: t }\n"))
        #expect(error.message.contains("\"XX\" is not a weekday"))
    }

    @Test func durationsAndConditionsParse() throws {
        let scenario = try ScenarioParser.parse(
            """
            start: 2026-03-01T07:00
            timeZone: UTC
            policies:
              minimumSpacing: 1h30m
              staleness: { key: fetchedAt, holdAfter: 3h, cancelAfter: 6h }
            rules:
              - id: a
                every: { days: 3, time: "09:00" }
                title: t
                when: { all: [ { key: streak, greaterThan: 0 }, { key: playedToday, equals: false } ] }
            """)
        let spacing = try #require(scenario.policies.compactMap { $0 as? MinimumSpacing }.first)
        #expect(spacing.interval == 5400)
        let rule = try #require(scenario.rules.first as? ScheduledRule)
        #expect(rule.condition?.evaluate(["streak": 3, "playedToday": false]) == true)
        #expect(rule.condition?.evaluate(["streak": 0, "playedToday": false]) == false)
    }

    @Test func eventsOutOfOrderAreRejectedWhenRun() async throws {
        let scenario = try ScenarioParser.parse(
            """
            start: 2026-03-01T07:00
            timeZone: UTC
            rules: []
            events:
              - { at: 2026-03-05T07:00, open: {} }
              - { at: 2026-03-02T07:00, open: {} }
            """, file: "order.yaml")
        await #expect(throws: ScenarioError.self) { try await ScenarioRunner(scenario: scenario).run() }
    }

    @Test func scenarioWithoutOpenPlansNothing() async throws {
        let result = try await simulate(
            """
            start: 2026-03-01T07:00
            timeZone: UTC
            rules:
              - { id: a, daily: "08:00", title: t }
            """)
        #expect(result.deliveries.isEmpty)
        #expect(result.calls.adds == 0)
    }
}
