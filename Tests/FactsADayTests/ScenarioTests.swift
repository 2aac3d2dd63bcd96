import Bugle
import BugleSimulator
import Foundation
import RecipeScenarios
import Testing

/// `recipe: facts-a-day` in scenario files, and Examples/facts-a-day.yaml.
@Suite struct FactsScenarioTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func berlin(_ date: Date) -> LocalDateTime {
        ZoneRules(timeZone: TimeZone(identifier: "Europe/Berlin")!, around: date).localDateTime(at: date)
    }

    @Test func theExampleSchedulesSixtyFourTopsUpAndReschedules() async throws {
        let scenario = try ScenarioParser.load(path: Self.root.appendingPathComponent("Examples/facts-a-day.yaml").path, recipes: RecipeCatalog.all)
        let result = try await ScenarioRunner(scenario: scenario).run()
        let notes = result.appEvents.map(\.text)
        #expect(notes.contains("64 facts scheduled; 64 upcoming (2026-03-02 to 2026-05-04); 6 never shown"))
        #expect(notes.contains("app opened: topped up 6 facts; 59 upcoming (2026-03-13 to 2026-05-10); 0 never shown"))
        #expect(notes.contains("58 facts scheduled; 58 upcoming (2026-03-14 to 2026-05-10); 0 never shown"))
        // One fact a day, 16 days; at 09:00 until 03-13, at 20:30 from 03-14.
        let times = result.deliveries.map { Self.berlin($0.at) }
        #expect(times.map(\.date) == (0..<16).map { LocalDate("2026-03-02").adding(days: $0) })
        #expect(times.prefix(12).allSatisfy { $0.time == LocalTime("09:00") })
        #expect(times.dropFirst(12).allSatisfy { $0.time == LocalTime("20:30") })
        #expect(Set(result.deliveries.map(\.body)).count == 16, "no fact twice")
    }

    /// The seed: "Limited to 64 on iOS, higher on Android". The same scenario, the example's
    /// timeline with 500 facts, plans 64 days ahead on iOS and 450 on Android (500 alarms less
    /// Bugle's margin of 50): the run's coverage horizons are 386 days apart. (With the
    /// scenario's default lookahead of 400 days, Android's plan would stop at 401.)
    @Test func androidsLargerBudgetPlansFurtherAhead() async throws {
        let example = try String(contentsOf: Self.root.appendingPathComponent("Examples/facts-a-day.yaml"), encoding: .utf8)
        let facts = (1...500).map { "\"Fact number \($0).\"" }.joined(separator: ", ")
        // The planner looks 400 days ahead by default: 450 daily facts need more.
        let ios = example.replacingOccurrences(
            of: "recipe: { name: facts-a-day, corpus: facts-a-day/facts-en.jsonl, seed: 7 }",
            with: "lookahead: 460d\nrecipe: { name: facts-a-day, seed: 7, facts: [\(facts)] }")
        #expect(ios != example)
        let android = ios.replacingOccurrences(of: "safetyMargin: 0\n", with: "platform: android\n")
        #expect(android != ios)

        /// What onboarding planned, and the last day it covers, from the app's line
        /// "64 facts scheduled; 64 upcoming (2026-03-02 to 2026-05-04); …".
        func onboarding(_ yaml: String) async throws -> (planned: Int, lastDay: LocalDate, delivered: Int) {
            let result = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)).run()
            let first = try #require(result.refreshes.first { $0.planned > 0 })
            let line = try #require(result.appEvents.map(\.text).first { $0.contains("facts scheduled;") })
            let range = try #require(line.range(of: " to "))
            let lastDay = try #require(TimeParsing.localDate(String(line[range.upperBound...].prefix(10))))
            return (first.planned, lastDay, result.deliveries.count)
        }
        let onIOS = try await onboarding(ios)
        let onAndroid = try await onboarding(android)
        #expect(onIOS.planned == 64)
        #expect(onAndroid.planned == 450)
        // One fact a day: each extra planned fact is one more day the app may stay closed.
        let lastOnIOS = onIOS.lastDay
        let lastOnAndroid = onAndroid.lastDay
        #expect(lastOnIOS == LocalDate("2026-05-04"))
        #expect(lastOnIOS.adding(days: onAndroid.planned - onIOS.planned) == lastOnAndroid)
        #expect(lastOnIOS.adding(days: 386) == lastOnAndroid)
        // The 16 days of the run are shown on both.
        #expect(onIOS.delivered == 16 && onAndroid.delivered == 16)
    }

    @Test func inlineFactsAndFewerThanSixtyFour() async throws {
        let yaml = """
            name: inline
            start: 2026-03-02T10:00
            timeZone: Europe/Berlin
            days: 4
            safetyMargin: 0
            recipe: { name: facts-a-day, facts: ["Octopuses have three hearts.", "Honey keeps for thousands of years.", "Venus spins backwards."] }
            events:
              - { at: 2026-03-02T10:05, onboard: { time: "09:00" } }
            """
        let result = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)).run()
        #expect(
            result.appEvents.map(\.text).contains("3 facts scheduled; 3 upcoming (2026-03-03 to 2026-03-05); 0 never shown"), "09:00 has passed: from tomorrow")
        #expect(result.deliveries.count == 3)
        #expect(result.deliveries.allSatisfy { $0.title == "Fact of the day" })
    }

    /// Deleted and installed again after 3 facts: the system keeps the 61 still to come, and
    /// onboarding again keeps them, so each day shows the fact it was going to show.
    @Test func aReinstallKeepsTheFactsStillPending() async throws {
        let yaml = """
            name: reinstall
            start: 2026-03-02T08:00
            timeZone: Europe/Berlin
            days: 8
            safetyMargin: 0
            recipe: { name: facts-a-day, corpus: \(Self.root.appendingPathComponent("Examples/facts-a-day/facts-en.jsonl").path), seed: 3 }
            events:
              - { at: 2026-03-02T08:30, onboard: { time: "09:00" } }
              - { at: 2026-03-04T12:00, reinstall: {} }
              - { at: 2026-03-04T12:01, open: {} }
              - { at: 2026-03-04T12:05, onboard: { time: "09:00" } }
            """
        let kept = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)).run()
        let notes = kept.appEvents.map(\.text)
        #expect(notes.contains("reinstall: the app's storage is gone; 61 fact notifications still pending in the system"))
        // 61 kept, 3 new after them; the 3 shown before are not known any more, so 6 never shown.
        #expect(notes.contains("64 facts scheduled; 64 upcoming (2026-03-05 to 2026-05-07); 6 never shown"))
        // Without the reinstall (and its second onboarding), the same days show the same facts.
        let withoutReinstall = yaml.split(separator: "\n").filter { !$0.contains("reinstall") && !$0.contains("12:05") }.joined(separator: "\n")
        let plain = try await ScenarioRunner(scenario: ScenarioParser.parse(withoutReinstall, recipes: RecipeCatalog.all)).run()
        #expect(kept.deliveries.count == 8)
        #expect(kept.deliveries.map(\.body) == plain.deliveries.map(\.body))
        #expect(Set(kept.deliveries.map(\.body)).count == 8, "no fact twice")
    }

    /// No fact to schedule: the user is told, onboarding stays incomplete, and the app goes on.
    @Test func noFactsToScheduleIsToldAndTheRunGoesOn() async throws {
        let yaml = """
            name: no facts for the language
            start: 2026-03-02T08:00
            timeZone: Europe/Berlin
            days: 2
            recipe: { name: facts-a-day, facts: [] }
            events:
              - { at: 2026-03-02T08:30, onboard: { time: "09:00" } }
              - { at: 2026-03-02T10:00, open: {} }
            """
        let result = try await ScenarioRunner(scenario: ScenarioParser.parse(yaml, recipes: RecipeCatalog.all)).run()
        let notes = result.appEvents.map(\.text)
        #expect(
            notes.contains(
                "alert \"No Facts Available\": There are no facts for the categories and difficulty you chose, so there is nothing to send. Choose other categories or another difficulty."
            ))
        #expect(notes.contains("app opened"))
        #expect(result.deliveries.isEmpty)
    }

    @Test func aScenarioWithoutFactsIsRefusedWithItsLine() throws {
        let yaml = """
            name: no facts
            start: 2026-03-02T10:00
            timeZone: Europe/Berlin
            days: 1
            recipe: { name: facts-a-day }
            """
        #expect(throws: ScenarioError.self) { try ScenarioParser.parse(yaml, recipes: RecipeCatalog.all) }
    }
}
